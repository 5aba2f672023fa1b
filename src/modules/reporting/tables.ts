import type { Kysely, Transaction } from 'kysely'
/** The reporting read model: per-day rollups and per-store buyers, kept by the ordering events (see rollups.ts). */
export interface ReportingTables {
  reporting_order_facts: {
    order_id: string
    store_id: string
    /** São Paulo calendar day (YYYY-MM-DD) the order was placed. */
    day: string
    payment_method: string
    status: string
    total_cents: number
    customer_email: string
    last_event_id: string | null
    updated_at: Date
  }
  reporting_daily: {
    store_id: string
    day: string
    payment_method: string
    status: string
    orders: number
    total_cents: number
  }
  reporting_customers: {
    store_id: string
    customer_email: string
    orders: number
    first_day: string
    last_day: string
  }
  reporting_customer_days: {
    store_id: string
    day: string
    last_seen: number
    returning_last_seen: number
    first_seen: number
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<ReportingTables>
export type Trx = Transaction<ReportingTables>
export type DbOrTrx = Db | Trx
