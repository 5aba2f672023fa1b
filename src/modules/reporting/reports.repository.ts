/** Dashboard reads over the rollups: their cost grows with the days (and stores) of a period, not with its orders. */
import { sql } from 'kysely'
import { PAID_STATUSES } from '../../shared/ordering'
import { NOT_A_SALE } from './not-a-sale'
import type { Db } from './tables'

export interface DayWindow {
  /** Inclusive first day of the period; null for all time. */
  fromDay: string | null
  /** Exclusive end day. */
  toDay: string
  /** First day of the window just before the period (it ends at fromDay); null when there is none. */
  previousFromDay: string | null
}

export interface TotalsRow {
  current: boolean
  status: string
  payment_method: string
  orders: number
  cents: number
}

/** Orders and money by status and method, for the period and the window before it, in one pass over days. */
export async function totalsByStatusAndMethod(db: Db, storeId: string | undefined, w: DayWindow): Promise<TotalsRow[]> {
  const current = w.fromDay ? sql<boolean>`day >= ${w.fromDay}` : sql<boolean>`true`
  let q = db
    .selectFrom('reporting_daily')
    .select([
      current.as('current'),
      'status',
      'payment_method',
      sql<number>`sum(orders)`.as('orders'),
      sql<number>`sum(total_cents)`.as('cents'),
    ])
    .where('day', '<', w.toDay)
    .groupBy([sql`1`, 'status', 'payment_method'])
  const start = w.previousFromDay ?? w.fromDay
  if (start) q = q.where('day', '>=', start)
  if (storeId) q = q.where('store_id', '=', storeId)
  return (await q.execute()).map((r) => ({ ...r, orders: Number(r.orders), cents: Number(r.cents) }))
}

/**
 * Buyer counters of a store: customers whose last order (cancelled aside) is on or after `fromDay` — for a period that
 * ends now, exactly the distinct buyers of the period — those of them with two or more orders, and the buyers whose
 * first order fell in the period and in the window before it (the trend).
 */
export async function customerCounters(db: Db, storeId: string, w: DayWindow) {
  const from = w.fromDay ?? '0001-01-01'
  const prev = w.previousFromDay ?? from
  const row = await db
    .selectFrom('reporting_customer_days')
    .select([
      sql<number>`coalesce(sum(last_seen) filter (where day >= ${from}), 0)`.as('active'),
      sql<number>`coalesce(sum(returning_last_seen) filter (where day >= ${from}), 0)`.as('returning'),
      sql<number>`coalesce(sum(first_seen) filter (where day >= ${from} and day < ${w.toDay}), 0)`.as('newNow'),
      sql<number>`coalesce(sum(first_seen) filter (where day >= ${prev} and day < ${from}), 0)`.as('newBefore'),
    ])
    .where('store_id', '=', storeId)
    .where('day', '>=', prev)
    .executeTakeFirstOrThrow()
  return {
    active: Number(row.active),
    returning: Number(row.returning),
    newNow: Number(row.newNow),
    newBefore: Number(row.newBefore),
  }
}

/** Distinct and returning buyers of a closed window of days (yesterday): reads that window's order facts only. */
export async function customersOfDays(db: Db, storeId: string, fromDay: string, toDay: string) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('reporting_order_facts')
        .select('customer_email')
        .distinct()
        .where('store_id', '=', storeId)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .where('status', 'not in', NOT_A_SALE)
        .as('b'),
    )
    .leftJoin('reporting_customers as c', (j) =>
      j.onRef('c.customer_email', '=', 'b.customer_email').on('c.store_id', '=', storeId),
    )
    .select([sql<number>`count(*)`.as('active'), sql<number>`count(*) filter (where c.orders >= 2)`.as('returning')])
    .executeTakeFirstOrThrow()
  return { active: Number(row.active), returning: Number(row.returning) }
}

/** Paid revenue per São Paulo month from `fromMonth` (YYYY-MM) until `toDay` (exclusive). */
export async function paidRevenueByMonth(db: Db, storeId: string | undefined, fromMonth: string, toDay: string) {
  const month = sql<string>`to_char(day, 'YYYY-MM')`
  let q = db
    .selectFrom('reporting_daily')
    .select([month.as('month'), sql<number>`sum(total_cents)`.as('cents')])
    .where('status', 'in', PAID_STATUSES)
    .where('day', '>=', `${fromMonth}-01`)
    .where('day', '<', toDay)
    .groupBy(month)
  if (storeId) q = q.where('store_id', '=', storeId)
  return new Map((await q.execute()).map((r) => [r.month, Number(r.cents)]))
}

/** The stores with the most paid revenue in a window of days. */
export async function topStoresByRevenue(db: Db, fromDay: string | null, toDay: string, limit = 5) {
  let q = db
    .selectFrom('reporting_daily')
    .select(['store_id', sql<number>`sum(orders)`.as('orders'), sql<number>`sum(total_cents)`.as('cents')])
    .where('status', 'in', PAID_STATUSES)
    .where('day', '<', toDay)
    .groupBy('store_id')
    .orderBy(sql`sum(total_cents)`, 'desc')
    .limit(limit)
  if (fromDay) q = q.where('day', '>=', fromDay)
  return (await q.execute()).map((r) => ({ storeId: r.store_id, orders: Number(r.orders), cents: Number(r.cents) }))
}
