import { sql } from 'kysely'
import type { Db } from '../../platform/db'
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
import { catalogService } from '../catalog'
import { identityService } from '../identity'
import { storesService } from '../stores'
import { itemsByOrder, toRecentOrderDto } from './dto'
import { monthsBetween, periodRange, saoPauloMonth, trend } from './periods'
import * as repo from './repository'

const paid = sql.join(PAID_STATUSES.map((s) => sql.lit(s)))
const round1 = (n: number) => Math.round(n * 10) / 10

interface Scope {
  storeId?: string
  from: Date | null
  to: Date
}

/** One pass over the orders of a scope: counts and sums by status and method. */
async function figures(db: Db, scope: Scope) {
  let q = db
    .selectFrom('orders')
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`count(*) filter (where status in (${paid}))`.as('paidCount'),
      sql<number>`coalesce(sum(total_cents) filter (where status in (${paid})), 0)`.as('paidCents'),
      sql<number>`count(*) filter (where status = 'PENDING')`.as('pendingCount'),
      sql<number>`coalesce(sum(total_cents) filter (where status = 'PENDING'), 0)`.as('pendingCents'),
      sql<number>`count(*) filter (where status = 'CANCELLED')`.as('cancelledCount'),
      sql<number>`count(*) filter (where status = 'DELIVERED')`.as('deliveredCount'),
      sql<number>`count(*) filter (where payment_method = 'PIX' and status <> 'CANCELLED')`.as('pixCount'),
      sql<number>`count(*) filter (where payment_method = 'CREDIT_CARD' and status <> 'CANCELLED')`.as('cardCount'),
      sql<number>`count(*) filter (where payment_method = 'BANK_SLIP' and status <> 'CANCELLED')`.as('boletoCount'),
      sql<number>`count(distinct customer_email) filter (where status <> 'CANCELLED')`.as('customers'),
    ])
  if (scope.storeId) q = q.where('store_id', '=', scope.storeId)
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  q = q.where('created_at', '<', scope.to)
  const row = await q.executeTakeFirstOrThrow()
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<keyof typeof row, number>
}

/** Customers of the period who have bought from the store at least twice (all time, cancelled orders aside). */
async function returningCustomers(db: Db, scope: Scope & { storeId: string }): Promise<number> {
  let period = db
    .selectFrom('orders')
    .select('customer_email')
    .where('store_id', '=', scope.storeId)
    .where('status', '<>', 'CANCELLED')
    .where('created_at', '<', scope.to)
  if (scope.from) period = period.where('created_at', '>=', scope.from)
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('orders')
        .select('customer_email')
        .where('store_id', '=', scope.storeId)
        .where('status', '<>', 'CANCELLED')
        .where('customer_email', 'in', period)
        .groupBy('customer_email')
        .having(sql`count(*)`, '>=', 2)
        .as('r'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function revenueByMonth(db: Db, scope: Scope, months: string[]) {
  if (months.length === 0) return []
  const month = sql<string>`to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')`
  let q = db
    .selectFrom('orders')
    .select([month.as('month'), sql<number>`coalesce(sum(total_cents), 0)`.as('cents')])
    .where('status', 'in', PAID_STATUSES)
    .where(month, '>=', months[0])
    .where('created_at', '<', scope.to)
    .groupBy(month)
  if (scope.storeId) q = q.where('store_id', '=', scope.storeId)
  const rows = new Map((await q.execute()).map((r) => [r.month, Number(r.cents)]))
  return months.map((m) => ({ month: m, revenue: toReais(rows.get(m) ?? 0) }))
}

async function recentOrders(db: Db, scope: Scope, withStoreNames: boolean) {
  let q = db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').limit(5)
  if (scope.storeId) q = q.where('store_id', '=', scope.storeId)
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  q = q.where('created_at', '<', scope.to)
  const rows = await q.execute()
  const items = itemsByOrder(
    await repo.findItems(
      db,
      rows.map((r) => r.id),
    ),
  )
  const names = new Map<string, string>()
  if (withStoreNames)
    for (const s of await storesService.describeStores(db, [...new Set(rows.map((r) => r.store_id))]))
      names.set(s.id, s.name)
  return rows.map((r) =>
    toRecentOrderDto(r, items.get(r.id) ?? [], withStoreNames ? (names.get(r.store_id) ?? '--') : undefined),
  )
}

const avg = (cents: number, count: number) => (count ? toReais(Math.round(cents / count)) : 0)

export async function storeDashboard(db: Db, storeId: string, period: StoreDashboardPeriod): Promise<StoreDashboard> {
  const range = periodRange(period)
  const scope = { storeId, from: range.from, to: range.to }
  const [cur, prev, returning, totalProducts, recent] = await Promise.all([
    figures(db, scope),
    range.previous ? figures(db, { storeId, ...range.previous }) : Promise.resolve(undefined),
    returningCustomers(db, scope),
    catalogService.countProducts(db, storeId),
    recentOrders(db, scope, false),
  ])
  const nowMonth = saoPauloMonth(range.to)
  // The months the period touches; the last 12 for a year or all time.
  const months =
    range.from && period !== '1year'
      ? monthsBetween(saoPauloMonth(range.from), nowMonth)
      : monthsBetween('2000-01', nowMonth, 12)
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
      pixOrdersCount: cur.pixCount,
      cardOrdersCount: cur.cardCount,
      boletoOrdersCount: cur.boletoCount,
      totalCustomers: cur.customers,
      returningCustomers: returning,
      totalProducts,
      revenueByMonth: await revenueByMonth(db, scope, months),
      recentOrders: recent,
      trends: {
        revenue: prev ? trend(cur.paidCents, prev.paidCents) : null,
        orders: prev ? trend(cur.orders, prev.orders) : null,
        averageOrderValue: prev ? trend(aov, avg(prev.paidCents, prev.paidCount)) : null,
        customers: prev ? trend(cur.customers, prev.customers) : null,
      },
    },
  }
}

