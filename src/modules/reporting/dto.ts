/**
 * Reporting's answers: the figures are summed in cents (dashboard.ts, orders-summary.ts) and become reais here, once,
 * with the rates and averages the screens show.
 */
import { toReais } from '../../shared/money'
import {
  type AdminDashboard,
  type AdminDashboardPeriod,
  ORDER_PAYMENT_LABELS,
  type OrderPaymentMethod,
  PLATFORM_FEE_PERCENTAGE,
  type RecentOrder,
  type StoreDashboard,
  type StoreDashboardPeriod,
} from '../../shared/ordering'
import { trend } from '../../shared/periods'
import type { RecentOrderFacts } from '../ordering'

/** Orders and cents of a window by status and method (see sumFigures in dashboard.ts). */
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

interface Range {
  from: Date | null
  to: Date
}

const round1 = (n: number) => Math.round(n * 10) / 10
/** The average order in cents (whole cents). */
const averageCents = (cents: number, count: number) => (count ? Math.round(cents / count) : 0)

export function toRecentOrderDto(o: RecentOrderFacts): RecentOrder {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    customerName: o.customerName,
    items: o.items,
    paymentMethod: o.paymentMethod,
    ...(o.storeName !== undefined ? { storeName: o.storeName } : {}),
    createdAt: o.createdAt.toISOString(),
    total: toReais(o.totalCents),
    status: o.status,
    chargeback: o.chargeback,
    refunded: o.refundedCents / 100,
  }
}

export function toStoreDashboardDto(f: {
  period: StoreDashboardPeriod
  range: Range
  cur: Figures
  /** The window just before the period; absent for all time. */
  prev: Figures | undefined
  /** Distinct and returning buyers of the period. */
  buyers: { active: number; returning: number }
  /** Buyers whose first order fell in the period and in the window before it. */
  newBuyers: { now: number; before: number }
  totalProducts: number
  revenueByMonth: { month: string; cents: number }[]
  recent: RecentOrderFacts[]
}): StoreDashboard {
  const { cur, prev } = f
  const aov = toReais(averageCents(cur.paidCents, cur.paidCount))
  return {
    period: f.period,
    range: { from: f.range.from?.toISOString() ?? null, to: f.range.to.toISOString() },
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
      totalCustomers: f.buyers.active,
      returningCustomers: f.buyers.returning,
      totalProducts: f.totalProducts,
      revenueByMonth: f.revenueByMonth.map((m) => ({ month: m.month, revenue: toReais(m.cents) })),
      recentOrders: f.recent.map(toRecentOrderDto),
      trends: {
        revenue: prev ? trend(cur.paidCents, prev.paidCents) : null,
        orders: prev ? trend(cur.orders, prev.orders) : null,
        averageOrderValue: prev ? trend(aov, toReais(averageCents(prev.paidCents, prev.paidCount))) : null,
        // New buyers of the period against new buyers of the window before (distinct buyers of a past window
        // would need its history).
        customers: prev ? trend(f.newBuyers.now, f.newBuyers.before) : null,
      },
    },
  }
}

function paymentMethods(f: Figures) {
  const total = Object.values(f.byMethod).reduce((s, m) => s + m.paidCount, 0)
  return Object.entries(f.byMethod)
    .filter(([, m]) => m.paidCount > 0)
    .sort(([, a], [, b]) => b.paidCents - a.paidCents)
    .map(([type, m]) => ({
      type,
      name: ORDER_PAYMENT_LABELS[type as OrderPaymentMethod] ?? type,
      percentage: total ? round1((m.paidCount / total) * 100) : 0,
      value: toReais(m.paidCents),
    }))
}

export function toAdminDashboardDto(f: {
  period: AdminDashboardPeriod
  cur: Figures
  prev: Figures | undefined
  topStores: { id: string; name: string; owner: string; cents: number; orders: number }[]
  recent: RecentOrderFacts[]
  users: number
  stores: number
  activeStores: number
  /** New users and stores of the period and of the window before it. */
  newUsers: { now: number; before: number }
  newStores: { now: number; before: number }
  averageRating: number | null
}): AdminDashboard {
  const { cur, prev } = f
  return {
    period: f.period,
    systemMetrics: {
      totalRevenue: toReais(cur.paidCents),
      totalOrders: cur.orders,
      totalStores: f.stores,
      totalUsers: f.users,
      activeStores: f.activeStores,
      platformFee: toReais(Math.round((cur.paidCents * PLATFORM_FEE_PERCENTAGE) / 100)),
      platformFeePercentage: PLATFORM_FEE_PERCENTAGE,
      averageOrderValue: toReais(averageCents(cur.paidCents, cur.paidCount)),
      revenueTrend: trend(cur.paidCents, prev?.paidCents),
      ordersTrend: trend(cur.orders, prev?.orders),
      storesTrend: trend(f.newStores.now, f.newStores.before),
      usersTrend: trend(f.newUsers.now, f.newUsers.before),
      paymentMethods: paymentMethods(cur),
      averageRating: f.averageRating,
      deliveryRate: cur.paidCount ? round1((cur.deliveredCount / cur.paidCount) * 100) : null,
      customerSatisfaction: null,
      totalViews: null,
    },
    topStores: f.topStores.map((s) => ({
      id: s.id,
      name: s.name,
      owner: s.owner,
      revenue: toReais(s.cents),
      orders: s.orders,
    })),
    recentOrders: f.recent.map(toRecentOrderDto),
  }
}
