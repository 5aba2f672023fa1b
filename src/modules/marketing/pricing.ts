/** The bump rules that need no database: pricing per discount type and eligibility for a cart. Pure, unit-tested. */
import type { BumpDiscountType, BumpPosition } from '../../shared/marketing'

export interface BumpPrice {
  finalCents: number
  originalCents: number
  savingsCents: number
}

/**
 * The discount applies to the product's real price, so a bump never costs more than the product; the "de" price
 * shown is the merchant's originalPrice when set (spec 002 §5: else the product price). Never below zero.
 */
export function priceBump(
  bump: { discount_type: BumpDiscountType; discount_value: number | null; original_price_cents: number | null },
  productPriceCents: number,
): BumpPrice {
  const value = bump.discount_value ?? 0
  let discount = 0
  if (bump.discount_type === 'PERCENTAGE') discount = Math.round((productPriceCents * value) / 10_000)
  else if (bump.discount_type === 'FIXED') discount = value
  const finalCents = Math.max(0, productPriceCents - discount)
  const originalCents = Math.max(bump.original_price_cents ?? productPriceCents, finalCents)
  return { finalCents, originalCents, savingsCents: originalCents - finalCents }
}

export interface CartFacts {
  productIds: Set<string>
  totalCents: number
  /** A checkout with no physical product has no address: a physical bump cannot ship there. */
  hasPhysical: boolean
}

export interface EligibilityBump {
  active: boolean
  position: BumpPosition
  product_id: string
  show_on_products: string[]
  min_cart_cents: number | null
  max_cart_cents: number | null
}

/**
 * Whether a bump is offered to this cart at this step: active, at the step's position (IN_CART bumps belong to the
 * cart, so every step offers them), product not already in the cart, `showOnProducts` empty or naming a cart
 * product, and the cart total (from database prices) within min/max.
 */
export function isEligible(
  bump: EligibilityBump,
  product: { type: 'PHYSICAL' | 'DIGITAL'; stock: number | null },
  cart: CartFacts,
  position?: BumpPosition,
): boolean {
  if (!bump.active) return false
  if (position && bump.position !== position && bump.position !== 'IN_CART') return false
  if (cart.productIds.has(bump.product_id)) return false
  if (bump.show_on_products.length > 0 && !bump.show_on_products.some((id) => cart.productIds.has(id))) return false
  if (bump.min_cart_cents != null && cart.totalCents < bump.min_cart_cents) return false
  if (bump.max_cart_cents != null && cart.totalCents > bump.max_cart_cents) return false
  if (product.type === 'PHYSICAL' && (!cart.hasPhysical || (product.stock ?? 0) <= 0)) return false
  return true
}
