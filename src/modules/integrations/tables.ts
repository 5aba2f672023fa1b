import type { Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { DeliveryState, UtmfyStatus } from '../../shared/integrations'

export interface IntegrationsTables {
  utmfy_configs: {
    store_id: string
    api_key_encrypted: string | null
    api_key_masked: string | null
    active: Generated<boolean>
    updated_at: Timestamp
  }
  utmfy_deliveries: {
    id: Generated<string>
    store_id: string
    order_id: string
    order_number: string
    status: UtmfyStatus
    state: Generated<DeliveryState>
    attempts: Generated<number>
    http_status: number | null
    error: string | null
    is_test: Generated<boolean>
    claimed_at: Date | null
    sent_at: Date | null
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<IntegrationsTables>
export type Trx = Transaction<IntegrationsTables>
export type DbOrTrx = Db | Trx
