import { PAID_STATUSES } from '../../shared/ordering'
import * as repo from './buyer-orders.repository'
import { orderPageToken } from './order-page'
import { findItems } from './repository'
import type { DbOrTrx } from './tables'

/** One line the buyer bought, and whether it gives access now (paid, not refunded, not charged back). */
export interface BuyerLine {
  orderId: string
  storeId: string
  orderNumber: number
  itemId: string
  productId: string
  name: string
  paidAt: Date | null
  access: boolean
  /** As the order has them: a stamped PDF says whom it was licensed to. */
  customerName: string
  customerEmail: string
}

const normal = (email: string) => email.trim().toLowerCase()

/** The buyer's orders (every store) with their lines and the link to each order's page, newest first. */
export async function buyerOrders(
  db: DbOrTrx,
  appSecret: string,
  email: string,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    repo.ordersByEmail(db, normal(email), page),
    repo.countOrdersByEmail(db, normal(email)),
  ])
  const items = await findItems(
    db,
    rows.map((r) => r.id),
  )
  const orders = rows.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    orderNumber: r.order_number,
    status: r.status,
    productType: r.product_type,
    totalCents: r.total_cents,
    refundedCents: r.refunded_cents,
    chargedBack: r.charged_back,
    paymentMethod: r.payment_method,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    pageUrl: `/pedido/${r.id}?t=${encodeURIComponent(orderPageToken(appSecret, r.id))}`,
    items: items
      .filter((i) => i.order_id === r.id)
      .map((i) => ({ name: i.name, quantity: i.quantity, refunded: i.refunded_at !== null })),
  }))
  return { orders, total }
}

/**
 * Every line of the buyer's orders (optionally only for some products), each saying whether it gives access now: a
 * whole refund or a chargeback turns the order REFUNDED, a line refund marks the line; either ends the access.
 */
export async function buyerLines(db: DbOrTrx, email: string, productIds?: string[]): Promise<BuyerLine[]> {
  if (productIds?.length === 0) return []
  const rows = await repo.linesByEmail(db, normal(email), productIds)
  return rows.map((r) => ({
    orderId: r.order_id,
    storeId: r.store_id,
    orderNumber: r.order_number,
    itemId: r.item_id,
    productId: r.product_id,
    name: r.name,
    paidAt: r.paid_at,
    access: PAID_STATUSES.includes(r.status) && r.refunded_at === null,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
  }))
}

/** Whether any order was placed with this e-mail (the sign-in link is only sent then). */
export async function hasOrders(db: DbOrTrx, email: string): Promise<boolean> {
  return (await repo.countOrdersByEmail(db, normal(email))) > 0
}
