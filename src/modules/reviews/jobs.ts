import { subscribe } from '../../platform/jobs'
import { orderCancelled, orderRefunded, orderStatusChanged } from '../ordering/events'
import { revokeVerification } from './repository'

/**
 * A verified purchase stops being one when its order is cancelled or refunded: the flag drops (the review stays,
 * as the buyer's words). Dropping twice changes nothing, so a re-delivered event is harmless.
 */
export const reviewsSubscriptions = [
  subscribe(orderCancelled, 'reviews.revoke-on-cancel', async (payload, ctx) => {
    await revokeVerification(ctx.db, payload.orderId)
  }),
  subscribe(orderRefunded, 'reviews.revoke-on-refund', async (payload, ctx) => {
    await revokeVerification(ctx.db, payload.orderId)
  }),
  subscribe(orderStatusChanged, 'reviews.revoke-on-status', async (payload, ctx) => {
    if (payload.to === 'CANCELLED' || payload.to === 'REFUNDED') await revokeVerification(ctx.db, payload.orderId)
  }),
]
