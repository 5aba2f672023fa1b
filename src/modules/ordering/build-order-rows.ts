/**
 * Placing an order, step 2 (pure): the priced order as the rows one transaction writes — the order, its items, its
 * event, its charge request, the stock to take and the coupon use to claim.
 */
import type { PricedBump } from '../marketing'
import {
  type OrderChargeRequest,
  type PlacedEvent,
  type PlacedIds,
  toChargeRequest,
  toOrderInsert,
  toOrderItemInserts,
  toPlacedEvent,
} from './place-order.dto'
import type { PlaceOrderInput, PricedOrder } from './price-order'
import type { NewItem, NewOrder } from './repository'

/** Stock a line takes; `bumpTitle` names a bump in the sold-out message. */
export interface StockTake {
  productId: string
  quantity: number
  bumpTitle?: string
}

export interface CouponUse {
  couponId: string
  orderId: string
  storeId: string
  email: string
  discountCents: number
  totalCents: number
}

export interface OrderRows {
  orderId: string
  storeId: string
  order: NewOrder
  items: NewItem[]
  /** Published with the order; a card order announces itself once its charge is not refused (attempts.ts). */
  placed: PlacedEvent | undefined
  charge: OrderChargeRequest
  /** Physical lines, the product first. */
  stock: StockTake[]
  coupon: CouponUse | null
  bumps: PricedBump[]
}

export function buildOrderRows(priced: PricedOrder, input: PlaceOrderInput, ids: PlacedIds): OrderRows {
  const { product, bumps, coupon, price } = priced
  return {
    orderId: ids.orderId,
    storeId: product.storeId,
    order: toOrderInsert(priced, input, ids),
    items: toOrderItemInserts(priced),
    placed: priced.paymentMethod === 'CREDIT_CARD' ? undefined : toPlacedEvent(priced, input, ids),
    charge: toChargeRequest(priced, input, ids),
    stock: [
      ...(product.type === 'PHYSICAL' ? [{ productId: product.id, quantity: priced.quantity }] : []),
      ...bumps
        .filter((b) => b.type === 'PHYSICAL')
        .map((b) => ({ productId: b.productId, quantity: b.quantity, bumpTitle: b.title })),
    ],
    coupon: coupon && {
      couponId: coupon.couponId,
      orderId: ids.orderId,
      storeId: product.storeId,
      email: input.payload.customer.email,
      discountCents: price.couponDiscountCents,
      totalCents: price.totalCents,
    },
    bumps,
  }
}
