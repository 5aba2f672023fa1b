/** SQL of the funnels (issue 34): the merchant's graphs, the buyers' sessions and what happened at each step. */
import { type Insertable, sql } from 'kysely'
import type { DbOrTrx, MarketingTables, StoredFunnelStep } from './tables'

type Values = { name: string; active: boolean; trigger_product_ids: string[]; steps: StoredFunnelStep[] }

export async function listFunnels(db: DbOrTrx, storeId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('funnels')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function findFunnel(db: DbOrTrx, storeId: string, id: string) {
  return db.selectFrom('funnels').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst()
}
export type FunnelRow = NonNullable<Awaited<ReturnType<typeof findFunnel>>>

export async function insertFunnel(db: DbOrTrx, storeId: string, v: Values) {
  return db
    .insertInto('funnels')
    .values({ store_id: storeId, ...v, steps: JSON.stringify(v.steps) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateFunnel(db: DbOrTrx, storeId: string, id: string, v: Values) {
  return db
    .updateTable('funnels')
    .set({ ...v, steps: JSON.stringify(v.steps), updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteFunnel(db: DbOrTrx, storeId: string, id: string) {
  const r = await db.deleteFrom('funnels').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/** The store's newest active funnel triggered by one of these products. */
export async function funnelFor(db: DbOrTrx, storeId: string, productIds: string[]) {
  return db
    .selectFrom('funnels')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('active', '=', true)
    .where(sql<boolean>`trigger_product_ids && ${productIds}::uuid[]`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
}

export async function findSession(db: DbOrTrx, parentOrderId: string) {
  return db.selectFrom('funnel_sessions').selectAll().where('parent_order_id', '=', parentOrderId).executeTakeFirst()
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>

/** Opens the session once: concurrent first reads of the page open one. */
export async function openSession(db: DbOrTrx, row: Insertable<MarketingTables['funnel_sessions']>) {
  await db
    .insertInto('funnel_sessions')
    .values(row)
    .onConflict((oc) => oc.column('parent_order_id').doNothing())
    .execute()
  return (await findSession(db, row.parent_order_id))!
}

/** Moves the session from `from` to `to` only if it still stands at `from` (a concurrent answer moved it first). */
export async function moveSession(
  db: DbOrTrx,
  parentOrderId: string,
  from: string,
  to: string | null,
  notice: string | null,
) {
  const r = await db
    .updateTable('funnel_sessions')
    .set({ current_step: to, notice })
    .where('parent_order_id', '=', parentOrderId)
    .where('current_step', '=', from)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

type EventRow = MarketingTables['funnel_step_events']

/** Records a step's VIEW / ACCEPT / DECLINE once per parent order; false when it was already there. */
export async function insertStepEvent(db: DbOrTrx, row: Insertable<EventRow>) {
  const r = await db
    .insertInto('funnel_step_events')
    .values(row)
    .onConflict((oc) => oc.columns(['parent_order_id', 'step_key', 'kind']).doNothing())
    .returning('kind')
    .executeTakeFirst()
  return r !== undefined
}

/** A parent's accepts of this step or claimed with this Idempotency-Key (at most two rows, one read). */
export async function findAccepts(db: DbOrTrx, parentOrderId: string, stepKey: string, key: string) {
  return db
    .selectFrom('funnel_step_events')
    .selectAll()
    .where('parent_order_id', '=', parentOrderId)
    .where('kind', '=', 'ACCEPT')
    .where((eb) => eb.or([eb('step_key', '=', stepKey), eb('idempotency_key', '=', key)]))
    .execute()
}

/** The accept a tap's Idempotency-Key claimed on this parent order, if any. */
export async function findAcceptByKey(db: DbOrTrx, parentOrderId: string, key: string) {
  return db
    .selectFrom('funnel_step_events')
    .selectAll()
    .where('parent_order_id', '=', parentOrderId)
    .where('idempotency_key', '=', key)
    .where('kind', '=', 'ACCEPT')
    .executeTakeFirst()
}
export type AcceptRow = NonNullable<Awaited<ReturnType<typeof findAcceptByKey>>>

export async function setAcceptOutcome(
  db: DbOrTrx,
  parentOrderId: string,
  stepKey: string,
  outcome: 'PLACED' | 'REFUSED' | 'SOLD_OUT',
) {
  await db
    .updateTable('funnel_step_events')
    .set({ outcome })
    .where('parent_order_id', '=', parentOrderId)
    .where('step_key', '=', stepKey)
    .where('kind', '=', 'ACCEPT')
    .execute()
}

/** An accept that failed before anything was charged: the buyer may tap again. */
export async function dropAccept(db: DbOrTrx, parentOrderId: string, stepKey: string) {
  await db
    .deleteFrom('funnel_step_events')
    .where('parent_order_id', '=', parentOrderId)
    .where('step_key', '=', stepKey)
    .where('kind', '=', 'ACCEPT')
    .where('outcome', '=', 'PLACING')
    .execute()
}

/** Which of these orders are a funnel step's child (one statement for a relay batch of paid or refunded orders). */
export async function funnelChildrenAmong(db: DbOrTrx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('funnel_step_events')
    .select('child_order_id')
    .distinct()
    .where(sql<boolean>`child_order_id = any(${orderIds}::uuid[])`)
    .where('kind', '=', 'ACCEPT')
    .execute()
  return new Set(rows.map((r) => r.child_order_id!))
}

/** order.paid of a child: its step's revenue (once: the amount is set, not added). */
export async function markChildPaid(db: DbOrTrx, childOrderId: string, cents: number) {
  await db
    .updateTable('funnel_step_events')
    .set({ paid_cents: cents, outcome: 'PLACED' })
    .where('child_order_id', '=', childOrderId)
    .where('kind', '=', 'ACCEPT')
    .execute()
}

/**
 * order.refunded of a child: everything refunded of it so far (the event's running total, partial refunds and
 * chargebacks alike). The greatest wins, so a repeated or late event never lowers it nor counts twice.
 */
export async function markChildRefunded(db: DbOrTrx, childOrderId: string, refundedTotalCents: number) {
  await db
    .updateTable('funnel_step_events')
    .set({ refunded_cents: sql<number>`greatest(refunded_cents, ${refundedTotalCents})` })
    .where('child_order_id', '=', childOrderId)
    .where('kind', '=', 'ACCEPT')
    .execute()
}

/**
 * Per step: views, accepts (refused cards and sold-out taps excluded), declines (the buyer's own 'Não, obrigado'),
 * sold-out taps, and paid revenue net of what was refunded of the children — one grouped read.
 */
export async function stepStats(db: DbOrTrx, funnelId: string) {
  return db
    .selectFrom('funnel_step_events')
    .select([
      'step_key',
      sql<number>`count(*) filter (where kind = 'VIEW')::int`.as('views'),
      sql<number>`count(*) filter (where kind = 'ACCEPT' and outcome in ('PLACING', 'PLACED'))::int`.as('accepts'),
      sql<number>`count(*) filter (where kind = 'DECLINE')::int`.as('declines'),
      sql<number>`count(*) filter (where kind = 'ACCEPT' and outcome = 'SOLD_OUT')::int`.as('sold_out'),
      sql<number>`coalesce(sum(paid_cents - least(refunded_cents, paid_cents)), 0)::bigint`.as('paid'),
    ])
    .where('funnel_id', '=', funnelId)
    .groupBy('step_key')
    .execute()
}
