import { toReais } from '../../shared/money'
import {
  formatOrderNumber,
  type OrderPaymentMethod,
  type OrderStatus,
  type OrderStatusResponse,
  PAID_STATUSES,
  type PlatformOrder,
  type StoreOrder,
} from '../../shared/ordering'
import type { Refund, RefundList } from '../../shared/refunds'
import { type Sale, salePaymentOf, saleStatusLabel, saleStatusOf } from '../../shared/sales'
import type { TrackingParams } from '../../shared/tracking'
import type { RefundRow } from './refunds.repository'
import type { OrderItemRow, OrderRow, paidFiguresByStore } from './repository'
import { storeOrderJson, toStoreOrderView } from './store-order.dto'
import type { ShippingAddress } from './tables'

/** pricing: the coupon, the discounts and the interest of an order, in reais. */
export function pricingOf(row: OrderRow) {
  return {
    couponCode: row.coupon_code,
    couponDiscount: toReais(row.coupon_discount_cents),
    methodDiscount: toReais(row.method_discount_cents),
    interest: toReais(row.interest_cents),
  }
}

/** The store view of an order (spec 000 §3), in reais: the orders screens' JSON (store-order.dto.ts). */
export function toStoreOrderDto(row: OrderRow, items: OrderItemRow[]): StoreOrder {
  return storeOrderJson(toStoreOrderView(row, items))
}

/** A row of the platform's orders screen (admin): the store view with its store's id and name. */
export function toPlatformOrderDto(row: OrderRow, items: OrderItemRow[], storeName: string): PlatformOrder {
  return { ...toStoreOrderDto(row, items), storeId: row.store_id, storeName }
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

/** An order's refunds, with what was refunded and what is left to refund, for its owner (reais). */
export function toRefundListDto(order: OrderRow, rows: RefundRow[], items: OrderItemRow[]): RefundList {
  const pending = rows.filter((r) => r.status === 'PENDING').reduce((sum, r) => sum + r.amount_cents, 0)
  const refundable = PAID_STATUSES.includes(order.status) ? order.total_cents - order.refunded_cents - pending : 0
  return {
    refunds: rows.map((r) => toRefundDto(r, items.find((i) => i.id === r.item_id)?.name ?? null)),
    refunded: order.refunded_cents / 100,
    refundable: Math.max(0, refundable) / 100,
  }
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

/** A row of the sales screen (spec 000 §2 'Vendas'), with Portuguese labels. */
export function toSaleDto(row: OrderRow, items: OrderItemRow[], storeName: string): Sale {
  return {
    id: row.id,
    orderNumber: formatOrderNumber(row.order_number),
    storeId: row.store_id,
    storeName,
    date: row.created_at.toISOString(),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      price: toReais(i.unit_price_cents),
    })),
    totalAmount: toReais(row.total_cents),
    status: saleStatusOf(row.status),
    statusLabel: saleStatusLabel(row.status, { chargeback: row.charged_back, refunded: row.refunded_cents }),
    paymentMethod: salePaymentOf(row.payment_method),
    chargeback: row.charged_back,
  }
}

/** What a line sold for after its share of the coupon and method discounts (UTMify, Conversions API). */
export function soldTotalCents(item: Pick<OrderItemRow, 'total_cents' | 'discount_cents'>): number {
  return Number(item.total_cents) - Number(item.discount_cents)
}

/** One unit of a line after its share of the discounts. */
export function soldUnitPriceCents(item: Pick<OrderItemRow, 'total_cents' | 'discount_cents' | 'quantity'>): number {
  return Math.floor(soldTotalCents(item) / Math.max(1, item.quantity))
}

/** The facts every order event carries (events.ts `orderFacts`). */
export function toOrderFacts(row: OrderRow, items: OrderItemRow[]) {
  return {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    productType: row.product_type,
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    placedAt: row.created_at.toISOString(),
    ...(row.checkout_session_id ? { checkoutSessionId: row.checkout_session_id } : {}),
    ...(row.plan_id ? { planId: row.plan_id } : {}),
    ...(row.subscription_id ? { subscriptionId: row.subscription_id, cycleNumber: row.cycle_number ?? 1 } : {}),
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      unitPriceCents: soldUnitPriceCents(i),
    })),
  }
}

