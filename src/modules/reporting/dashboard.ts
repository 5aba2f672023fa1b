/**
 * Store and admin dashboards (spec 000) answered from the per-day rollups: a period costs its days, not its orders.
 * Only the five recent orders are read from ordering (newest first, by index). Figures are summed in cents here and
 * turned into the answers in dto.ts.
 */

import {
  type AdminDashboard,
  type AdminDashboardPeriod,
  PAID_STATUSES,
  type StoreDashboard,
  type StoreDashboardPeriod,
} from '../../shared/ordering'
import { dayRange, monthsBetween, periodRange, saoPauloMonth } from '../../shared/periods'
import { catalogService } from '../catalog'
import { identityService } from '../identity'
import { orderingReads } from '../ordering'
import { reviewsService } from '../reviews'
import { storesService } from '../stores'
import { type Figures, toAdminDashboardDto, toStoreDashboardDto } from './dto'
import { NOT_A_SALE } from './not-a-sale'
import type { DayWindow, TotalsRow } from './reports.repository'
import * as reports from './reports.repository'
import type { Db } from './tables'

const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status)

/** Sums rollup rows the way the dashboards count (method counts leave cancelled and wholly refunded orders out). */
export function sumFigures(rows: TotalsRow[]): Figures {
  const f: Figures = {
    orders: 0,
    paidCount: 0,
    paidCents: 0,
    pendingCount: 0,
    pendingCents: 0,
    cancelledCount: 0,
    deliveredCount: 0,
    byMethod: {},
  }
  for (const r of rows) {
    const m = f.byMethod[r.payment_method] ?? { count: 0, paidCount: 0, paidCents: 0 }
    f.byMethod[r.payment_method] = m
    f.orders += r.orders
    if (isPaid(r.status)) {
      f.paidCount += r.orders
      f.paidCents += r.cents
      m.paidCount += r.orders
      m.paidCents += r.cents
    }
    if (r.status === 'PENDING') {
      f.pendingCount += r.orders
      f.pendingCents += r.cents
    }
    if (r.status === 'CANCELLED') f.cancelledCount += r.orders
    if (!NOT_A_SALE.includes(r.status)) m.count += r.orders
    if (r.status === 'DELIVERED') f.deliveredCount += r.orders
  }
  return f
}

function windowOf(period: StoreDashboardPeriod, now: Date) {
  const range = periodRange(period, now)
  const { fromDay, toDay } = dayRange(range.from, range.to)
  const window: DayWindow = {
    fromDay,
    toDay,
    previousFromDay: range.previous ? dayRange(range.previous.from, range.previous.to).fromDay : null,
  }
  return { range, window }
}

async function currentAndPrevious(db: Db, storeId: string | undefined, w: DayWindow) {
  const rows = await reports.totalsByStatusAndMethod(db, storeId, w)
  return {
    cur: sumFigures(rows.filter((r) => r.current)),
    prev: w.previousFromDay ? sumFigures(rows.filter((r) => !r.current)) : undefined,
  }
}

async function revenueByMonth(db: Db, storeId: string | undefined, months: string[], toDay: string) {
  if (months.length === 0) return []
  const cents = await reports.paidRevenueByMonth(db, storeId, months[0], toDay)
  return months.map((m) => ({ month: m, cents: cents.get(m) ?? 0 }))
}

/** `db` is the reporting pool: however many queries a dashboard has, it holds at most two connections. */
export async function storeDashboard(
  db: Db,
  storeId: string,
  period: StoreDashboardPeriod,
  now = new Date(),
): Promise<StoreDashboard> {
  const { range, window } = windowOf(period, now)
  const nowMonth = saoPauloMonth(range.to)
  // The months the period touches; the last 12 for a year or all time.
  const months =
    range.from && period !== '1year'
      ? monthsBetween(saoPauloMonth(range.from), nowMonth)
      : monthsBetween('2000-01', nowMonth, 12)
  // Queued on the reporting pool (two connections), so at most two of these run at once.
  const [{ cur, prev }, counters, yesterday, monthly, totalProducts, recent] = await Promise.all([
    currentAndPrevious(db, storeId, window),
    reports.customerCounters(db, storeId, window),
    // Buyers active since a day are exact for periods that end now; yesterday is closed, so read its own facts.
    period === 'yesterday' ? reports.customersOfDays(db, storeId, window.fromDay!, window.toDay) : undefined,
    revenueByMonth(db, storeId, months, window.toDay),
    catalogService.countProducts(db, storeId),
    orderingReads.recentOrders(db, { storeId, from: range.from, to: range.to }),
  ])
  return toStoreDashboardDto({
    period,
    range,
    cur,
    prev,
    buyers: yesterday ?? counters,
    newBuyers: { now: counters.newNow, before: counters.newBefore },
    totalProducts,
    revenueByMonth: monthly,
    recent,
  })
}

async function topStores(db: Db, w: DayWindow) {
  const rows = await reports.topStoresByRevenue(db, w.fromDay, w.toDay)
  const described = await storesService.describeStores(
    db,
    rows.map((r) => r.storeId),
  )
  const stores = new Map(described.map((s) => [s.id, s]))
  const owners = new Map(
    (await identityService.describeUsers(db, [...new Set(described.map((s) => s.userId))])).map((u) => [u.id, u]),
  )
  return rows.map((r) => {
    const store = stores.get(r.storeId)
    const owner = store && owners.get(store.userId)
    return {
      id: r.storeId,
      name: store?.name ?? '--',
      owner: owner?.name || owner?.email || '--',
      cents: r.cents,
      orders: r.orders,
    }
  })
}

export async function adminDashboard(db: Db, period: AdminDashboardPeriod, now = new Date()): Promise<AdminDashboard> {
  const { range, window } = windowOf(period, now)
  const prevScope = range.previous!
  const range2 = { from: range.from ?? undefined, to: range.to }
  const [{ cur, prev }, top, recent, users, stores, activeStores, newUsers, prevUsers, newStores, prevStores, rating] =
    await Promise.all([
      currentAndPrevious(db, undefined, window),
      topStores(db, window),
      orderingReads.recentOrders(db, { from: range.from, to: range.to, withStoreNames: true }),
      identityService.countUsers(db),
      storesService.countStores(db),
      storesService.countStores(db, { status: 'ACTIVE' }),
      identityService.countUsers(db, range2),
      identityService.countUsers(db, prevScope),
      storesService.countStores(db, range2),
      storesService.countStores(db, prevScope),
      reviewsService.platformAverageRating(db),
    ])
  return toAdminDashboardDto({
    period,
    cur,
    prev,
    topStores: top,
    recent,
    users,
    stores,
    activeStores,
    newUsers: { now: newUsers, before: prevUsers },
    newStores: { now: newStores, before: prevStores },
    averageRating: rating,
  })
}
