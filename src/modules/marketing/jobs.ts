import { subscribe } from '../../platform/jobs'
import { orderCancelled, orderPaid, orderPlaced } from '../ordering/events'
import * as counters from './counters'
import { bumpAdded, bumpDisplayed, upsellTracked } from './events'
import type { Db } from './tables'

/** Orders without a bump (or a coupon) have no counter to move: their events do not become jobs. */
const withBumps = (events: { orderId: string }[], db: Db) =>
  counters.ordersWithBumps(
    db,
    events.map((e) => e.orderId),
  )
const withCoupons = (events: { orderId: string }[], db: Db) =>
  counters.ordersWithCoupons(
    db,
    events.map((e) => e.orderId),
  )

/**
 * The counters, kept by the worker only (counters.ts: each counts once however often its event comes). Ordering's
 * events come from its events.ts, which loads nothing of ordering: ordering may call marketing without an import cycle.
 */
export function marketingSubscriptions() {
  return [
    subscribe(orderCancelled, 'marketing.release-coupon', (p, ctx) => counters.releaseCouponUse(ctx.db, p.orderId), {
      relevant: withCoupons,
    }),
    subscribe(
      orderPaid,
      'marketing.count-coupon-paid',
      (p, ctx) => counters.countCouponPaid(ctx.db, p.orderId, p.totalCents),
      { relevant: withCoupons },
    ),
    subscribe(bumpDisplayed, 'marketing.count-bump-display', (p, ctx) =>
      counters.countBumpVisit(ctx.db, p.bumpId, 'DISPLAY', p.visitKey),
    ),
    subscribe(bumpAdded, 'marketing.count-bump-add', (p, ctx) =>
      counters.countBumpVisit(ctx.db, p.bumpId, 'ADD', p.visitKey),
    ),
    subscribe(upsellTracked, 'marketing.count-upsell', (p, ctx) =>
      counters.countUpsellVisit(ctx.db, p.upsellId, p.kind, p.visitKey),
    ),
    subscribe(
      orderPlaced,
      'marketing.count-bump-conversions',
      (p, ctx) => counters.countOrderBumps(ctx.db, p.orderId, 'placed_counted'),
      { relevant: withBumps },
    ),
    subscribe(
      orderPaid,
      'marketing.count-bump-paid',
      (p, ctx) => counters.countOrderBumps(ctx.db, p.orderId, 'paid_counted'),
      { relevant: withBumps },
    ),
  ]
}
