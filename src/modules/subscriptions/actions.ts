/** What the merchant and the buyer do to a subscription (issue 36): cancel (now or at period end), retry now. */
import { AppError } from '../../platform/errors'
import { orderingService } from '../ordering'
import { type BillingDeps, runDue } from './billing'
import { billingNow } from './billing-clock'
import { SUBSCRIPTION_MESSAGES } from './dto'
import { endSubscription, findSubscription, lockSubscription, recordEvent } from './lifecycle'

const ENDED = ['CANCELED', 'EXPIRED', 'INCOMPLETE_EXPIRED']

/** Cancelling twice is harmless: an ended subscription answers as it is. */
export async function cancelSubscription(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  storeId: string,
  id: string,
  opts: { atPeriodEnd: boolean; by: 'merchant' | 'buyer' },
) {
  const { db } = deps
  const found = await findSubscription(db, storeId, id)
  if (!found) throw new AppError(404, SUBSCRIPTION_MESSAGES.subscriptionNotFound)
  if (ENDED.includes(found.status)) return
  const now = await billingNow(db, deps.clock, storeId)
  const orders = await db.transaction().execute(async (trx) => {
    const sub = (await lockSubscription(trx, id))!
    if (ENDED.includes(sub.status)) return []
    // A past-due subscription has no paid period left to run: it ends now either way.
    if (opts.atPeriodEnd && sub.status !== 'PAST_DUE') {
      if (sub.cancel_at_period_end) return []
      await trx
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: true, updated_at: now })
        .where('id', '=', id)
        .execute()
      await recordEvent(trx, sub, 'cancel_scheduled', now, { by: opts.by, at: sub.current_period_end.toISOString() })
      return []
    }
    const ended = await endSubscription(trx, sub, 'CANCELED', now, opts.by)
    // Cancelled now: access ends now.
    if (sub.access_until && sub.access_until > now)
      await trx.updateTable('subscriptions').set({ access_until: now }).where('id', '=', id).execute()
    return ended
  })
  for (const orderId of orders) await orderingService.cancelRenewalOrder(db as never, orderId, 'subscription_canceled')
}

/** 'Tentar agora': the open cycle of a past-due subscription is billed at once (a new attempt, same cycle). */
export async function retryNow(deps: BillingDeps, storeId: string, id: string) {
  const { db } = deps
  const sub = await findSubscription(db, storeId, id)
  if (!sub) throw new AppError(404, SUBSCRIPTION_MESSAGES.subscriptionNotFound)
  if (ENDED.includes(sub.status)) throw new AppError(409, SUBSCRIPTION_MESSAGES.canceled)
  const now = await billingNow(db, deps.clock, storeId)
  const open = await db
    .updateTable('subscription_cycles')
    .set({ status: 'PENDING', next_attempt_at: now, lease_until: null })
    .where('subscription_id', '=', id)
    .where('status', 'in', ['PENDING', 'FAILED'])
    .where('due_at', '<=', now)
    .returning('id')
    .execute()
  if (open.length === 0) throw new AppError(409, SUBSCRIPTION_MESSAGES.notRetryable)
  await runDue(deps, { storeId, now })
}
