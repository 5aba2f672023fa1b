import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { ShipmentEventKind, ShipmentStatus } from '../../shared/fulfilment'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface FulfilmentTables {
  shipments: {
    id: Generated<string>
    store_id: string
    order_id: string
    kind: 'LABEL' | 'MANUAL'
    carrier: string
    service_id: number | null
    tracking_code: string | null
    tracking_url: string | null
    me_order_id: string | null
    me_protocol: string | null
    label_pdf: Buffer | null
    status: ShipmentStatus
    error: string | null
    next_poll_at: NullableTimestamp
    shipped_at: NullableTimestamp
    delivered_at: NullableTimestamp
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  /** What happened to an order's shipment besides shipped and delivered: the merchant reads it under 'Envio'. */
  shipment_events: {
    id: Generated<string>
    store_id: string
    order_id: string
    kind: ShipmentEventKind
    message: string
    created_at: ColumnType<Date, Date | string | undefined, never>
  }
}

export type Db = Kysely<FulfilmentTables>
export type Trx = Transaction<FulfilmentTables>
export type DbOrTrx = Db | Trx
