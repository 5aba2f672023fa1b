/**
 * Access follows the subscription (issue 36): an order that started or renewed a subscription gives access only
 * while that subscription's accessUntil is ahead of the store's billing time. Orders of no subscription are absent
 * from the answer (their own rules apply).
 */
import type { Clock } from '../../platform/clock'
import { billingNow } from './billing-clock'
import type { Db } from './tables'

export async function orderAccess(db: Db, clock: Clock, orderIds: string[]): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>()
  if (orderIds.length === 0) return out
  const rows = await db
    .selectFrom('subscriptions')
    .leftJoin('subscription_cycles', 'subscription_cycles.subscription_id', 'subscriptions.id')
    .select([
      'subscriptions.store_id',
      'subscriptions.access_until',
      'subscriptions.first_order_id',
      'subscription_cycles.order_id',
    ])
    .where((eb) =>
      eb.or([eb('subscriptions.first_order_id', 'in', orderIds), eb('subscription_cycles.order_id', 'in', orderIds)]),
    )
    .execute()
  const nows = new Map<string, Date>()
  for (const r of rows) {
    if (!nows.has(r.store_id)) nows.set(r.store_id, await billingNow(db, clock, r.store_id))
    const ok = Boolean(r.access_until && r.access_until > nows.get(r.store_id)!)
    for (const id of [r.first_order_id, r.order_id]) if (id && orderIds.includes(id)) out.set(id, ok)
  }
  return out
}
