/**
 * The orders pages: one store's (the merchant's 'Pedidos') and the platform's (the admin's screen, each row with its
 * store's name), the summary cards for the same filters, and the CSV export read in bounded batches. The SQL is in
 * orders-list.repository.ts, the mapping to answers in dto.ts.
 */

import type { PlatformOrder, StoreOrder } from '../../shared/ordering'
import {
  type OrderFiltersQuery,
  type OrderPageQuery,
  type OrderSummary,
  toOrderSummary,
} from '../../shared/orders-list'
import { storesService } from '../stores'
import { itemsByOrder, toPlatformOrderDto, toStoreOrderDto } from './dto'
import { countOrders, findOrdersPage, type OrdersScope } from './orders-list.repository'
import * as repo from './repository'
import type { Db, DbOrTrx } from './tables'

export { applyOrderFilters, dateFilterRange } from './orders-list.repository'

export async function withItems(db: DbOrTrx, rows: repo.OrderRow[]) {
  return itemsByOrder(
    await repo.findItems(
      db,
      rows.map((r) => r.id),
    ),
  )
}

/** Store names by id, asked of the stores module (ordering never reads its table). */
export async function storeNames(db: DbOrTrx, storeIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(storeIds)]
  return new Map((await storesService.describeStores(db, ids)).map((s) => [s.id, s.name]))
}

/** One page of the store's orders, newest first, with their items (one query for all of them). */
export async function listOrdersPage(db: DbOrTrx, storeId: string, query: OrderPageQuery): Promise<StoreOrder[]> {
  const rows = await findOrdersPage(db, storeId, query)
  const items = await withItems(db, rows)
  return rows.map((r) => toStoreOrderDto(r, items.get(r.id) ?? []))
}

/** One page of every store's orders (admin), newest first, each with its store's id and name. */
export async function listPlatformOrdersPage(db: DbOrTrx, query: OrderPageQuery): Promise<PlatformOrder[]> {
  const rows = await findOrdersPage(db, null, query)
  const [items, names] = await Promise.all([
    withItems(db, rows),
    storeNames(
      db,
      rows.map((r) => r.store_id),
    ),
  ])
  return rows.map((r) => toPlatformOrderDto(r, items.get(r.id) ?? [], names.get(r.store_id) ?? '--'))
}

/** The summary cards, straight from the orders (the reporting module answers from rollups when it can). */
export async function summarizeOrders(
  db: DbOrTrx,
  storeId: OrdersScope,
  filters: OrderFiltersQuery,
): Promise<OrderSummary> {
  return toOrderSummary(await countOrders(db, storeId, filters))
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
