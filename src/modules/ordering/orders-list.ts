/**
 * The store orders page on the server: filters in SQL, keyset pages newest first over (store_id, created_at, id),
 * the summary cards for the same filters, and the CSV export read in bounded batches.
 */
import { type SelectQueryBuilder, sql } from 'kysely'
import { toReais } from '../../shared/money'
import type { RecentOrder, StoreOrder } from '../../shared/ordering'
import { PAID_STATUSES } from '../../shared/ordering'
import type { OrderFiltersQuery, OrderPageQuery, OrderSummary } from '../../shared/orders-list'
import { periodRange } from '../../shared/periods'
import { storesService } from '../stores'
import { itemsByOrder, toRecentOrderDto, toStoreOrderDto } from './dto'
import * as repo from './repository'
import type { Db, DbOrTrx, OrderingTables } from './tables'

type OrdersQuery<O> = SelectQueryBuilder<OrderingTables, 'orders', O>

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The instants a date filter covers (São Paulo days, like the dashboard periods). */
export function dateFilterRange(date: OrderFiltersQuery['date'], now = new Date()) {
  if (date === 'all') return undefined
  const range = periodRange(date === 'today' ? 'today' : date === 'week' ? '7days' : '30days', now)
  return { from: range.from!, to: range.to }
}

export function applyOrderFilters<O>(q: OrdersQuery<O>, storeId: string, f: OrderFiltersQuery, now = new Date()) {
  let out = q.where('orders.store_id', '=', storeId)
  if (f.status !== 'all') out = out.where('orders.status', '=', f.status)
  if (f.payment !== 'all') out = out.where('orders.payment_method', '=', f.payment)
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

/** One page of the store's orders, newest first, with their items (one query for all of them). */
export async function listOrdersPage(db: DbOrTrx, storeId: string, query: OrderPageQuery): Promise<StoreOrder[]> {
  let q = applyOrderFilters(db.selectFrom('orders').selectAll('orders'), storeId, query)
  if (query.after) {
    // The cursor row is read by primary key inside the query, with the store checked: a foreign id ends the list.
    q = q.where(
      sql<boolean>`(orders.created_at, orders.id) < (select c.created_at, c.id from orders c where c.id = ${query.after} and c.store_id = ${storeId})`,
    )
  }
  q = q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(query.limit)
  if (query.offset && !query.after) q = q.offset(query.offset)
  const rows = await q.execute()
  const items = itemsByOrder(
    await repo.findItems(
      db,
      rows.map((r) => r.id),
    ),
  )
  return rows.map((r) => toStoreOrderDto(r, items.get(r.id) ?? []))
}

/** The summary cards, straight from the orders (the reporting module answers from rollups when it can). */
export async function summarizeOrders(db: DbOrTrx, storeId: string, filters: OrderFiltersQuery): Promise<OrderSummary> {
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
    paidRevenue: toReais(Number(row.paid)),
    pending: Number(row.pending),
    processing: Number(row.processing),
  }
}

const EXPORT_BATCH = 1000

/** Every matching order, newest first, a bounded batch at a time: the export never holds the whole list. */
export async function* exportOrders(db: Db, storeId: string, filters: OrderFiltersQuery): AsyncGenerator<StoreOrder[]> {
  let after: string | undefined
  for (;;) {
    const page = await listOrdersPage(db, storeId, { ...filters, limit: EXPORT_BATCH, after })
    if (page.length === 0) return
    yield page
    if (page.length < EXPORT_BATCH) return
    after = page[page.length - 1].id
  }
}

/** The newest orders of a store (or of the platform) in an interval, for the dashboards. */
export async function recentOrders(
  db: DbOrTrx,
  scope: { storeId?: string; from: Date | null; to: Date; limit?: number; withStoreNames?: boolean },
): Promise<RecentOrder[]> {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('created_at', '<', scope.to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(scope.limit ?? 5)
  if (scope.storeId) q = q.where('store_id', '=', scope.storeId)
  if (scope.from) q = q.where('created_at', '>=', scope.from)
  const rows = await q.execute()
  const items = itemsByOrder(
    await repo.findItems(
      db,
      rows.map((r) => r.id),
    ),
  )
  const names = new Map<string, string>()
  if (scope.withStoreNames)
    for (const s of await storesService.describeStores(db, [...new Set(rows.map((r) => r.store_id))]))
      names.set(s.id, s.name)
  return rows.map((r) =>
    toRecentOrderDto(r, items.get(r.id) ?? [], scope.withStoreNames ? (names.get(r.store_id) ?? '--') : undefined),
  )
}
