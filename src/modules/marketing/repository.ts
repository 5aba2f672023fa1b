/** Kysely queries over marketing's own tables (order_bumps, upsells and their dedupe rows). */
import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely'
import type { DbOrTrx, MarketingTables, Trx } from './tables'

export type BumpRow = Selectable<MarketingTables['order_bumps']>
export type NewBump = Insertable<MarketingTables['order_bumps']>
export type BumpUpdate = Updateable<MarketingTables['order_bumps']>
export type UpsellRow = Selectable<MarketingTables['upsells']>
export type NewUpsell = Insertable<MarketingTables['upsells']>
export type UpsellUpdate = Updateable<MarketingTables['upsells']>
export type Page = { limit: number; offset: number }

/** The owner's lists (bumps, upsells, coupons) page newest first; the id breaks ties so no row shows on two pages. */
export function newestFirst(page: Page) {
  return <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    qb.orderBy(sql`created_at desc, id desc`).limit(page.limit).offset(page.offset)
}

/** Row `id` of the owner's store: an owner reaches a bump, upsell or coupon only within their own store. */
export const storeRow = (storeId: string, id: string) => sql<boolean>`store_id = ${storeId} and id = ${id}`

const sumOf = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::int`

/** What the stats of bumps and upsells both start with: how many, how many switched on, how often shown. */
const offerTotals = [
  sql<number>`count(*)::int`.as('total'),
  sql<number>`count(*) filter (where active)::int`.as('active'),
  sumOf('display_count').as('displays'),
] as const

// ───────── bumps

export async function listBumps(db: DbOrTrx, storeId: string, page: Page) {
  return db.selectFrom('order_bumps').selectAll().where('store_id', '=', storeId).$call(newestFirst(page)).execute()
}

export async function findBump(db: DbOrTrx, storeId: string, id: string): Promise<BumpRow | undefined> {
  return db.selectFrom('order_bumps').selectAll().where(storeRow(storeId, id)).executeTakeFirst()
}

export async function findBumpsByIds(db: DbOrTrx, storeId: string, ids: string[]): Promise<BumpRow[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('order_bumps')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .execute()
}

export async function activeBumps(db: DbOrTrx, storeId: string): Promise<BumpRow[]> {
  return db
    .selectFrom('order_bumps')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('active', '=', true)
    .orderBy('created_at', 'asc')
    .limit(50)
    .execute()
}

export async function insertBump(db: DbOrTrx, values: NewBump): Promise<BumpRow> {
  return db.insertInto('order_bumps').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateBump(db: DbOrTrx, storeId: string, id: string, values: BumpUpdate) {
  const changes = { ...values, updated_at: new Date() }
  return db.updateTable('order_bumps').set(changes).where(storeRow(storeId, id)).returningAll().executeTakeFirst()
}

export async function deleteBump(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('order_bumps').where(storeRow(storeId, id)).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function bumpTotals(db: DbOrTrx, storeId: string) {
  return db
    .selectFrom('order_bumps')
    .where('store_id', '=', storeId)
    .select([
      ...offerTotals,
      sumOf('conversion_count').as('conversions'),
      sumOf('paid_conversion_count').as('paid_conversions'),
      sql<number>`coalesce(sum(paid_revenue_cents), 0)::bigint`.as('paid_revenue_cents'),
    ])
    .executeTakeFirstOrThrow()
}

export async function bumpVisitExists(db: DbOrTrx, bumpId: string, kind: 'DISPLAY' | 'ADD', visitKey: string) {
  const row = await db
    .selectFrom('order_bump_visits')
    .select('bump_id')
    .where('bump_id', '=', bumpId)
    .where('kind', '=', kind)
    .where('visit_key', '=', visitKey)
    .executeTakeFirst()
  return !!row
}

/** One visit of one kind counts once: the insert that wins the primary key is the one that increments. */
export async function countBumpVisit(trx: Trx, bumpId: string, kind: 'DISPLAY' | 'ADD', visitKey: string) {
  const inserted = await trx
    .insertInto('order_bump_visits')
    .values({ bump_id: bumpId, kind, visit_key: visitKey })
    .onConflict((oc) => oc.doNothing())
    .returning('bump_id')
    .executeTakeFirst()
  if (!inserted) return false
  const column = kind === 'DISPLAY' ? 'display_count' : 'add_count'
  await trx
    .updateTable('order_bumps')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', bumpId)
    .execute()
  return true
}

export async function insertOrderBumps(
  trx: Trx,
  rows: { order_id: string; bump_id: string; store_id: string; revenue_cents: number }[],
) {
  if (rows.length)
    await trx
      .insertInto('order_bump_orders')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute()
}

/** A refused card attempt is no order: its bump rows go before the worker ever counts them as conversions. */
export async function deleteUncountedOrderBumps(trx: Trx, orderId: string) {
  await trx
    .deleteFrom('order_bump_orders')
    .where('order_id', '=', orderId)
    .where('placed_counted', '=', false)
    .execute()
}

/** Of these orders, those with a bump: the others have no bump counter to move. */
export async function ordersWithBumps(db: DbOrTrx, orderIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('order_bump_orders')
    .select('order_id')
    .distinct()
    .where('order_id', '=', sql<string>`any(${orderIds}::uuid[])`)
    .execute()
  return new Set(rows.map((r) => r.order_id))
}

/** Claims the order's bump rows not yet counted as `flag` and adds them to their bumps' counters, once. */
export async function countOrderBumps(trx: Trx, orderId: string, flag: 'placed_counted' | 'paid_counted') {
  const claimed = await trx
    .updateTable('order_bump_orders')
    .set({ [flag]: true })
    .where('order_id', '=', orderId)
    .where(flag, '=', false)
    .returning(['bump_id', 'revenue_cents'])
    .execute()
  for (const row of claimed) {
    await trx
      .updateTable('order_bumps')
      .set((eb) =>
        flag === 'placed_counted'
          ? {
              conversion_count: eb('conversion_count', '+', 1),
              revenue_cents: eb('revenue_cents', '+', row.revenue_cents),
            }
          : {
              paid_conversion_count: eb('paid_conversion_count', '+', 1),
              paid_revenue_cents: eb('paid_revenue_cents', '+', row.revenue_cents),
            },
      )
      .where('id', '=', row.bump_id)
      .execute()
  }
  return claimed.length
}

// ───────── upsells

export async function listUpsells(db: DbOrTrx, storeId: string, page: Page) {
  return db.selectFrom('upsells').selectAll().where('store_id', '=', storeId).$call(newestFirst(page)).execute()
}

export async function findUpsell(db: DbOrTrx, storeId: string, id: string): Promise<UpsellRow | undefined> {
  return db.selectFrom('upsells').selectAll().where(storeRow(storeId, id)).executeTakeFirst()
}

export async function activeUpsell(db: DbOrTrx, storeId: string): Promise<UpsellRow | undefined> {
  return db
    .selectFrom('upsells')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('active', '=', true)
    .executeTakeFirst()
}

/** Serialises activations per store for the rest of the transaction; the partial unique index is the backstop. */
export async function lockStoreUpsells(trx: Trx, storeId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`upsells:${storeId}`}, 0))`.execute(trx)
}

