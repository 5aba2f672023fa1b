/**
 * A subscription's order refunded or charged back in full (issue 36 review: "refunds work as for any order"): the
 * money of a paid period went back, so that period no longer gives access and nothing more is billed — the
 * subscription is canceled now, its access ends now, and a PIX Automático mandate is ended with it (the
 * subscription.canceled event, pix-automatic-billing.ts). A partial refund leaves the subscription as it is.
 */
import type { Clock } from '../../platform/clock'
import { cancelSubscription } from './actions'
import type { Db } from './tables'

export interface RefundedOrder {
  orderId: string
  storeId: string
  subscriptionId?: string
  partial: boolean
}

export async function onOrderRefunded(deps: { db: Db; clock: Clock }, p: RefundedOrder) {
  if (p.partial) return
  // A renewal order names its subscription; a checkout order is the subscription's first.
  const sub = await deps.db
    .selectFrom('subscriptions')
    .select('id')
    .where('store_id', '=', p.storeId)
    .where((eb) => (p.subscriptionId ? eb('id', '=', p.subscriptionId) : eb('first_order_id', '=', p.orderId)))
    .executeTakeFirst()
  if (!sub) return
  await cancelSubscription(deps, p.storeId, sub.id, { atPeriodEnd: false, by: 'merchant' })
}
