import type { Selectable, Updateable } from 'kysely'
import type { DeliveryChannel, DeliveryClaim, DeliveryOutcome } from '../../platform/delivery-claim'
import * as deliveryClaim from '../../platform/delivery-claim'
import { deliveryLogPage } from '../../platform/delivery-log'
import { findSettingsRow, ownersSwitchedOn, upsertSettingsRow } from '../../platform/settings-row'
import type { UtmifyStatus } from '../../shared/integrations'
import type { DbOrTrx, IntegrationsTables } from './tables'

type Tables = IntegrationsTables
export type UtmifyConfigRow = Selectable<Tables['utmify_configs']>
export type DeliveryRow = Selectable<Tables['utmify_deliveries']>

export async function findConfig(db: DbOrTrx, storeId: string): Promise<UtmifyConfigRow | undefined> {
  return findSettingsRow<UtmifyConfigRow>(db, 'utmify_configs', ['store_id', storeId])
}

/** Of these stores, those whose integration is on: the others have nothing to send. */
export async function storesWithActiveConfig(db: DbOrTrx, storeIds: string[]): Promise<Set<string>> {
  return ownersSwitchedOn(db, 'utmify_configs', 'store_id', storeIds)
}

export async function upsertConfig(
  db: DbOrTrx,
  storeId: string,
  values: { active: boolean; api_key_encrypted?: string; api_key_masked?: string },
): Promise<UtmifyConfigRow> {
  return upsertSettingsRow<UtmifyConfigRow>(db, 'utmify_configs', ['store_id', storeId], values)
}

export interface DeliveryKey {
  storeId: string
  orderId: string
  orderNumber: string
  status: UtmifyStatus
  isTest?: boolean
}

export type Claim = DeliveryClaim<DeliveryRow>

/** UTMify's deliveries: one per (order, status); the merchant's resend reopens a row as PENDING. */
export const utmifyChannel = (staleMs: number): DeliveryChannel => ({
  table: 'utmify_deliveries',
  key: ['order_id', 'status'],
  claimable: ['PENDING', 'RETRY'],
  staleMs,
})

/**
 * Takes the (order, status) delivery for this worker. A new one, one waiting for a retry, or one whose worker died
 * (SENDING for longer than `staleMs`) is claimed; SENT, FAILED and SKIPPED are settled; a fresh SENDING is busy.
 */
export async function claimDelivery(db: DbOrTrx, key: DeliveryKey, staleMs: number): Promise<Claim> {
  return deliveryClaim.claimDelivery<DeliveryRow>(db, utmifyChannel(staleMs), {
    store_id: key.storeId,
    order_id: key.orderId,
    order_number: key.orderNumber,
    status: key.status,
    is_test: key.isTest ?? false,
  })
}

/** The outcome of a claimed attempt; false when the claim went stale and another worker holds the row now. */
export async function settleDelivery(
  db: DbOrTrx,
  claim: Pick<DeliveryRow, 'id' | 'attempts'>,
  outcome: Pick<Updateable<Tables['utmify_deliveries']>, 'state' | 'sent_at'> & DeliveryOutcome,
): Promise<boolean> {
  return deliveryClaim.settleDelivery(db, utmifyChannel(0), claim, outcome)
}

export async function staleDeliveries(db: DbOrTrx, staleMs: number, limit?: number): Promise<DeliveryRow[]> {
  return deliveryClaim.staleClaims<DeliveryRow>(db, utmifyChannel(staleMs), limit)
}

export async function findDelivery(db: DbOrTrx, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('utmify_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A FAILED or RETRY delivery back to PENDING for the merchant's retry button; false when it is not retryable. */
export async function reopenDelivery(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db
    .updateTable('utmify_deliveries')
    .set({ state: 'PENDING', error: null, http_status: null })
    .where('id', '=', id)
    .where('state', 'in', ['FAILED', 'RETRY'])
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

export async function listDeliveries(db: DbOrTrx, storeId: string, page: number, limit: number) {
  return deliveryLogPage<DeliveryRow>(db, { table: 'utmify_deliveries', owner: ['store_id', storeId] }, page, limit)
}
