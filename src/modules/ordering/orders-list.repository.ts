/**
 * The orders pages' SQL: filters, keyset pages newest first over (created_at, id) and the summary counts, for one
 * store or (storeId null, the admin's screen) the whole platform.
 */
import { type SelectQueryBuilder, sql } from 'kysely'
import { PAID_STATUSES } from '../../shared/ordering'
import type { OrderFiltersQuery, OrderPageQuery } from '../../shared/orders-list'
import { periodRange } from '../../shared/periods'
import type { OrderRow } from './repository'
import type { DbOrTrx, OrderingTables } from './tables'

type OrdersQuery<O> = SelectQueryBuilder<OrderingTables, 'orders', O>

/** One store's orders, or every store's (the platform's orders screen, admin only). */
export type OrdersScope = string | null

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The instants a date filter covers (São Paulo days, like the dashboard periods). */
export function dateFilterRange(date: OrderFiltersQuery['date'], now = new Date()) {
  if (date === 'all') return undefined
  const range = periodRange(date === 'today' ? 'today' : date === 'week' ? '7days' : '30days', now)
  return { from: range.from!, to: range.to }
}

export function applyOrderFilters<O>(q: OrdersQuery<O>, storeId: OrdersScope, f: OrderFiltersQuery, now = new Date()) {
  let out = storeId === null ? q : q.where('orders.store_id', '=', storeId)
  if (f.status !== 'all') out = out.where('orders.status', '=', f.status)
  if (f.payment !== 'all') out = out.where('orders.payment_method', '=', f.payment)
  // Migration 0140's index on (store_id, lower(coupon_code)).
  if (f.coupon) out = out.where(sql<boolean>`lower(orders.coupon_code) = lower(${f.coupon})`)
  const range = dateFilterRange(f.date, now)
  if (range) out = out.where('orders.created_at', '>=', range.from).where('orders.created_at', '<', range.to)
  const search = f.search.trim()
  if (search) {
    const like = `%${escapeLike(search)}%`
    const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : undefined
    // One expression for name and e-mail: the one migration 0061 indexes with trigrams.
    const text = sql<boolean>`(orders.customer_name || ' ' || orders.customer_email) ilike ${like}`
    out = out.where((eb) => (number !== undefined ? eb.or([text, eb('orders.order_number', '=', number)]) : text))
  }
  return out
}

/** One page of orders, newest first. */
export async function findOrdersPage(db: DbOrTrx, storeId: OrdersScope, query: OrderPageQuery): Promise<OrderRow[]> {
  let q = applyOrderFilters(db.selectFrom('orders').selectAll('orders'), storeId, query)
  if (query.after) {
    // The cursor row is read by primary key inside the query, with the store checked: a foreign id ends the list.
    const sameStore = storeId === null ? sql`` : sql` and c.store_id = ${storeId}`
    q = q.where(
      sql<boolean>`(orders.created_at, orders.id) < (select c.created_at, c.id from orders c where c.id = ${query.after}${sameStore})`,
    )
  }
  q = q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(query.limit)
  if (query.offset && !query.after) q = q.offset(query.offset)
  return q.execute()
}

/** The summary counts for the same filters, in cents. */
export async function countOrders(db: DbOrTrx, storeId: OrdersScope, filters: OrderFiltersQuery) {
  const paid = sql.join(PAID_STATUSES.map((s) => sql.lit(s)))
  const row = await applyOrderFilters(
    db
      .selectFrom('orders')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(total_cents) filter (where status in (${paid})), 0)`.as('paid'),
        sql<number>`count(*) filter (where status = 'PENDING')`.as('pending'),
        sql<number>`count(*) filter (where status = 'PROCESSING')`.as('processing'),
      ]),
    storeId,
    filters,
  ).executeTakeFirstOrThrow()
  return {
    total: Number(row.total),
    paidCents: Number(row.paid),
    pending: Number(row.pending),
    processing: Number(row.processing),
  }
}

/** The newest orders of a store (or of the platform) in an interval, for the dashboards. */
export async function findRecentOrders(
  db: DbOrTrx,
  scope: { storeId?: string; from: Date | null; to: Date; limit?: number },
): Promise<OrderRow[]> {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('created_at', '<', scope.to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(scope.limit ?? 5)
  if (scope.storeId) q = q.where('store_id', '=', scope.storeId)
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  return q.execute()
}