async function topStores(db: Db, scope: Scope) {
  let q = db
    .selectFrom('orders')
    .select(['store_id', sql<number>`count(*)`.as('orders'), sql<number>`sum(total_cents)`.as('cents')])
    .where('status', 'in', PAID_STATUSES)
    .where('created_at', '<', scope.to)
    .groupBy('store_id')
    .orderBy(sql`sum(total_cents)`, 'desc')
    .limit(5)
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  const rows = await q.execute()
  const stores = new Map(
    (
      await storesService.describeStores(
        db,
        rows.map((r) => r.store_id),
      )
    ).map((s) => [s.id, s]),
  )
  return rows.map((r) => {
    const store = stores.get(r.store_id)
    return {
      id: r.store_id,
      name: store?.name ?? '--',
      owner: store?.ownerName || store?.ownerEmail || '--',
      revenue: toReais(Number(r.cents)),
      orders: Number(r.orders),
    }
  })
}

async function paymentMethods(db: Db, scope: Scope) {
  let q = db
    .selectFrom('orders')
    .select(['payment_method', sql<number>`count(*)`.as('n'), sql<number>`sum(total_cents)`.as('cents')])
    .where('status', 'in', PAID_STATUSES)
    .where('created_at', '<', scope.to)
    .groupBy('payment_method')
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  const rows = await q.execute()
  const total = rows.reduce((s, r) => s + Number(r.n), 0)
  return rows
    .map((r) => ({
      type: r.payment_method,
      name: ORDER_PAYMENT_LABELS[r.payment_method as OrderPaymentMethod] ?? r.payment_method,
      percentage: total ? round1((Number(r.n) / total) * 100) : 0,
      value: toReais(Number(r.cents)),
    }))
    .sort((a, b) => b.value - a.value)
}

export async function adminDashboard(db: Db, period: AdminDashboardPeriod): Promise<AdminDashboard> {
  const range = periodRange(period)
  const scope = { from: range.from, to: range.to }
  const prevScope = range.previous!
  const range2 = { from: range.from ?? undefined, to: range.to }
  const [cur, prev, top, methods, recent, users, stores, activeStores, newUsers, prevUsers, newStores, prevStores] =
    await Promise.all([
      figures(db, scope),
      figures(db, prevScope),
      topStores(db, scope),
      paymentMethods(db, scope),
      recentOrders(db, scope, true),
      identityService.countUsers(db),
      storesService.countStores(db),
      storesService.countStores(db, { status: 'ACTIVE' }),
      identityService.countUsers(db, range2),
      identityService.countUsers(db, prevScope),
      storesService.countStores(db, range2),
      storesService.countStores(db, prevScope),
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
      revenueTrend: trend(cur.paidCents, prev.paidCents),
      ordersTrend: trend(cur.orders, prev.orders),
      storesTrend: trend(newStores, prevStores),
      usersTrend: trend(newUsers, prevUsers),
      paymentMethods: methods,
      averageRating: null,
      deliveryRate: cur.paidCount ? round1((cur.deliveredCount / cur.paidCount) * 100) : null,
      customerSatisfaction: null,
      totalViews: null,
    },
    topStores: top,
    recentOrders: recent,
  }
}
