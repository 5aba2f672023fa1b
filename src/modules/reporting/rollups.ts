/**
 * Rollups kept by the ordering events. Every event of an order does the same thing: compare the order as it stands
 * with what it last contributed (reporting_order_facts) and move the difference into the per-day figures and the
 * buyer counters. A repeated event finds no difference, a late one (paid before placed) converges to the same
 * figures, so the handlers are idempotent without trusting event order.
 */

import { orderingReads } from '../ordering'
import { NOT_A_SALE } from './not-a-sale'
import type { CustomerRow, OrderFact } from './rollups.repository'
import * as repo from './rollups.repository'
import type { Db, Trx } from './tables'

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

/** What a set of fact changes moves in the per-day figures, merged by key and sorted (the order rows are locked in). */
function dailyDeltas(changes: { before?: OrderFact; now?: OrderFact }[]): repo.DailyDelta[] {
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
  for (const { before, now } of changes) {
    if (before) add(before, -1)
    if (now) add(now, 1)
  }
  return sorted(deltas).filter((d) => d.orders !== 0 || d.total_cents !== 0)
}

/** What buyers moving from their recorded row to their current one change in the per-day buyer counters. */
function customerDayDeltas(buyers: { store_id: string; before?: CustomerRow; now?: CustomerRow }[]) {
  const deltas = new Map<string, repo.CustomerDayDelta>()
  const at = (storeId: string, day: string) => {
    const k = key(storeId, day)
    const d = deltas.get(k) ?? { store_id: storeId, day, last_seen: 0, returning_last_seen: 0, first_seen: 0 }
    deltas.set(k, d)
    return d
  }
  for (const b of buyers) {
    for (const [row, sign] of [
      [b.before, -1],
      [b.now, 1],
    ] as const) {
      if (!row) continue
      at(b.store_id, row.last_day).last_seen += sign
      if (row.orders >= 2) at(b.store_id, row.last_day).returning_last_seen += sign
      at(b.store_id, row.first_day).first_seen += sign
    }
  }
  return sorted(deltas).filter((d) => d.last_seen || d.returning_last_seen || d.first_seen)
}

/** A map's values by key: every statement touches rows in the same order, so concurrent batches do not deadlock. */
function sorted<T>(m: Map<string, T>): T[] {
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
}

/** A buyer counts for an order that was not cancelled nor wholly refunded: the same orders revenue leaves out. */
const counts = (f: OrderFact | undefined) => Boolean(f && !NOT_A_SALE.includes(f.status))

/**
 * Brings the rollups in line with these orders, in the caller's transaction: a handful of statements whether the
 * relay brought one order or a hundred (each `eventId` is recorded as the order's last applied event).
 */
export async function applyOrders(trx: Trx, events: { orderId: string; eventId: string }[]): Promise<void> {
  const eventOf = new Map(events.map((e) => [e.orderId, e.eventId]))
  const orderIds = [...eventOf.keys()].sort()
  await repo.lockKeys(
    trx,
    orderIds.map((id) => `order:${id}`),
  )
  const facts = await repo.factsOf(trx, orderIds, orderingReads.orderFacts(trx, orderIds))
  // Nothing to move for a repeated or late event, or one that changes nothing the rollups count.
  const changes = orderIds.flatMap((orderId) => {
    const { now, before } = facts.get(orderId) ?? {}
    return now && !(before && sameFact(now, before)) ? [{ orderId, now, before }] : []
  })
  if (changes.length === 0) return
  const buyers = new Map<string, repo.Buyer>()
  for (const { now, before } of changes)
    if (counts(before) !== counts(now) || before?.day !== now.day)
      buyers.set(key(now.store_id, now.customer_email), { store_id: now.store_id, email: now.customer_email })
  await repo.lockKeys(trx, [...buyers.values()].map((b) => `buyer:${b.store_id}:${b.email}`).sort())

  await repo.addDaily(trx, dailyDeltas(changes))
  await repo.saveFacts(
    trx,
    changes.map((c) => ({ orderId: c.orderId, fact: c.now, eventId: eventOf.get(c.orderId)! })),
  )
  if (buyers.size === 0) return

  const rows = await repo.buyersOf(trx, sorted(buyers))
  await repo.saveCustomers(trx, rows)
  await repo.addCustomerDays(trx, customerDayDeltas(rows))
}

/** The use case of a burst of ordering events: one transaction for all of their orders. */
export async function applyOrderEvents(db: Db, events: { orderId: string; eventId: string }[]): Promise<void> {
  await db.transaction().execute((trx) => applyOrders(trx, events))
}
