/**
 * Store and admin dashboards (spec 000) answered from the per-day rollups: a period costs its days, not its orders.
 * Only the five recent orders are read from the orders themselves (newest first, by index).
 */

import { toReais } from '../../shared/money'
import {
  type AdminDashboard,
  type AdminDashboardPeriod,
  ORDER_PAYMENT_LABELS,
  type OrderPaymentMethod,
  PAID_STATUSES,
  PLATFORM_FEE_PERCENTAGE,
  type StoreDashboard,
  type StoreDashboardPeriod,
} from '../../shared/ordering'
import { dayRange, monthsBetween, periodRange, saoPauloMonth, trend } from '../../shared/periods'
import { catalogService } from '../catalog'
import { identityService } from '../identity'
import { orderingService } from '../ordering'
import { reviewsService } from '../reviews'
import { storesService } from '../stores'
import type { DayWindow, TotalsRow } from './reports.repository'
import * as reports from './reports.repository'
import type { Db } from './tables'

const round1 = (n: number) => Math.round(n * 10) / 10
const avg = (cents: number, count: number) => (count ? toReais(Math.round(cents / count)) : 0)
const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status)

export interface Figures {
  orders: number
  paidCount: number
  paidCents: number
  pendingCount: number
  pendingCents: number
  cancelledCount: number
  deliveredCount: number
  byMethod: Record<string, { count: number; paidCount: number; paidCents: number }>
}

/** Sums rollup rows the way the dashboards count (method counts leave cancelled orders out). */
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
    else m.count += r.orders
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
  return months.map((m) => ({ month: m, revenue: toReais(cents.get(m) ?? 0) }))
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
    orderingService.recentOrders(db, { storeId, from: range.from, to: range.to }),
  ])
  const buyers = yesterday ?? counters
  const aov = avg(cur.paidCents, cur.paidCount)
  return {
    period,
    range: { from: range.from?.toISOString() ?? null, to: range.to.toISOString() },
    metrics: {
      totalRevenue: toReais(cur.paidCents + cur.pendingCents),
      totalOrders: cur.orders,
      averageOrderValue: aov,
      paidRevenue: toReais(cur.paidCents),
      pendingRevenue: toReais(cur.pendingCents),
      paidOrdersCount: cur.paidCount,
      pendingOrdersCount: cur.pendingCount,
      cancelledOrdersCount: cur.cancelledCount,
      conversionRate: cur.orders ? round1((cur.paidCount / cur.orders) * 100) : 0,
      pixOrdersCount: cur.byMethod.PIX?.count ?? 0,
      cardOrdersCount: cur.byMethod.CREDIT_CARD?.count ?? 0,
      boletoOrdersCount: cur.byMethod.BANK_SLIP?.count ?? 0,
      totalCustomers: buyers.active,
      returningCustomers: buyers.returning,
      totalProducts,
      revenueByMonth: monthly,
      recentOrders: recent,
      trends: {
        revenue: prev ? trend(cur.paidCents, prev.paidCents) : null,
        orders: prev ? trend(cur.orders, prev.orders) : null,
        averageOrderValue: prev ? trend(aov, avg(prev.paidCents, prev.paidCount)) : null,
        // New buyers of the period against new buyers of the window before (distinct buyers of a past window
        // would need its history).
        customers: prev ? trend(counters.newNow, counters.newBefore) : null,
      },
    },
  }
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
      revenue: toReais(r.cents),
      orders: r.orders,
    }
  })
}

function paymentMethods(f: Figures) {
  const total = Object.values(f.byMethod).reduce((s, m) => s + m.paidCount, 0)
  return Object.entries(f.byMethod)
    .filter(([, m]) => m.paidCount > 0)
    .map(([type, m]) => ({
      type,
      name: ORDER_PAYMENT_LABELS[type as OrderPaymentMethod] ?? type,
      percentage: total ? round1((m.paidCount / total) * 100) : 0,
      value: toReais(m.paidCents),
    }))
    .sort((a, b) => b.value - a.value)
}

export async function adminDashboard(db: Db, period: AdminDashboardPeriod, now = new Date()): Promise<AdminDashboard> {
  const { range, window } = windowOf(period, now)
  const prevScope = range.previous!
  const range2 = { from: range.from ?? undefined, to: range.to }
  const [{ cur, prev }, top, recent, users, stores, activeStores, newUsers, prevUsers, newStores, prevStores, rating] =
    await Promise.all([
      currentAndPrevious(db, undefined, window),
      topStores(db, window),
      orderingService.recentOrders(db, { from: range.from, to: range.to, withStoreNames: true }),
      identityService.countUsers(db),
      storesService.countStores(db),
      storesService.countStores(db, { status: 'ACTIVE' }),
      identityService.countUsers(db, range2),
      identityService.countUsers(db, prevScope),
      storesService.countStores(db, range2),
      storesService.countStores(db, prevScope),
      reviewsService.platformAverageRating(db),
    ])
  const revenue = toReais(cur.paidCents)
  return {
    period,
    systemMetrics: {
      totalRevenue: revenue,
      totalOrders: cur.orders,
      totalStores: stores,
      totalUsers: users,
      activeStores,
      platformFee: Math.round(revenue * PLATFORM_FEE_PERCENTAGE) / 100,
      platformFeePercentage: PLATFORM_FEE_PERCENTAGE,
      averageOrderValue: avg(cur.paidCents, cur.paidCount),
      revenueTrend: trend(cur.paidCents, prev?.paidCents),
      ordersTrend: trend(cur.orders, prev?.orders),
      storesTrend: trend(newStores, prevStores),
      usersTrend: trend(newUsers, prevUsers),
      paymentMethods: paymentMethods(cur),
      averageRating: rating,
      deliveryRate: cur.paidCount ? round1((cur.deliveredCount / cur.paidCount) * 100) : null,
      customerSatisfaction: null,
      totalViews: null,
    },
    topStores: top,
    recentOrders: recent,
  }
}
