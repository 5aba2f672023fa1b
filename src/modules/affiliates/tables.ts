import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Json } from '../../platform/tables'
import type {
  AffiliationStatus,
  AttributionRule,
  CommissionRole,
  CommissionStatus,
  LedgerBucket,
  LedgerKind,
  PayoutStatus,
  ReleaseDays,
} from '../../shared/affiliates'

type Cents = ColumnType<number, number, number>
type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>
type Time = ColumnType<Date, Date | undefined, Date>

export interface AffiliatesTables {
  affiliate_programs: {
    product_id: string
    store_id: string
    enabled: boolean
    commission_bps: number
    cookie_days: number | null
    attribution: AttributionRule
    auto_approve: boolean
    release_days: Json<ReleaseDays>
    recurring: ColumnType<boolean, boolean | undefined, boolean>
    updated_at: Time
  }
  affiliations: {
    id: Generated<string>
    store_id: string
    product_id: string
    user_id: string
    code: string
    status: AffiliationStatus
    created_at: Time
    updated_at: Time
  }
  affiliate_clicks: {
    id: Generated<string>
    affiliation_id: string
    product_id: string
    visitor_id: string
    ip_hash: string
    user_agent: string | null
    utm: Json<Record<string, string>>
    clicked_at: Date
  }
  affiliate_attributions: {
    order_id: string
    store_id: string
    affiliation_id: string
    click_id: string
    commission_bps: number
    release_days: Json<ReleaseDays>
    recurring: ColumnType<boolean, boolean | undefined, boolean>
    /** A renewal's attribution: the subscription's first order it was copied from. */
    renews_order_id: ColumnType<string | null, string | null | undefined, string | null>
    created_at: Time
  }
  commissions: {
    id: Generated<string>
    store_id: string
    order_id: string
    account: string
    role: CommissionRole
    affiliation_id: string | null
    amount_cents: Cents
    reversed_cents: ColumnType<number, number | undefined, number>
    status: CommissionStatus
    release_at: Date
    released_at: NullableTime
    /** The gateway paid this share to the partner's wallet (split at charge time): never withdrawable here. */
    gateway_wallet_id: ColumnType<string | null, string | null | undefined, string | null>
    created_at: Time
  }
  affiliate_payout_settings: {
    user_id: string
    asaas_wallet_id: string | null
    updated_at: Time
  }
  affiliate_gateway_splits: {
    order_id: string
    account: string
    wallet_id: string
    amount_cents: Cents
    created_at: Time
    payment_account_id: ColumnType<string | null, string | null | undefined, string | null>
  }
  coproducers: {
    id: Generated<string>
    store_id: string
    product_id: string
    email: string
    user_id: string | null
    share_bps: number
    status: ColumnType<'INVITED' | 'ACTIVE', 'INVITED' | undefined, 'INVITED' | 'ACTIVE'>
    ends_at: NullableTime
    created_at: Time
  }
  affiliate_payouts: {
    id: Generated<string>
    user_id: string
    amount_cents: Cents
    pix_key: string
    status: ColumnType<PayoutStatus, 'REQUESTED' | undefined, PayoutStatus>
    created_at: Time
    reviewed_by: ColumnType<string | null, never, string | null>
    approved_at: ColumnType<Date | null, never, Date>
    paid_at: ColumnType<Date | null, never, Date>
    rejected_at: ColumnType<Date | null, never, Date>
    rejection_reason: ColumnType<string | null, never, string | null>
    transfer_id: ColumnType<string | null, never, string | null>
    /** CREATING until Asaas answered; then Asaas's own status (PENDING, BANK_PROCESSING, DONE, FAILED, CANCELLED). */
    transfer_status: ColumnType<string | null, never, string | null>
    transfer_attempted_at: ColumnType<Date | null, never, Date | null>
    failure_reason: ColumnType<string | null, never, string | null>
    failed_at: ColumnType<Date | null, never, Date>
  }
  affiliate_platform_fee: {
    id: ColumnType<boolean, boolean | undefined, never>
    percent_bps: number
    fixed_cents: number
    updated_by: string | null
    updated_at: Time
  }
  ledger_transactions: {
    id: Generated<string>
    key: string
    store_id: string
    order_id: string | null
    kind: Exclude<LedgerKind, 'FEE'>
    created_at: Date
  }
  ledger_entries: {
    id: Generated<string>
    transaction_id: string
    store_id: string
    order_id: string | null
    commission_id: string | null
    account: string
    bucket: LedgerBucket
    kind: LedgerKind
    amount_cents: Cents
    created_at: Date
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<AffiliatesTables>
export type Trx = Transaction<AffiliatesTables>
export type DbOrTrx = Db | Trx
