import { toReais } from '../../shared/money'
import { formatOrderNumber, normalizeOrderStatus, type RecentOrder, type StoreOrder } from '../../shared/ordering'
import type { Refund } from '../../shared/refunds'
import { type TrackingParams, UTM_PARAMS } from '../../shared/tracking'
import type { RefundRow } from './refunds.repository'
import type { OrderItemRow, OrderRow } from './repository'

/** What the merchant sees of the attribution: the campaign parameters, not Meta's browser ids. */
function attributionOf(tracking: TrackingParams | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of UTM_PARAMS) if (tracking?.[key]) out[key] = tracking[key]
  return out
}

/** pricing: the coupon, the discounts and the interest of an order, in reais. */
export function pricingOf(row: OrderRow) {
  return {
    couponCode: row.coupon_code,
    couponDiscount: toReais(row.coupon_discount_cents),
    methodDiscount: toReais(row.method_discount_cents),
    interest: toReais(row.interest_cents),
  }
}

/** The store view of an order (spec 000 §3), in reais. */
export function toStoreOrderDto(row: OrderRow, items: OrderItemRow[]): StoreOrder {
  const address = row.shipping_address
  return {
    id: row.id,
    orderNumber: formatOrderNumber(row.order_number),
    transactionId: row.transaction_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    customerDocument: row.customer_document,
    status: normalizeOrderStatus(row.status),
    paymentMethod: row.payment_method,
    paymentData: { method: row.payment_method, installments: row.installments },
    paidAfterCancel: row.paid_after_cancel_at
      ? { at: row.paid_after_cancel_at.toISOString(), transactionId: row.paid_after_cancel_transaction_id }
      : null,
    chargeback: row.charged_back,
    productType: row.product_type,
    subtotal: toReais(row.subtotal_cents),
    shippingCost: toReais(row.shipping_cents),
    ...pricingOf(row),
    total: toReais(row.total_cents),
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    shippingAddress: address
      ? {
          street: address.street,
          number: address.number,
          complement: address.complement ?? null,
          neighborhood: address.neighborhood ?? null,
          city: address.city,
          state: address.state,
          zipCode: address.zipCode,
        }
      : null,
    shippingMethod: row.shipping_method,
    estimatedDelivery: row.estimated_delivery,
    notes: row.notes,
    tracking: attributionOf(row.tracking),
    refunded: toReais(row.refunded_cents),
    items: items.map((i) => ({
      id: i.id,
      refunded: i.refunded_at !== null,
      quantity: i.quantity,
      price: toReais(i.total_cents),
      unitPrice: toReais(i.unit_price_cents),
      product: { id: i.product_id, name: i.name, imageUrl: i.image_url },
      bumpId: i.bump_id,
    })),
  }
}

export function toRecentOrderDto(row: OrderRow, items: OrderItemRow[], storeName?: string): RecentOrder {
  return {
    id: row.id,
    orderNumber: formatOrderNumber(row.order_number),
    customerName: row.customer_name,
    items: items.map((i) => ({ name: i.name, quantity: i.quantity })),
    paymentMethod: row.payment_method,
    ...(storeName !== undefined ? { storeName } : {}),
    createdAt: row.created_at.toISOString(),
    total: toReais(row.total_cents),
    status: normalizeOrderStatus(row.status),
    chargeback: row.charged_back,
  }
}

/** Groups items by order id. */
export function itemsByOrder(items: OrderItemRow[]): Map<string, OrderItemRow[]> {
  const map = new Map<string, OrderItemRow[]>()
  for (const item of items) {
    const list = map.get(item.order_id)
    if (list) list.push(item)
    else map.set(item.order_id, [item])
  }
  return map
}

/** One refund of an order, for its owner (reais). */
export function toRefundDto(row: RefundRow, itemName: string | null): Refund {
  return {
    id: row.id,
    amount: toReais(row.amount_cents),
    itemId: row.item_id,
    itemName,
    reason: row.reason,
    status: row.status,
    error: row.error_message,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  }
}