export async function deactivateOthers(trx: Trx, storeId: string, keepId: string | null) {
  let q = trx
    .updateTable('upsells')
    .set({ active: false, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('active', '=', true)
  if (keepId) q = q.where('id', '<>', keepId)
  await q.execute()
}

export async function insertUpsell(db: DbOrTrx, values: NewUpsell): Promise<UpsellRow> {
  return db.insertInto('upsells').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateUpsell(db: DbOrTrx, storeId: string, id: string, values: UpsellUpdate) {
  const changes = { ...values, updated_at: new Date() }
  return db.updateTable('upsells').set(changes).where(storeRow(storeId, id)).returningAll().executeTakeFirst()
}

export async function deleteUpsell(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('upsells').where(storeRow(storeId, id)).executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

export async function upsellTotals(db: DbOrTrx, storeId: string) {
  return db
    .selectFrom('upsells')
    .where('store_id', '=', storeId)
    .select([...offerTotals, sumOf('click_count').as('clicks'), sumOf('skip_count').as('skips')])
    .executeTakeFirstOrThrow()
}

const UPSELL_COLUMN = { DISPLAY: 'display_count', CLICK: 'click_count', SKIP: 'skip_count' } as const

export async function countUpsellVisit(
  trx: Trx,
  upsellId: string,
  kind: 'DISPLAY' | 'CLICK' | 'SKIP',
  visitKey: string,
) {
  const inserted = await trx
    .insertInto('upsell_visits')
    .values({ upsell_id: upsellId, kind, visit_key: visitKey })
    .onConflict((oc) => oc.doNothing())
    .returning('upsell_id')
    .executeTakeFirst()
  if (!inserted) return false
  const column = UPSELL_COLUMN[kind]
  await trx
    .updateTable('upsells')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', upsellId)
    .execute()
  return true
}
