import type { Insertable, Selectable, Updateable } from 'kysely'
import { sql } from 'kysely'
import { deliveryLogPage } from '../../platform/delivery-log'
import type { DbOrTrx, IntegrationsTables } from './tables'

export type EndpointRow = Selectable<IntegrationsTables['webhook_endpoints']>
export type WebhookDeliveryRow = Selectable<IntegrationsTables['webhook_deliveries']>

export async function insertEndpoint(db: DbOrTrx, values: Insertable<IntegrationsTables['webhook_endpoints']>) {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function listEndpoints(db: DbOrTrx, storeId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at')
    .limit(100)
    .execute()
}

export async function findEndpoint(db: DbOrTrx, storeId: string, id: string): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findEndpointById(db: DbOrTrx, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function updateEndpoint(
  db: DbOrTrx,
  id: string,
  patch: Updateable<IntegrationsTables['webhook_endpoints']>,
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteEndpoint(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhook_endpoints').where('store_id', '=', storeId).where('id', '=', id).execute()
  return Number(res[0]?.numDeletedRows ?? 0) > 0
}

/** Active endpoints of a store that chose this event. */
export async function subscribedEndpoints(db: DbOrTrx, storeId: string, eventType: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('active', '=', true)
    .where(sql<boolean>`${eventType} = any(events)`)
    .execute()
}

/** Which of these stores have at least one active endpoint (most have none: their events become no jobs). */
export async function storesWithEndpoints(db: DbOrTrx, storeIds: string[]): Promise<Set<string>> {
  if (storeIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('store_id')
    .distinct()
    .where(sql<boolean>`store_id = any(${[...new Set(storeIds)]}::uuid[])`)
    .where('active', '=', true)
    .execute()
  return new Set(rows.map((r) => r.store_id))
}

/** One delivery per (endpoint, event): a re-delivered event adds nothing. The rows that are new. */
export async function insertDeliveries(
  db: DbOrTrx,
  rows: Insertable<IntegrationsTables['webhook_deliveries']>[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return []
  return db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .returningAll()
    .execute()
}

export async function findDelivery(db: DbOrTrx, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findDeliveryOf(db: DbOrTrx, endpointId: string, eventId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('event_id', '=', eventId)
    .executeTakeFirst()
}

export async function listDeliveries(db: DbOrTrx, endpointId: string, page: number, limit: number) {
  const log = { table: 'webhook_deliveries', owner: ['endpoint_id', endpointId], tieBreak: 'desc' } as const
  return deliveryLogPage<WebhookDeliveryRow>(db, log, page, limit)
}

/** What an attempt leaves beside the claim's settle (delivery-claim.ts). */
export async function recordAttempt(
  db: DbOrTrx,
  id: string,
  patch: Pick<
    Updateable<IntegrationsTables['webhook_deliveries']>,
    'duration_ms' | 'response_excerpt' | 'next_attempt_at'
  >,
) {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...patch, last_attempt_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** A merchant's 'Reenviar': the row may be claimed again (same id, so the same webhook-id). */
export async function reopenDelivery(db: DbOrTrx, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ state: 'PENDING', next_attempt_at: null })
    .where('id', '=', id)
    .where('state', '<>', 'SENDING')
    .returningAll()
    .executeTakeFirst()
}

/** RETRY rows past their time by more than `graceMs`: their delayed job was lost (the sweeper re-queues it). */
export async function overdueRetries(db: DbOrTrx, graceMs: number, limit = 100): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('state', '=', 'RETRY')
    .where('next_attempt_at', '<', new Date(Date.now() - graceMs))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
}

/** The deliveries of a disabled endpoint waiting for a retry stop there. */
export async function failPendingOf(db: DbOrTrx, endpointId: string, error: string) {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'FAILED', error, next_attempt_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', 'in', ['RETRY', 'PENDING'])
    .execute()
}
