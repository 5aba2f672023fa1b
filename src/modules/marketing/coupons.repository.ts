/** Kysely queries over coupons and their redemptions (marketing's own tables). */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import { newestFirst, type Page, storeRow } from './repository'
import type { DbOrTrx, MarketingTables, Trx } from './tables'

export type CouponRow = Selectable<MarketingTables['coupons']>
export type NewCoupon = Insertable<MarketingTables['coupons']>
export type CouponUpdate = Updateable<MarketingTables['coupons']>

/** Postgres' unique violation on (store_id, lower(code)): the code is taken in this store. */
export const isCodeTaken = (err: unknown) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === 'coupons_store_code_key'

/** Coupon `id` of the store unless deleted: a deleted coupon is kept (see softDeleteCoupon) but gone for the owner. */
const liveRow = (storeId: string, id: string) => sql<boolean>`${storeRow(storeId, id)} and deleted_at is null`

export async function listCoupons(db: DbOrTrx, storeId: string, page: Page) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .$call(newestFirst(page))
    .execute()
}

export async function findCoupon(db: DbOrTrx, storeId: string, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where(liveRow(storeId, id)).executeTakeFirst()
}

export async function findCouponByCode(db: DbOrTrx, storeId: string, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export async function insertCoupon(db: DbOrTrx, values: NewCoupon): Promise<CouponRow> {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateCoupon(db: DbOrTrx, storeId: string, id: string, values: CouponUpdate) {
  const changes = { ...values, updated_at: new Date() }
  return db.updateTable('coupons').set(changes).where(liveRow(storeId, id)).returningAll().executeTakeFirst()
}

/** Deleting keeps the row (orders name its code, its revenue stays countable) and frees the code. */
export async function softDeleteCoupon(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const deleted = { deleted_at: new Date(), active: false, updated_at: new Date() }
  const r = await db.updateTable('coupons').set(deleted).where(liveRow(storeId, id)).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function usesByEmail(db: DbOrTrx, couponId: string, email: string): Promise<number> {
  const r = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('email', '=', email)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/**
 * Takes one use in the order's transaction. The conditional update is the claim: under concurrent buyers the row
 * lock makes each later update re-read the count, so the last use goes to exactly one order; the lock is held
 * until the order commits, which also serialises the per-e-mail count that follows.
 */
export async function takeUse(trx: Trx, couponId: string, now: Date): Promise<CouponRow | undefined> {
  return trx
    .updateTable('coupons')
    .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
    .where('id', '=', couponId)
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses_count', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .returningAll()
    .executeTakeFirst()
}

export async function insertRedemption(trx: Trx, values: Insertable<MarketingTables['coupon_redemptions']>) {
  await trx.insertInto('coupon_redemptions').values(values).execute()
}

/** Gives an order's use back, once: only a redemption still unreleased is released and counted back. */
export async function releaseUse(trx: Trx, orderId: string): Promise<boolean> {
  const released = await trx
    .updateTable('coupon_redemptions')
    .set({ released_at: new Date() })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning(['coupon_id'])
    .executeTakeFirst()
  if (!released) return false
  await trx
    .updateTable('coupons')
    .set((eb) => ({ uses_count: sql<number>`greatest(${eb.ref('uses_count')} - 1, 0)` }))
    .where('id', '=', released.coupon_id)
    .execute()
  return true
}

/** Counts a paid order's revenue on its coupon, once. */
export async function countPaid(trx: Trx, orderId: string, totalCents: number): Promise<boolean> {
  const paid = await trx
    .updateTable('coupon_redemptions')
    .set({ paid_at: new Date() })
    .where('order_id', '=', orderId)
    .where('paid_at', 'is', null)
    .returning(['coupon_id', 'discount_cents'])
    .executeTakeFirst()
  if (!paid) return false
  await trx
    .updateTable('coupons')
    .set((eb) => ({
      paid_count: eb('paid_count', '+', 1),
      revenue_cents: eb('revenue_cents', '+', totalCents),
      discount_given_cents: eb('discount_given_cents', '+', paid.discount_cents),
    }))
    .where('id', '=', paid.coupon_id)
    .execute()
  return true
}

export async function ordersWithCoupons(db: DbOrTrx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select('order_id')
    .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
    .execute()
  return new Set(rows.map((r) => r.order_id))
}
