/**
 * One order as the integrations that report it outside (UTMify, Meta Conversions API) need it. They subscribe to the
 * ordering events and read the order through this function, never through ordering's tables.
 */

import { formatOrderNumber, type OrderPaymentMethod, type OrderStatus } from '../../shared/ordering'
import type { TrackingParams } from '../../shared/tracking'
import { isUuid } from '../stores'
import { soldTotalCents, soldUnitPriceCents } from './dto'
import * as repo from './repository'
import type { DbOrTrx, ShippingAddress } from './tables'

export interface OrderSnapshotItem {
  productId: string
  name: string
  quantity: number
  unitPriceCents: number
  totalCents: number
}

export interface OrderSnapshot {
  id: string
  storeId: string
  orderNumber: string
  status: OrderStatus
  productType: 'PHYSICAL' | 'DIGITAL'
  paymentMethod: OrderPaymentMethod
  installments: number | null
  subtotalCents: number
  shippingCents: number
  /** The price's steps (src/shared/pricing.ts); totalCents is what the buyer was charged. */
  couponCode: string | null
  couponDiscountCents: number
  methodDiscountCents: number
  interestCents: number
  totalCents: number
  customer: { name: string; email: string; phone: string; document: string }
  shippingAddress: ShippingAddress | null
  items: OrderSnapshotItem[]
  tracking: TrackingParams
  clientIp: string | null
  userAgent: string | null
  sandbox: boolean
  createdAt: Date
  paidAt: Date | null
  cancelledAt: Date | null
}

export async function orderSnapshot(db: DbOrTrx, orderId: string): Promise<OrderSnapshot | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  const items = await repo.findItems(db, [row.id])
  return {
    id: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    status: row.status,
    productType: row.product_type,
    paymentMethod: row.payment_method,
    installments: row.installments,
    subtotalCents: Number(row.subtotal_cents),
    shippingCents: Number(row.shipping_cents),
    couponCode: row.coupon_code,
    couponDiscountCents: Number(row.coupon_discount_cents),
    methodDiscountCents: Number(row.method_discount_cents),
    interestCents: Number(row.interest_cents),
    totalCents: Number(row.total_cents),
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      document: row.customer_document,
    },
    shippingAddress: row.shipping_address,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      // After the line's share of the discounts: what the product sold for, as UTMify and Meta should count it.
      unitPriceCents: soldUnitPriceCents(i),
      totalCents: soldTotalCents(i),
    })),
    tracking: row.tracking ?? {},
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    sandbox: row.sandbox,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    cancelledAt: row.cancelled_at,
  }
}
