import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DeliveryChannel, DeliveryClaim, DeliveryOutcome } from '../../platform/delivery-claim'
import * as deliveryClaim from '../../platform/delivery-claim'
import { deliveryLogRows } from '../../platform/delivery-log'
import { findSettingsRow, ownersSwitchedOn, upsertSettingsRow } from '../../platform/settings-row'
import type { ServerEvent } from '../../shared/pixel'
import type { DbOrTrx, TrackingTables } from './tables'

type Tables = TrackingTables
export type PixelConfigRow = Selectable<Tables['pixel_configs']>
export type PixelDeliveryRow = Selectable<Tables['pixel_deliveries']>
export type PixelConfigValues = Omit<Insertable<Tables['pixel_configs']>, 'store_id' | 'updated_at'>

export async function findConfig(db: DbOrTrx, storeId: string): Promise<PixelConfigRow | undefined> {
  return findSettingsRow<PixelConfigRow>(db, 'pixel_configs', ['store_id', storeId])
}

/** Of these stores, those that may send server events (pixel on, access token saved). */
export async function storesWithServerEvents(db: DbOrTrx, storeIds: string[]): Promise<Set<string>> {
  return ownersSwitchedOn(db, 'pixel_configs', 'store_id', storeIds, ['access_token_encrypted'])
}

export async function upsertConfig(db: DbOrTrx, storeId: string, values: PixelConfigValues): Promise<PixelConfigRow> {
  return upsertSettingsRow<PixelConfigRow>(db, 'pixel_configs', ['store_id', storeId], values)
}

export interface DeliveryKey {
  storeId: string
  orderId: string
  orderNumber: string
  eventName: ServerEvent
  eventId: string
  productId: string
}

export type Claim = DeliveryClaim<PixelDeliveryRow>

/** Conversions API deliveries: one per (order, event). */
export const pixelChannel = (staleMs: number): DeliveryChannel => ({
  table: 'pixel_deliveries',
  key: ['order_id', 'event_name'],
  claimable: ['RETRY'],
  staleMs,
})

/**
 * Takes the (order, event) delivery for this worker: a new one, one waiting for a retry, or one whose worker died
 * (SENDING for longer than `staleMs`). SENT, FAILED and SKIPPED are settled for good; a fresh SENDING is busy.
 */
export async function claimDelivery(db: DbOrTrx, key: DeliveryKey, staleMs: number): Promise<Claim> {
  return deliveryClaim.claimDelivery<PixelDeliveryRow>(db, pixelChannel(staleMs), {
    store_id: key.storeId,
    order_id: key.orderId,
    order_number: key.orderNumber,
    event_name: key.eventName,
    event_id: key.eventId,
    product_id: key.productId,
  })
}

/** The outcome of a claimed attempt; false when the claim went stale and another worker holds the row now. */
export async function settleDelivery(
  db: DbOrTrx,
  claim: Pick<PixelDeliveryRow, 'id' | 'attempts'>,
  outcome: Pick<Updateable<Tables['pixel_deliveries']>, 'state' | 'sent_at'> & DeliveryOutcome,
): Promise<boolean> {
  return deliveryClaim.settleDelivery(db, pixelChannel(0), claim, outcome)
}

export async function staleDeliveries(db: DbOrTrx, staleMs: number, limit?: number): Promise<PixelDeliveryRow[]> {
  return deliveryClaim.staleClaims<PixelDeliveryRow>(db, pixelChannel(staleMs), limit)
}

export async function listDeliveries(db: DbOrTrx, storeId: string, limit: number): Promise<PixelDeliveryRow[]> {
  return deliveryLogRows<PixelDeliveryRow>(db, { table: 'pixel_deliveries', owner: ['store_id', storeId] }, limit)
}
