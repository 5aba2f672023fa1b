/**
 * One-click upsell funnels as their own app module: its routes need ordering (placing the child order), which the
 * composition hands in as ports, so the rest of marketing stays importable by ordering without a cycle.
 */
import { type Clock, systemClock } from '../../platform/clock'
import type { Db } from '../../platform/db'
import { subscribe } from '../../platform/jobs'
import { orderPaid, orderRefunded } from '../ordering/events'
import type { AppModule } from '../types'
import type { FunnelOrderPorts } from './funnel-offers'
import { funnelChildrenAmong, markChildPaid, markChildRefunded } from './funnels.repository'
import { funnelsRoutes } from './funnels-routes'

async function childrenOnly(events: { orderId: string }[], db: Db): Promise<boolean[]> {
  const children = await funnelChildrenAmong(
    db,
    events.map((e) => e.orderId),
  )
  return events.map((e) => children.has(e.orderId))
}

export function funnelsModule(deps: { orders: FunnelOrderPorts; clock?: Clock }): AppModule {
  return {
    name: 'funnels',
    routes: funnelsRoutes({ orders: deps.orders, clock: deps.clock ?? systemClock }),
    // A child's payment is its step's revenue, less what is refunded or charged back of it: both set from the
    // event's totals, never added, so a repeated or late event changes nothing. Only a funnel's children become jobs
    // (the step's row names its child before the child is placed): every other paid order, renewals included, cost
    // a job for an update that found nothing.
    subscriptions: [
      subscribe(orderPaid, 'marketing.funnel-child-paid', (p, ctx) => markChildPaid(ctx.db, p.orderId, p.totalCents), {
        relevant: childrenOnly,
      }),
      subscribe(
        orderRefunded,
        'marketing.funnel-child-refunded',
        (p, ctx) => markChildRefunded(ctx.db, p.orderId, p.refundedTotalCents),
        { relevant: childrenOnly },
      ),
    ],
  }
}
