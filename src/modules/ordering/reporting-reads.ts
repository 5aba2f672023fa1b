/**
 * What reporting reads of the orders, in cents: the facts its rollups count (a query its own statements embed), the
 * newest orders a dashboard lists and the summary counts of a text search. Reporting maps them to its answers.
 */

import { expose } from '../../platform/db'
import { formatOrderNumber, normalizeOrderStatus, type OrderStatus } from '../../shared/ordering'
import type { OrderFiltersQuery } from '../../shared/orders-list'
import { orderFactsQuery } from './order-facts.repository'
import { storeNames, withItems } from './orders-list'
import { countOrders, findRecentOrders } from './orders-list.repository'
import type { DbOrTrx } from './tables'

export type { OrderFactRow, OrderFactsQuery } from './order-facts.repository'

/** One of the newest orders, as a dashboard lists it (money in cents). */
export interface RecentOrderFacts {
  id: string
  orderNumber: string
  customerName: string
  items: { name: string; quantity: number }[]
  paymentMethod: string
  /** Only when asked for (the admin's dashboard lists every store's orders). */
  storeName?: string
  createdAt: Date
  totalCents: number
  status: OrderStatus
  chargeback: boolean
  refundedCents: number
}

/** The newest orders of a store (or of the platform) in an interval, newest first, with their items. */
async function recentOrders(
  db: DbOrTrx,
  scope: { storeId?: string; from: Date | null; to: Date; limit?: number; withStoreNames?: boolean },
): Promise<RecentOrderFacts[]> {
  const rows = await findRecentOrders(db, scope)
  const [items, names] = await Promise.all([
    withItems(db, rows),
    scope.withStoreNames
      ? storeNames(
          db,
          rows.map((r) => r.store_id),
        )
      : undefined,
  ])
  return rows.map((r) => ({
    id: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    customerName: r.customer_name,
    items: (items.get(r.id) ?? []).map((i) => ({ name: i.name, quantity: i.quantity })),
    paymentMethod: r.payment_method,
    ...(names ? { storeName: names.get(r.store_id) ?? '--' } : {}),
    createdAt: r.created_at,
    totalCents: r.total_cents,
    status: normalizeOrderStatus(r.status),
    chargeback: r.charged_back,
    refundedCents: r.refunded_cents,
  }))
}

/** A store's orders matching the filters: how many, paid cents, pending and processing (straight from SQL). */
function countStoreOrders(db: DbOrTrx, storeId: string, filters: OrderFiltersQuery) {
  return countOrders(db, storeId, filters)
}

export const orderingReads = expose({
  /** Every order (or these) as the sales figures count it: a query to embed, never run by ordering. */
  orderFacts: orderFactsQuery,
  recentOrders,
  countStoreOrders,
})
