/**
 * An order's price from what the database says (product, bumps, shipping, the store's coupon and payment rules),
 * through the one pricing function (src/shared/pricing.ts). The order and the buyer's quote both come here, so the
 * figure on the buyer's screen is the figure charged.
 */

import { type PriceBreakdown, type PricingLine, priceOrder } from '../../shared/pricing'
import { type CheckedCoupon, marketingService, type PricedBump } from '../marketing'
import type { CheckoutPayments } from '../payments'
import type { Db } from './tables'

export type ChargeMethod = 'PIX' | 'CREDIT_CARD' | 'BOLETO'

export interface CartToPrice {
  storeId: string
  product: { id: string; priceCents: number }
  quantity: number
  bumps: readonly PricedBump[]
  shippingCents: number
  couponCode?: string | null
  /** The buyer's e-mail, for a coupon's per-e-mail limit (unknown on an early quote). */
  email?: string
  method: ChargeMethod
  installments: number
  payments: CheckoutPayments
}

export interface PricedCart {
  breakdown: PriceBreakdown
  coupon: CheckedCoupon | null
  lines: PricingLine[]
}

export function linesOf(cart: Pick<CartToPrice, 'product' | 'quantity' | 'bumps'>): PricingLine[] {
  return [
    { productId: cart.product.id, amountCents: cart.product.priceCents * cart.quantity, bump: false },
    ...cart.bumps.map((b) => ({ productId: b.productId, amountCents: b.unitPriceCents * b.quantity, bump: true })),
  ]
}

/** Checks the coupon (a 400 with the reason when refused) and prices the cart for the chosen method and plan. */
export async function priceCart(db: Db, cart: CartToPrice): Promise<PricedCart> {
  const lines = linesOf(cart)
  const code = cart.couponCode?.trim()
  const coupon = code
    ? await marketingService.checkCoupon(db, { storeId: cart.storeId, code, email: cart.email, lines })
    : null
  const breakdown = priceOrder({
    lines,
    coupon: coupon?.pricing,
    methodDiscountBp: cart.payments.pricing.discountBp[cart.method],
    shippingCents: cart.shippingCents,
    installments: cart.method === 'CREDIT_CARD' ? cart.installments : 1,
    rules: cart.payments.pricing.rules,
  })
  return { breakdown, coupon, lines }
}

/**
 * The gateway's item lines summing to the charged amount: each product at its price after its share of the
 * discounts, then shipping and the interest as lines of their own.
 */
export function chargeLines<T extends { title: string; unitPriceCents: number; quantity: number }>(
  goods: T[],
  breakdown: PriceBreakdown,
  extras: { shipping?: T; interest: (cents: number) => T },
): T[] {
  const lines = goods.map((g, i) => {
    const discount = breakdown.lineDiscountsCents[i] ?? 0
    if (discount === 0) return g
    const lineCents = g.unitPriceCents * g.quantity - discount
    // A line whose discounted total does not divide by its quantity is sent as one line of the whole amount.
    return lineCents % g.quantity === 0
      ? { ...g, unitPriceCents: lineCents / g.quantity }
      : { ...g, unitPriceCents: lineCents, quantity: 1 }
  })
  if (extras.shipping && breakdown.shippingCents > 0) lines.push(extras.shipping)
  if (breakdown.interestCents > 0) lines.push(extras.interest(breakdown.interestCents))
  return lines
}
