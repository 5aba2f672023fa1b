import { DELIVERY_JOB_ATTEMPTS, DELIVERY_SWEEP_EVERY_MS } from '../../platform/delivery-claim'
import { type JobContext, type JobDefinition, subscribe } from '../../platform/jobs'
import type { ServerEvent } from '../../shared/pixel'
import { orderPaid, orderPlaced } from '../ordering/events'
import { sendOrderEvent, staleDeliveries } from './capi'
import * as repo from './repository'
import type { Db } from './tables'

/** Tries of one server event: with the queue's doubling backoff the last one is minutes after the first. */
const ATTEMPTS = DELIVERY_JOB_ATTEMPTS
/** One server event sent again by the stale-claim sweeper. */
export const CAPI_DELIVER_JOB = 'tracking.capi-deliver'
export const CAPI_SWEEP_JOB = 'tracking.capi-sweep'

/** Only stores with the Conversions API set up have server events to send. */
async function storesWithServerEvents(events: { storeId: string }[], db: Db): Promise<boolean[]> {
  const ready = await repo.storesWithServerEvents(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => ready.has(e.storeId))
}

const send = (ctx: JobContext, orderId: string, eventName: ServerEvent, productId: string) =>
  sendOrderEvent(
    { db: ctx.db, config: ctx.config, log: ctx.log },
    { orderId, eventName, productId, lastAttempt: ctx.attempt >= ATTEMPTS },
  )

/** Conversions API events from the worker (the order's first item is the checkout's own product). */
export const trackingSubscriptions = [
  subscribe(
    orderPlaced,
    'tracking.capi-initiate-checkout',
    (p, ctx) => send(ctx, p.orderId, 'InitiateCheckout', p.items[0]?.productId ?? ''),
    { attempts: ATTEMPTS, relevant: storesWithServerEvents },
  ),
  subscribe(
    orderPaid,
    'tracking.capi-purchase',
    (p, ctx) => send(ctx, p.orderId, 'Purchase', p.items[0]?.productId ?? ''),
    {
      attempts: ATTEMPTS,
      relevant: storesWithServerEvents,
    },
  ),
]

export const trackingJobs: JobDefinition[] = [
  {
    name: CAPI_DELIVER_JOB,
    attempts: ATTEMPTS,
    handler: (data, ctx) => {
      const { orderId, eventName, productId } = data as { orderId: string; eventName: ServerEvent; productId: string }
      return send(ctx, orderId, eventName, productId)
    },
  },
  {
    // A worker killed mid-call leaves its event SENDING; once the claim is stale this queues it again.
    name: CAPI_SWEEP_JOB,
    attempts: 1,
    everyMs: DELIVERY_SWEEP_EVERY_MS,
    handler: async (_data, ctx) => {
      for (const { row, jobId } of await staleDeliveries(ctx)) {
        const data = { orderId: row.order_id, eventName: row.event_name, productId: row.product_id ?? '' }
        await ctx.jobs.enqueue(CAPI_DELIVER_JOB, data, { jobId })
      }
    },
  },
]
