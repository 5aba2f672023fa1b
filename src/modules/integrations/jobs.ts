import { DELIVERY_JOB_ATTEMPTS, DELIVERY_SWEEP_EVERY_MS } from '../../platform/delivery-claim'
import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import type { UtmifyStatus } from '../../shared/integrations'
import { orderCancelled, orderPaid, orderPlaced, orderRefunded } from '../ordering/events'
import * as repo from './repository'
import { deliverOrderStatus, staleDeliveries } from './service'
import type { Db } from './tables'

// Job and subscription names live in Redis (queued and delayed jobs, the sweep's scheduler): they keep the spelling
// they were created with, since a renamed one would strand the jobs a running release has queued.

/** The merchant's retry button and the stale-claim sweeper queue this job; the ordering events call the same delivery. */
export const UTMIFY_DELIVER_JOB = 'integrations.utmfy-deliver'
export const UTMIFY_SWEEP_JOB = 'integrations.utmfy-sweep'

const deliver = (ctx: JobContext, orderId: string, status: UtmifyStatus, at?: Date) =>
  deliverOrderStatus(
    { db: ctx.db, config: ctx.config, log: ctx.log, metrics: ctx.metrics },
    { orderId, status, at, lastAttempt: ctx.attempt >= DELIVERY_JOB_ATTEMPTS },
  )

/** Most stores have no UTMify: their orders' events do not become jobs at all. */
async function storesWithIntegration(events: { storeId: string }[], db: Db): Promise<boolean[]> {
  const active = await repo.storesWithActiveConfig(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => active.has(e.storeId))
}

const opts = { attempts: DELIVERY_JOB_ATTEMPTS, relevant: storesWithIntegration }

/**
 * Every order status UTMify knows, sent from the worker: placement, payment, a refusal, expiry or cancellation, a
 * refund, and a chargeback — an order REFUNDED by a card contestação, which the merchant's ad tracking must count
 * apart from the refunds they chose to make.
 */
export const integrationsSubscriptions = [
  subscribe(
    orderPlaced,
    'integrations.utmfy-order-placed',
    (p, ctx) => deliver(ctx, p.orderId, 'waiting_payment'),
    opts,
  ),
  subscribe(orderPaid, 'integrations.utmfy-order-paid', (p, ctx) => deliver(ctx, p.orderId, 'paid'), opts),
  subscribe(orderCancelled, 'integrations.utmfy-order-cancelled', (p, ctx) => deliver(ctx, p.orderId, 'refused'), opts),
  subscribe(
    orderRefunded,
    'integrations.utmfy-order-refunded',
    // UTMify knows an order as refunded or not: a partial refund leaves it paid there.
    async (p, ctx) => {
      if (!p.partial) await deliver(ctx, p.orderId, p.chargeback ? 'chargedback' : 'refunded', new Date(p.refundedAt))
    },
    {
      ...opts,
      relevant: async (events, db) =>
        (await storesWithIntegration(events, db)).map((active, i) => active && !events[i]!.partial),
    },
  ),
]

export const integrationsJobs: JobDefinition[] = [
  {
    name: UTMIFY_DELIVER_JOB,
    attempts: DELIVERY_JOB_ATTEMPTS,
    handler: (data, ctx) => {
      const { orderId, status } = data as { orderId: string; status: UtmifyStatus }
      return deliver(ctx, orderId, status)
    },
  },
  {
    // A worker killed mid-call leaves its delivery SENDING; once the claim is stale this queues it again.
    name: UTMIFY_SWEEP_JOB,
    attempts: 1,
    everyMs: DELIVERY_SWEEP_EVERY_MS,
    handler: async (_data, ctx) => {
      for (const { row, jobId } of await staleDeliveries(ctx)) {
        if (row.is_test) continue
        await ctx.jobs.enqueue(UTMIFY_DELIVER_JOB, { orderId: row.order_id, status: row.status }, { jobId })
      }
    },
  },
]
