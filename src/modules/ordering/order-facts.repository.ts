/**
 * The orders as reporting may read them: a query another module's statement embeds (its rollups are written in the
 * same statement that reads the orders), so ordering keeps its table and says what an order counts for.
 */
import { type SelectQueryBuilder, sql } from 'kysely'
import type { OrderPaymentMethod, OrderStatus } from '../../shared/ordering'
import type { DbOrTrx, OrderingTables } from './tables'

/** One order as the sales figures count it. */
export interface OrderFactRow {
  order_id: string
  store_id: string
  created_at: Date
  payment_method: OrderPaymentMethod
  status: OrderStatus
  /** What the order sold, in cents: a partial refund (the order keeps its paid status) takes its amount off; a whole
   * refund is counted by its REFUNDED status, with the order's total, as before refunds existed. */
  net_cents: number
  customer_email: string
}

export type OrderFactsQuery = SelectQueryBuilder<OrderingTables, 'orders', OrderFactRow>

/** Every order, or only `orderIds` (by primary key). Not run here: the caller embeds it (`.as('o')`) in its SQL. */
export function orderFactsQuery(db: DbOrTrx, orderIds?: readonly string[]): OrderFactsQuery {
  const q = db
    .selectFrom('orders')
    .select([
      'id as order_id',
      'store_id',
      'created_at',
      'payment_method',
      'status',
      sql<number>`case when status = 'REFUNDED' then total_cents else total_cents - refunded_cents end`.as('net_cents'),
      'customer_email',
    ])
  return orderIds ? q.where(sql<boolean>`id = any(${orderIds}::uuid[])`) : q
}
