import type { Db } from '../../platform/db'
import { subscribe } from '../../platform/jobs'
import { orderPaid, orderPlaced } from '../ordering/events'
import { sendOrderEvent } from './capi'
import * as repo from './repository'

/** Tries of one server event: with the queue's doubling backoff the last one is minutes after the first. */
const ATTEMPTS = 8

/** Only stores with the Conversions API set up have server events to send. */
async function storesWithServerEvents(events: { storeId: string }[], db: Db): Promise<boolean[]> {
  const ready = await repo.storesWithServerEvents(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => ready.has(e.storeId))
}

/** Conversions API events from the worker (the order's first item is the checkout's own product). */
export const trackingSubscriptions = [
  subscribe(
    orderPlaced,
    'tracking.capi-initiate-checkout',
    (p, ctx) =>
      sendOrderEvent(
        { db: ctx.db, config: ctx.config, log: ctx.log },
        {
          orderId: p.orderId,
          eventName: 'InitiateCheckout',
          productId: p.items[0]?.productId ?? '',
          lastAttempt: ctx.attempt >= ATTEMPTS,
        },
      ),
    { attempts: ATTEMPTS, relevant: storesWithServerEvents },
  ),
  subscribe(
    orderPaid,
    'tracking.capi-purchase',
    (p, ctx) =>
      sendOrderEvent(
        { db: ctx.db, config: ctx.config, log: ctx.log },
        {
          orderId: p.orderId,
          eventName: 'Purchase',
          productId: p.items[0]?.productId ?? '',
          lastAttempt: ctx.attempt >= ATTEMPTS,
        },
      ),
    { attempts: ATTEMPTS, relevant: storesWithServerEvents },
  ),
]
