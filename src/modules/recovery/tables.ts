import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { RecoveryKind, SessionFields } from '../../shared/recovery'
import type { TrackingParams } from '../../shared/tracking'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
export type MessageStep = 'FIRST' | 'SECOND' | 'REFUSED' | 'EXPIRED'
export interface SessionBump {
  id: string
  name: string
  priceCents: number
}

export interface RecoveryTables {
  recovery_settings: {
    store_id: string
    enabled: Generated<boolean>
    first_delay_minutes: Generated<number>
    second_delay_minutes: Generated<number>
    updated_at: Timestamp
  }
  checkout_sessions: {
    id: string
    store_id: string
    product_id: string
    customer_name: string | null
    customer_email: string | null
    customer_phone: string | null
    step: Generated<number>
    fields: ColumnType<SessionFields, string, string>
    bumps: ColumnType<SessionBump[], string, string>
    value_cents: Generated<number>
    tracking: ColumnType<TrackingParams, string | undefined, string>
    consent_at: NullableTimestamp
    consent_text: string | null
    kind: Generated<RecoveryKind>
    status: Generated<'OPEN' | 'CONVERTED'>
    order_id: string | null
    scheduled_at: NullableTimestamp
    abandoned_at: NullableTimestamp
    restored_at: NullableTimestamp
    converted_at: NullableTimestamp
    recovered_at: NullableTimestamp
    recovered_cents: number | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  recovery_messages: {
    session_id: string
    step: MessageStep
    store_id: string
    status: 'CLAIMED' | 'SENT' | 'SKIPPED' | 'FAILED'
    reason: string | null
    attempts: Generated<number>
    claimed_at: Timestamp
    sent_at: NullableTimestamp
    last_error: string | null
  }
  recovery_opt_outs: { store_id: string; email: string; created_at: Generated<Date> }
  recovery_daily: {
    store_id: string
    day: string
    kind: RecoveryKind
    orders: number
    revenue_cents: number
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<RecoveryTables>
export type Trx = Transaction<RecoveryTables>
export type DbOrTrx = Db | Trx
