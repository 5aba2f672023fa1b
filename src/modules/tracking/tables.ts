import type { Generated, Kysely, Transaction } from 'kysely'
import type { DeliveryColumns } from '../../platform/delivery-claim'
import type { Timestamp } from '../../platform/tables'
import type { DELIVERY_STATES, ServerEvent } from '../../shared/pixel'

export type PixelDeliveryState = (typeof DELIVERY_STATES)[number]

export interface TrackingTables {
  pixel_configs: {
    store_id: string
    pixel_id: Generated<string>
    access_token_encrypted: string | null
    access_token_masked: string | null
    active: Generated<boolean>
    track_page_view: Generated<boolean>
    track_add_to_cart: Generated<boolean>
    track_initiate_checkout: Generated<boolean>
    track_purchase: Generated<boolean>
    track_lead: Generated<boolean>
    track_complete_registration: Generated<boolean>
    test_event_code: string | null
    updated_at: Timestamp
  }
  pixel_deliveries: DeliveryColumns<PixelDeliveryState> & {
    store_id: string
    order_id: string
    order_number: string
    event_name: ServerEvent
    event_id: string
    product_id: string | null
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<TrackingTables>
export type Trx = Transaction<TrackingTables>
export type DbOrTrx = Db | Trx
