import { subscribe } from '../../platform/jobs'
import { orderPaid, orderPlaced } from '../ordering'
import { sendOrderEvent } from './capi'

/** Tries of one server event: with the queue's doubling backoff the last one is minutes after the first. */
const ATTEMPTS = 8

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
    ATTEMPTS,
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
    ATTEMPTS,
  ),
]
