import type { Db } from '../../platform/db'
import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import type { UtmfyStatus } from '../../shared/integrations'
import { orderCancelled, orderPaid, orderPlaced, orderRefunded } from '../ordering/events'
import * as repo from './repository'
import { deliverOrderStatus } from './service'

/** The merchant's retry button queues this job; the ordering events below call the same delivery. */
export const UTMFY_DELIVER_JOB = 'integrations.utmfy-deliver'

const deliver = (ctx: JobContext, orderId: string, status: UtmfyStatus, at?: Date) =>
  deliverOrderStatus({ db: ctx.db, config: ctx.config, log: ctx.log }, { orderId, status, at })

/** Most stores have no UTMify: their orders' events do not become jobs at all. */
async function storesWithIntegration(events: { storeId: string }[], db: Db): Promise<boolean[]> {
  const active = await repo.storesWithActiveConfig(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => active.has(e.storeId))
}

/**
 * Every order status UTMify knows, sent from the worker: placement, payment, a refusal, expiry or cancellation, a
 * refund, and a chargeback — an order REFUNDED by a card contestação, which the merchant's ad tracking must count
 * apart from the refunds they chose to make.
 */
export const integrationsSubscriptions = [
  subscribe(orderPlaced, 'integrations.utmfy-order-placed', (p, ctx) => deliver(ctx, p.orderId, 'waiting_payment'), {
    relevant: storesWithIntegration,
  }),
  subscribe(orderPaid, 'integrations.utmfy-order-paid', (p, ctx) => deliver(ctx, p.orderId, 'paid'), {
    relevant: storesWithIntegration,
  }),
  subscribe(orderCancelled, 'integrations.utmfy-order-cancelled', (p, ctx) => deliver(ctx, p.orderId, 'refused'), {
    relevant: storesWithIntegration,
  }),
  subscribe(
    orderRefunded,
    'integrations.utmfy-order-refunded',
    (p, ctx) => deliver(ctx, p.orderId, p.chargeback ? 'chargedback' : 'refunded', new Date(p.refundedAt)),
    { relevant: storesWithIntegration },
  ),
]

export const integrationsJobs: JobDefinition[] = [
  {
    name: UTMFY_DELIVER_JOB,
    handler: (data, ctx) => {
      const { orderId, status } = data as { orderId: string; status: UtmfyStatus }
      return deliver(ctx, orderId, status)
    },
  },
]
