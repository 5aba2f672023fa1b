import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Json, Timestamp } from '../../platform/tables'
import type { AccountFees } from '../../shared/payment-accounts'
import type { PaymentMethod } from '../../shared/payments'
import type { GatewayProvider } from './gateway-port'

export type AccountMethod = 'pix' | 'credit_card' | 'bank_slip'

type Nullable<T> = T | null

/** Our transaction states: the public ones plus CREATING (gateway not answered yet) and FAILED (creation rejected). */
export type TransactionRowStatus =
  | 'CREATING'
  | 'FAILED'
  | 'PENDING'
  | 'PAID'
  | 'REFUSED'
  | 'EXPIRED'
  | 'CANCELLED'
  | 'REFUNDED'

export type ChargePurpose = 'ORDER' | 'TEST'

export interface StoredChargeRequest {
  customer: {
    name: string
    email: string
    phone: string
    document: string
    postalCode?: string
    addressNumber?: string
  }
  items: { title: string; unitPriceCents: number; quantity: number; tangible: boolean; externalRef: string }[]
  ip?: string
  metadata?: Record<string, string>
  expiresInDays?: number
}

export interface PaymentsTables {
  payment_configs: {
    store_id: string
    api_key_encrypted: Nullable<string>
    api_key_masked: Nullable<string>
    active: Generated<boolean>
    pix_enabled: Generated<boolean>
    credit_card_enabled: Generated<boolean>
    boleto_enabled: Generated<boolean>
    credit_card_max_installments: Generated<number>
    boleto_expiration_days: Generated<number>
    /** Discounts per method and the interest rules, basis points (migration 0140). */
    pix_discount_bp: Generated<number>
    boleto_discount_bp: Generated<number>
    interest_free_installments: Generated<number | null>
    monthly_interest_bp: Generated<number>
    last_checked_at: Nullable<Date>
    last_check_error: Nullable<string>
    /** The store has an active gateway account: its methods are on without a key on this row (migration 0200). */
    routed: Generated<boolean>
    /** Every active card account keeps cards (its gateway has cardOnFile): the card step offers to save the card. */
    card_on_file: Generated<boolean>
    /** A card account needs the holder's CEP and house number (migration 0281): the digital checkout asks them. */
    card_holder_address: Generated<boolean>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  payment_accounts: {
    id: Generated<string>
    store_id: string
    provider: GatewayProvider
    label: string
    api_key_encrypted: string
    api_key_masked: string
    webhook_token_encrypted: Nullable<string>
    methods: ColumnType<AccountMethod[], AccountMethod[] | undefined, AccountMethod[]>
    priority: number
    active: Generated<boolean>
    last_checked_at: Nullable<Date>
    last_check_error: Nullable<string>
    created_at: Generated<Date>
    updated_at: Timestamp
    /** The gateway's fee per method (issue 37): withheld from the net an order's split shares. */
    fees: ColumnType<AccountFees, string | undefined, string>
  }
  payment_gateway_events: {
    account_id: string
    event_id: string
    created_at: Generated<Date>
  }
  payment_instruments: {
    id: Generated<string>
    store_id: string
    buyer_email: string
    account_id: string
    token_encrypted: string
    customer_ref: Nullable<string>
    brand: string
    last4: string
    exp_month: number
    exp_year: number
    expires_at: Nullable<Date>
    created_at: Generated<Date>
  }
  payment_transactions: {
    id: Generated<string>
    store_id: string
    order_ref: string
    gateway_id: Nullable<string>
    method: PaymentMethod
    amount_cents: number
    installments: Nullable<number>
    status: Generated<TransactionRowStatus>
    pix_code: Nullable<string>
    pix_expires_at: Nullable<Date>
    boleto_url: Nullable<string>
    boleto_line: Nullable<string>
    payment_url: Nullable<string>
    expires_at: Nullable<Date>
    card_last4: Nullable<string>
    card_brand: Nullable<string>
    refused_reason: Nullable<string>
    error_message: Nullable<string>
    request: Json<StoredChargeRequest>
    sandbox: Generated<boolean>
    /** ORDER: opened by ordering for the order in order_ref; TEST: the merchant's test page, never an order's. */
    purpose: Generated<ChargePurpose>
    /** While in CREATING: until when the request talking to the gateway owns the call (renewed as it lasts). */
    create_lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
    paid_at: Nullable<Date>
    /** The gateway account that made (or is making) the charge; null: the configuration screen's key. */
    account_id: ColumnType<string | null, string | null | undefined, string | null>
    /** REFUNDED by a card chargeback rather than a refund (gateway-client.ts `chargedBack`). */
    charged_back: Generated<boolean>
    /** Reconciliation: how often the gateway was asked about this PENDING charge, and not before when again. */
    reconcile_attempts: Generated<number>
    reconcile_after: Nullable<Date>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  payment_sandbox_transactions: {
    id: Generated<string>
    account: string
    status: string
    amount: number
    payment_method: string
    installments: Nullable<number>
    pix_qrcode: Nullable<string>
    pix_expiration_date: Nullable<Date>
    boleto_url: Nullable<string>
    boleto_digitable_line: Nullable<string>
    boleto_barcode: Nullable<string>
    boleto_due_date: Nullable<string>
    card_last_digits: Nullable<string>
    card_brand: Nullable<string>
    /** A reusable token of the card (asked with card.tokenize); only its own account can charge it. */
    card_token: ColumnType<string | null, string | null | undefined, string | null>
    refused_reason: Nullable<string>
    customer: Json
    items: Json
    metadata: ColumnType<unknown, string | null, string | null>
    external_ref: Nullable<string>
    ip: Nullable<string>
    postback_url: Nullable<string>
    paid_at: Nullable<Date>
    refunded_amount: Generated<number>
    refunds: ColumnType<SandboxRefund[], string | undefined, string>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  payment_pix_authorizations: {
    id: Generated<string>
    store_id: string
    account_id: Nullable<string>
    gateway_id: string
    customer_email: string
    customer_ref: Nullable<string>
    contract_ref: string
    frequency: string
    amount_cents: Nullable<number>
    first_amount_cents: number
    status: Generated<string>
    qrcode: Nullable<string>
    qr_expires_at: Nullable<Date>
    first_paid_at: Nullable<Date>
    cancelled_by: Nullable<string>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  /** The order a PIX Automático authorisation's QR or a recurring charge pays (pix_id: ours of either). */
  payment_pix_order_refs: {
    pix_id: string
    order_ref: string
    created_at: Generated<Date>
  }
  payment_pix_charges: {
    id: Generated<string>
    store_id: string
    authorization_id: string
    gateway_id: Nullable<string>
    external_ref: string
    amount_cents: number
    due_date: string
    original_due_date: string
    retry: Generated<number>
    status: Generated<string>
    paid_at: Nullable<Date>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  payment_sandbox_pix_authorizations: {
    id: string
    api_key: string
    contract_ref: string
    customer_ref: string
    amount_cents: number | null
    first_amount_cents: number
    status: Generated<string>
    qrcode: string
    qr_expires_at: Date
    first_paid_at: Nullable<Date>
    cancellation_reason: Nullable<string>
    insufficient_funds: Generated<boolean>
    created_at: Generated<Date>
  }
  payment_sandbox_pix_charges: {
    id: string
    api_key: string
    authorization_id: string
    amount_cents: number
    due_date: string
    external_ref: string
    status: Generated<string>
    paid_at: Nullable<Date>
    created_at: Generated<Date>
  }
  payment_sandbox_pix_refunds: {
    id: string
    api_key: string
    payment_id: string
    amount_cents: number
    external_ref: Nullable<string>
    created_at: Generated<Date>
  }
  payment_refunds: {
    transaction_id: string
    gateway_refund_id: string
    amount_cents: number
    external_ref: Nullable<string>
    created_at: Generated<Date>
  }
}

/** A refund as the sandbox gateway keeps and reports it. */
export interface SandboxRefund {
  id: string
  amount: number
  reason: string | null
  externalRef: string | null
  status: 'REFUNDED'
  createdAt: string
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<PaymentsTables>
export type Trx = Transaction<PaymentsTables>
export type DbOrTrx = Db | Trx
