import type { ColumnType, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { Sender, ZonesMode } from '../../shared/melhor-envio'

export interface ShippingTables {
  melhor_envio_settings: {
    store_id: string
    token_encrypted: string | null
    token_masked: string | null
    origin_cep: string
    services: number[]
    markup_type: 'FIXED' | 'PERCENT'
    markup_amount: number
    free_above_cents: ColumnType<number | null, number | null, number | null>
    sender: ColumnType<Sender | null, string | null, string | null>
    active: boolean
    zones_mode: ColumnType<ZonesMode, ZonesMode | undefined, ZonesMode>
    updated_at: Timestamp
  }
  shipping_quotes: {
    store_id: string
    origin_cep: string
    destination_cep: string
    package_key: string
    service_id: number
    name: string
    price_cents: number
    days: number
    quoted_at: ColumnType<Date, Date | string, Date | string>
  }
}

/** This module's view of the database: its own tables only. */
export type Db = Kysely<ShippingTables>
export type Trx = Transaction<ShippingTables>
export type DbOrTrx = Db | Trx
