/**
 * The summary cards of the orders page. Without a text search every filter (status, payment, São Paulo days) is a
 * rollup dimension, so the cards read days; a search needs the orders themselves, which ordering counts in SQL.
 */

import { PAID_STATUSES } from '../../shared/ordering'
import { type OrderFiltersQuery, type OrderSummary, toOrderSummary } from '../../shared/orders-list'
import { dayRange, periodRange } from '../../shared/periods'
import { orderingReads } from '../ordering'
import { sumFigures } from './dashboard'
import * as reports from './reports.repository'
import type { Db } from './tables'

const PERIOD = { today: 'today', week: '7days', month: '30days' } as const

export async function ordersSummary(
  db: Db,
  storeId: string,
  filters: OrderFiltersQuery,
  now = new Date(),
): Promise<OrderSummary> {
  if (filters.search.trim()) return toOrderSummary(await orderingReads.countStoreOrders(db, storeId, filters))
  const range = filters.date === 'all' ? { from: null, to: now } : periodRange(PERIOD[filters.date], now)
  const { fromDay, toDay } = dayRange(range.from, range.to)
  const rows = (await reports.totalsByStatusAndMethod(db, storeId, { fromDay, toDay, previousFromDay: null })).filter(
    (r) =>
      (filters.status === 'all' || r.status === filters.status) &&
      (filters.payment === 'all' || r.payment_method === filters.payment),
  )
  const f = sumFigures(rows)
  return toOrderSummary({
    total: f.orders,
    paidCents: rows.filter((r) => PAID_STATUSES.includes(r.status as never)).reduce((s, r) => s + r.cents, 0),
    pending: f.pendingCount,
    processing: rows.filter((r) => r.status === 'PROCESSING').reduce((s, r) => s + r.orders, 0),
  })
}
