/**
 * Rollups kept by the ordering events. Every event of an order does the same thing: compare the order as it stands
 * with what it last contributed (reporting_order_facts) and move the difference into the per-day figures and the
 * buyer counters. A repeated event finds no difference, a late one (paid before placed) converges to the same
 * figures, so the handlers are idempotent without trusting event order.
 */
import type { Trx } from '../../platform/db'
import type { CustomerRow, OrderFact } from './rollups.repository'
import * as repo from './rollups.repository'

const key = (...parts: string[]) => parts.join('|')

function sameFact(a: OrderFact, b: OrderFact): boolean {
  return (
    a.day === b.day &&
    a.status === b.status &&
    a.payment_method === b.payment_method &&
    a.total_cents === b.total_cents &&
    a.customer_email === b.customer_email
  )
}

function dailyDeltas(before: OrderFact | undefined, after: OrderFact | undefined): repo.DailyDelta[] {
  const deltas = new Map<string, repo.DailyDelta>()
  const add = (f: OrderFact, sign: 1 | -1) => {
    const k = key(f.store_id, f.day, f.payment_method, f.status)
    const d = deltas.get(k) ?? {
      store_id: f.store_id,
      day: f.day,
      payment_method: f.payment_method,
      status: f.status,
      orders: 0,
      total_cents: 0,
    }
    d.orders += sign
    d.total_cents += sign * f.total_cents
    deltas.set(k, d)
  }
  if (before) add(before, -1)
  if (after) add(after, 1)
  // A fixed order of row locks keeps concurrent handlers from deadlocking each other.
  return [...deltas.entries()]
    .filter(([, d]) => d.orders !== 0 || d.total_cents !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, d]) => d)
}

function customerDayDeltas(storeId: string, before: CustomerRow | undefined, after: CustomerRow | undefined) {
  const deltas = new Map<string, repo.CustomerDayDelta>()
  const at = (day: string) => {
    const d = deltas.get(day) ?? { store_id: storeId, day, last_seen: 0, returning_last_seen: 0, first_seen: 0 }
    deltas.set(day, d)
    return d
  }
  for (const [row, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!row) continue
    at(row.last_day).last_seen += sign
    if (row.orders >= 2) at(row.last_day).returning_last_seen += sign
    at(row.first_day).first_seen += sign
  }
  return [...deltas.values()]
    .filter((d) => d.last_seen || d.returning_last_seen || d.first_seen)
    .sort((a, b) => a.day.localeCompare(b.day))
}

const counts = (f: OrderFact | undefined) => Boolean(f && f.status !== 'CANCELLED')

/** Brings the rollups in line with one order, in the caller's transaction. */
export async function applyOrder(trx: Trx, orderId: string, eventId: string): Promise<void> {
  await repo.lockKey(trx, `order:${orderId}`)
  const { now, before } = await repo.factsOf(trx, orderId)
  // Nothing to move: a repeated or late event, or one that changes nothing the rollups count.
  if (!now || (before && sameFact(now, before))) return
  const buyerChanged = counts(before) !== counts(now) || before?.day !== now.day
  if (buyerChanged) await repo.lockKey(trx, `buyer:${now.store_id}:${now.customer_email}`)

  await repo.addDaily(trx, dailyDeltas(before, now))
  await repo.saveFact(trx, orderId, now, eventId)
  if (!buyerChanged) return

  const buyer = await repo.buyerOf(trx, now.store_id, now.customer_email)
  await repo.saveCustomer(trx, now.store_id, now.customer_email, buyer.now)
  await repo.addCustomerDays(trx, customerDayDeltas(now.store_id, buyer.before, buyer.now))
}
