import { describe, expect, it } from 'vitest'
import { isEligible, priceBump } from './pricing'

const bump = (over: Partial<Parameters<typeof isEligible>[0]> = {}) => ({
  active: true,
  position: 'BEFORE_PAYMENT' as const,
  product_id: 'bump-product',
  show_on_products: [],
  min_cart_cents: null,
  max_cart_cents: null,
  ...over,
})
const cart = (total = 10_000, ids = ['main']) => ({ productIds: new Set(ids), totalCents: total, hasPhysical: true })
const physical = { type: 'PHYSICAL' as const, stock: 5 }

describe('priceBump', () => {
  it('prices NONE, PERCENTAGE (basis points) and FIXED in cents, never below zero', () => {
    const none = { discount_type: 'NONE' as const, discount_value: null, original_price_cents: null }
    expect(priceBump(none, 4000)).toEqual({ finalCents: 4000, originalCents: 4000, savingsCents: 0 })
    expect(priceBump({ ...none, original_price_cents: 6000 }, 4000)).toEqual({
      finalCents: 4000,
      originalCents: 6000,
      savingsCents: 2000,
    })
    const pct = { discount_type: 'PERCENTAGE' as const, discount_value: 3333, original_price_cents: null }
    expect(priceBump(pct, 999)).toEqual({ finalCents: 666, originalCents: 999, savingsCents: 333 })
    expect(priceBump({ ...pct, discount_value: 10_000 }, 999).finalCents).toBe(0)
    const fixed = { discount_type: 'FIXED' as const, discount_value: 5000, original_price_cents: null }
    expect(priceBump(fixed, 4000)).toEqual({ finalCents: 0, originalCents: 4000, savingsCents: 4000 })
  })
})

describe('isEligible', () => {
  it('follows position, cart, showOnProducts, min/max and shipping rules', () => {
    expect(isEligible(bump(), physical, cart(), 'BEFORE_PAYMENT')).toBe(true)
    expect(isEligible(bump(), physical, cart(), 'AFTER_SHIPPING')).toBe(false)
    expect(isEligible(bump({ position: 'IN_CART' }), physical, cart(), 'AFTER_SHIPPING')).toBe(true)
    expect(isEligible(bump({ active: false }), physical, cart())).toBe(false)
    expect(isEligible(bump(), physical, cart(10_000, ['main', 'bump-product']))).toBe(false)
    expect(isEligible(bump({ show_on_products: ['other'] }), physical, cart())).toBe(false)
    expect(isEligible(bump({ show_on_products: ['other', 'main'] }), physical, cart())).toBe(true)
    expect(isEligible(bump({ min_cart_cents: 10_001 }), physical, cart())).toBe(false)
    expect(isEligible(bump({ min_cart_cents: 10_000, max_cart_cents: 10_000 }), physical, cart())).toBe(true)
    expect(isEligible(bump({ max_cart_cents: 9_999 }), physical, cart())).toBe(false)
    expect(isEligible(bump(), { type: 'PHYSICAL', stock: 0 }, cart())).toBe(false)
    expect(isEligible(bump(), physical, { ...cart(), hasPhysical: false })).toBe(false)
    expect(isEligible(bump(), { type: 'DIGITAL', stock: null }, { ...cart(), hasPhysical: false })).toBe(true)
  })
})
