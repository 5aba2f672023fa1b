import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { ServerEvent } from '../../shared/pixel'
import type { DbOrTrx, TrackingTables } from './tables'

type Tables = TrackingTables
export type PixelConfigRow = Selectable<Tables['pixel_configs']>
export type PixelDeliveryRow = Selectable<Tables['pixel_deliveries']>
export type PixelConfigValues = Omit<Insertable<Tables['pixel_configs']>, 'store_id' | 'updated_at'>

export async function findConfig(db: DbOrTrx, storeId: string): Promise<PixelConfigRow | undefined> {
  return db.selectFrom('pixel_configs').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}

/** Of these stores, those that may send server events (pixel on, access token saved). */
export async function storesWithServerEvents(db: DbOrTrx, storeIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pixel_configs')
    .select('store_id')
    .where('store_id', '=', sql<string>`any(${[...new Set(storeIds)]}::uuid[])`)
    .where('active', '=', true)
    .where('access_token_encrypted', 'is not', null)
    .execute()
  return new Set(rows.map((r) => r.store_id))
}

export async function upsertConfig(db: DbOrTrx, storeId: string, values: PixelConfigValues): Promise<PixelConfigRow> {
  const now = new Date()
  return db
    .insertInto('pixel_configs')
    .values({ store_id: storeId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface DeliveryKey {
  storeId: string
  orderId: string
  orderNumber: string
  eventName: ServerEvent
  eventId: string
}

export type Claim = { kind: 'claimed'; row: PixelDeliveryRow } | { kind: 'settled' } | { kind: 'busy' }

/**
 * Takes the (order, event) delivery for this worker: a new one, one waiting for a retry, or one whose worker died
 * (SENDING for longer than `staleMs`). SENT, FAILED and SKIPPED are settled for good; a fresh SENDING is busy.
 */
export async function claimDelivery(db: DbOrTrx, key: DeliveryKey, staleMs: number): Promise<Claim> {
  const now = new Date()
  const claimed = await db
    .insertInto('pixel_deliveries')
    .values({
      store_id: key.storeId,
      order_id: key.orderId,
      order_number: key.orderNumber,
      event_name: key.eventName,
      event_id: key.eventId,
      state: 'SENDING',
      attempts: 1,
      claimed_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['order_id', 'event_name'])
        .doUpdateSet((eb) => ({
          state: 'SENDING',
          claimed_at: now,
          attempts: eb('pixel_deliveries.attempts', '+', 1),
        }))
        .where((eb) =>
          eb.or([
            eb('pixel_deliveries.state', '=', 'RETRY'),
            eb.and([
              eb('pixel_deliveries.state', '=', 'SENDING'),
              eb('pixel_deliveries.claimed_at', '<', new Date(now.getTime() - staleMs)),
            ]),
          ]),
        ),
    )
    .returningAll()
    .executeTakeFirst()
  if (claimed) return { kind: 'claimed', row: claimed }
  const existing = await db
    .selectFrom('pixel_deliveries')
    .select('state')
    .where('order_id', '=', key.orderId)
    .where('event_name', '=', key.eventName)
    .executeTakeFirstOrThrow()
  return existing.state === 'SENDING' ? { kind: 'busy' } : { kind: 'settled' }
}

export async function settleDelivery(
  db: DbOrTrx,
  id: string,
  patch: Pick<Updateable<Tables['pixel_deliveries']>, 'state' | 'http_status' | 'error' | 'sent_at'>,
): Promise<void> {
  await db
    .updateTable('pixel_deliveries')
    .set({ ...patch, claimed_at: null })
    .where('id', '=', id)
    .execute()
}

export async function listDeliveries(db: DbOrTrx, storeId: string, limit: number): Promise<PixelDeliveryRow[]> {
  return db
    .selectFrom('pixel_deliveries')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
}
