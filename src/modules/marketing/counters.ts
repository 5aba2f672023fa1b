/**
 * The counters the worker keeps (marketing/jobs.ts): each use case claims its effect in the same transaction that
 * counts it (a visit row's primary key, an order row's flag, a redemption's release), so a re-delivered event
 * changes nothing.
 */
import * as coupons from './coupons.repository'
import * as repo from './repository'
import type { Db } from './tables'

/** Which of these orders carry a bump: the others have no counter to move. */
export async function ordersWithBumps(db: Db, orderIds: string[]): Promise<boolean[]> {
  const withBumps = await repo.ordersWithBumps(db, orderIds)
  return orderIds.map((id) => withBumps.has(id))
}

/** Which of these orders used a coupon. */
export async function ordersWithCoupons(db: Db, orderIds: string[]): Promise<boolean[]> {
  const withCoupons = await coupons.ordersWithCoupons(db, orderIds)
  return orderIds.map((id) => withCoupons.has(id))
}

/** A cancelled or expired order gives its coupon use back, once (the redemption row's release is the claim). */
export async function releaseCouponUse(db: Db, orderId: string) {
  await db.transaction().execute((trx) => coupons.releaseUse(trx, orderId))
}

export async function countCouponPaid(db: Db, orderId: string, totalCents: number) {
  await db.transaction().execute((trx) => coupons.countPaid(trx, orderId, totalCents))
}

export async function countBumpVisit(db: Db, bumpId: string, kind: 'DISPLAY' | 'ADD', visitKey: string) {
  await db.transaction().execute((trx) => repo.countBumpVisit(trx, bumpId, kind, visitKey))
}

export async function countUpsellVisit(db: Db, upsellId: string, kind: 'DISPLAY' | 'CLICK' | 'SKIP', visitKey: string) {
  await db.transaction().execute((trx) => repo.countUpsellVisit(trx, upsellId, kind, visitKey))
}

/** An order's bumps counted as placed or as paid, once per order (the order row's flag is the claim). */
export async function countOrderBumps(db: Db, orderId: string, flag: 'placed_counted' | 'paid_counted') {
  await db.transaction().execute((trx) => repo.countOrderBumps(trx, orderId, flag))
}
