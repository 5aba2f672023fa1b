import { subscribe } from '../../platform/jobs'
import { orderPaid, orderPlaced } from '../ordering/events'
import { bumpAdded, bumpDisplayed, upsellTracked } from './events'
import * as repo from './repository'
import type { Db } from './tables'

/** Orders without a bump have no counter to move: their events do not become jobs. */
async function ordersWithBumps(events: { orderId: string }[], db: Db): Promise<boolean[]> {
  const withBumps = await repo.ordersWithBumps(
    db,
    events.map((e) => e.orderId),
  )
  return events.map((e) => withBumps.has(e.orderId))
}

/**
 * The counters, kept by the worker only. Each handler claims its effect in the same transaction that counts it
 * (a visit row's primary key, an order row's flag), so a re-delivered event changes nothing. Ordering's events
 * come from its events.ts, which loads nothing of ordering: ordering may call marketing without an import cycle.
 */
export function marketingSubscriptions() {
  return [
    subscribe(bumpDisplayed, 'marketing.count-bump-display', async (p, ctx) => {
      await ctx.db.transaction().execute((trx) => repo.countBumpVisit(trx, p.bumpId, 'DISPLAY', p.visitKey))
    }),
    subscribe(bumpAdded, 'marketing.count-bump-add', async (p, ctx) => {
      await ctx.db.transaction().execute((trx) => repo.countBumpVisit(trx, p.bumpId, 'ADD', p.visitKey))
    }),
    subscribe(upsellTracked, 'marketing.count-upsell', async (p, ctx) => {
      await ctx.db.transaction().execute((trx) => repo.countUpsellVisit(trx, p.upsellId, p.kind, p.visitKey))
    }),
    subscribe(
      orderPlaced,
      'marketing.count-bump-conversions',
      async (p, ctx) => {
        await ctx.db.transaction().execute((trx) => repo.countOrderBumps(trx, p.orderId, 'placed_counted'))
      },
      { relevant: ordersWithBumps },
    ),
    subscribe(
      orderPaid,
      'marketing.count-bump-paid',
      async (p, ctx) => {
        await ctx.db.transaction().execute((trx) => repo.countOrderBumps(trx, p.orderId, 'paid_counted'))
      },
      { relevant: ordersWithBumps },
    ),
  ]
}