/** The buyer's view of an order, before what a paid order gives access to is added (service.ts `orderStatus`). */
export function toOrderStatusDto(row: OrderRow): OrderStatusResponse {
  return {
    success: true,
    order: {
      id: row.id,
      orderNumber: formatOrderNumber(row.order_number),
      status: row.status,
      total: toReais(row.total_cents),
      paymentMethod: row.payment_method,
      productType: row.product_type,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    },
  }
}

/** Paid orders per store, for the admin user details (identity's store figures, in cents). */
export function toStoreFiguresDto({ totals, recent }: Awaited<ReturnType<typeof paidFiguresByStore>>) {
  const result = new Map<
    string,
    { totalOrders: number; totalRevenueCents: number; recentOrders: { createdAt: string }[] }
  >()
  for (const t of totals)
    result.set(t.store_id, { totalOrders: Number(t.orders), totalRevenueCents: Number(t.cents), recentOrders: [] })
  for (const r of recent) result.get(r.store_id)?.recentOrders.push({ createdAt: r.created_at.toISOString() })
  return result
}

/** What every view of one order starts with. */
export function orderHeadOf(row: OrderRow) {
  return {
    id: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    status: row.status,
    productType: row.product_type,
    paymentMethod: row.payment_method,
  }
}

export interface OrderSnapshotItem {
  // The four fields below are optional so that made-up snapshots (an integration's test sale) need not carry them.
  /** The line's id (order_items.id): what a refund of one line names. */
  id?: string
  productId: string
  name: string
  quantity: number
  unitPriceCents: number
  totalCents: number
  /** The line at its list price (unit × quantity), before its share of the discounts: what the checkout listed. */
  listTotalCents?: number
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
  /** The rates the order was priced with (0: none, or an order from before they were kept). */
  methodDiscountBp: number
  interestRateBp: number
  interestCents: number
  /** One installment of a card plan with interest (null: paid at once or no interest recorded). */
  installmentCents?: number | null
  totalCents: number
  customer: { name: string; email: string; phone: string; document: string }
  shippingAddress: ShippingAddress | null
  /** The chosen shipping option's name ('PAC', 'Retirada'), for the lines that show the freight. */
  shippingMethod?: string | null
  items: OrderSnapshotItem[]
  tracking: TrackingParams
  clientIp: string | null
  userAgent: string | null
  sandbox: boolean
  /** The subscription an order belongs to and its cycle (1: the first order, then its renewals); absent: a sale. */
  subscriptionId?: string
  cycleNumber?: number
  createdAt: Date
  paidAt: Date | null
  cancelledAt: Date | null
}

/** One order as the integrations that report it outside need it (snapshot.ts), in cents. */
export function toOrderSnapshot(row: OrderRow, items: OrderItemRow[]): OrderSnapshot {
  return {
    ...orderHeadOf(row),
    installments: row.installments,
    subtotalCents: Number(row.subtotal_cents),
    shippingCents: Number(row.shipping_cents),
    couponCode: row.coupon_code,
    couponDiscountCents: Number(row.coupon_discount_cents),
    methodDiscountCents: Number(row.method_discount_cents),
    interestCents: Number(row.interest_cents),
    methodDiscountBp: row.method_discount_bp,
    interestRateBp: row.interest_rate_bp,
    installmentCents: row.installment_cents === null ? null : Number(row.installment_cents),
    totalCents: Number(row.total_cents),
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      document: row.customer_document,
    },
    shippingAddress: row.shipping_address,
    shippingMethod: row.shipping_method,
    items: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      // After the line's share of the discounts: what the product sold for, as UTMify and Meta should count it.
      unitPriceCents: soldUnitPriceCents(i),
      totalCents: soldTotalCents(i),
      listTotalCents: Number(i.total_cents),
    })),
    tracking: row.tracking ?? {},
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    sandbox: row.sandbox,
    ...(row.subscription_id ? { subscriptionId: row.subscription_id, cycleNumber: row.cycle_number ?? 1 } : {}),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    cancelledAt: row.cancelled_at,
  }
}
