/**
 * One order in the store view: in integer cents across the module contract (`orderingService.storeOrder`, the
 * merchant webhook's data), in reais only at the edge where the JSON shows them (`storeOrderJson`: the orders
 * screen and the webhook body, spec 000 §3).
 */
import { toReais } from '../../shared/money'
import { formatOrderNumber, normalizeOrderStatus, orderStatusLabel, type StoreOrder } from '../../shared/ordering'
import { type TrackingParams, UTM_PARAMS } from '../../shared/tracking'
import type { OrderItemRow, OrderRow } from './repository'

type Reais = 'subtotal' | 'shippingCost' | 'couponDiscount' | 'methodDiscount' | 'interest' | 'total' | 'refunded'

export interface StoreOrderView extends Omit<StoreOrder, Reais | 'items'> {
  subtotalCents: number
  shippingCents: number
  couponDiscountCents: number
  methodDiscountCents: number
  interestCents: number
  totalCents: number
  refundedCents: number
  items: {
    id: string
    refunded: boolean
    quantity: number
    /** The line total at its list price. */
    totalCents: number
    /** What the buyer paid for the line: its total less its share of the coupon and method discounts. */
    paidCents: number
    unitPriceCents: number
    product: { id: string; name: string; imageUrl: string | null }
    bumpId: string | null
  }[]
}

/** What the merchant sees of the attribution: the campaign parameters, not Meta's browser ids. */
function attributionOf(tracking: TrackingParams | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of UTM_PARAMS) if (tracking?.[key]) out[key] = tracking[key]
  return out
}

export function toStoreOrderView(row: OrderRow, items: OrderItemRow[]): StoreOrderView {
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
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    couponCode: row.coupon_code,
    couponDiscountCents: row.coupon_discount_cents,
    methodDiscountCents: row.method_discount_cents,
    interestCents: row.interest_cents,
    totalCents: row.total_cents,
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
    refundedCents: row.refunded_cents,
    items: items.map((i) => ({
      id: i.id,
      refunded: i.refunded_at !== null,
      quantity: i.quantity,
      totalCents: i.total_cents,
      paidCents: Number(i.total_cents) - Number(i.discount_cents),
      unitPriceCents: i.unit_price_cents,
      product: { id: i.product_id, name: i.name, imageUrl: i.image_url },
      bumpId: i.bump_id,
    })),
  }
}

/** The store view as JSON shows it (reais), the same fields in the same order as before the cents contract. */
export function storeOrderJson(v: StoreOrderView): StoreOrder {
  return {
    id: v.id,
    orderNumber: v.orderNumber,
    transactionId: v.transactionId,
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    customerPhone: v.customerPhone,
    customerDocument: v.customerDocument,
    status: v.status,
    statusLabel: orderStatusLabel(v.status, { chargeback: v.chargeback, refunded: v.refundedCents }),
    paymentMethod: v.paymentMethod,
    paymentData: v.paymentData,
    paidAfterCancel: v.paidAfterCancel,
    chargeback: v.chargeback,
    productType: v.productType,
    subtotal: toReais(v.subtotalCents),
    shippingCost: toReais(v.shippingCents),
    couponCode: v.couponCode,
    couponDiscount: toReais(v.couponDiscountCents),
    methodDiscount: toReais(v.methodDiscountCents),
    interest: toReais(v.interestCents),
    total: toReais(v.totalCents),
    createdAt: v.createdAt,
    paidAt: v.paidAt,
    shippingAddress: v.shippingAddress,
    shippingMethod: v.shippingMethod,
    estimatedDelivery: v.estimatedDelivery,
    notes: v.notes,
    tracking: v.tracking,
    refunded: toReais(v.refundedCents),
    items: v.items.map((i) => ({
      id: i.id,
      refunded: i.refunded,
      quantity: i.quantity,
      price: toReais(i.totalCents),
      paid: toReais(i.paidCents),
      unitPrice: toReais(i.unitPriceCents),
      product: i.product,
      bumpId: i.bumpId,
    })),
  }
}
