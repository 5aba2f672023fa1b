import { describe, expect, it } from 'vitest'
import {
  allocate,
  discountBadge,
  installmentLabel,
  installmentOptions,
  interestLineLabel,
  longestPlanLabel,
  methodDiscountLabel,
  type PricingLine,
  pixPriceLabel,
  priceOrder,
  priceTableInstallment,
  upFrontPrices,
} from './pricing'

const main: PricingLine = { productId: 'p1', amountCents: 10_000, bump: false }
const bump: PricingLine = { productId: 'p2', amountCents: 2_990, bump: true }
const rules = { max: 24, interestFree: 6, monthlyRateBp: 289 }

describe('priceOrder: each step in order', () => {
  it('items and bumps, nothing else', () => {
    const p = priceOrder({ lines: [main, bump] })
    expect(p).toMatchObject({
      subtotalCents: 12_990,
      couponDiscountCents: 0,
      methodDiscountCents: 0,
      totalCents: 12_990,
    })
    expect(p.installments).toBe(1)
    expect(p.interestFree).toBe(true)
  })

  it('a percentage coupon discounts the main product only unless it covers bumps', () => {
    const coupon = { type: 'PERCENTAGE' as const, value: 1_000, productIds: [], appliesToBumps: false }
    expect(priceOrder({ lines: [main, bump], coupon }).couponDiscountCents).toBe(1_000)
    expect(priceOrder({ lines: [main, bump], coupon: { ...coupon, appliesToBumps: true } }).couponDiscountCents).toBe(
      1_299,
    )
  })

  it('a coupon for other products discounts nothing', () => {
    const coupon = { type: 'FIXED' as const, value: 500, productIds: ['other'], appliesToBumps: true }
    expect(priceOrder({ lines: [main, bump], coupon }).couponDiscountCents).toBe(0)
  })

  it('then the method discount on what the coupon left, then shipping (never discounted)', () => {
    const coupon = { type: 'FIXED' as const, value: 2_000, productIds: ['p1'], appliesToBumps: false }
    const p = priceOrder({ lines: [main], coupon, methodDiscountBp: 500, shippingCents: 1_590 })
    // 10000 − 2000 = 8000; 5% of 8000 = 400; + 1590 shipping
    expect(p).toMatchObject({ couponDiscountCents: 2_000, methodDiscountCents: 400, shippingCents: 1_590 })
    // The rate is kept for the lines that name it ('Desconto PIX (5%)').
    expect(p.methodDiscountBp).toBe(500)
    expect(p.totalCents).toBe(9_190)
    expect(p.lineDiscountsCents).toEqual([2_400])
  })

  it('rounds half a centavo up, once per step', () => {
    // 5% of 9,99 = 0,4995 → 0,50; 12,5% of 3,33 = 0,41625 → 0,42
    expect(priceOrder({ lines: [{ ...main, amountCents: 999 }], methodDiscountBp: 500 }).methodDiscountCents).toBe(50)
    const coupon = { type: 'PERCENTAGE' as const, value: 1_250, productIds: [], appliesToBumps: false }
    expect(priceOrder({ lines: [{ ...main, amountCents: 333 }], coupon }).couponDiscountCents).toBe(42)
  })

  it('a 100% coupon makes the goods free and a fixed coupon never goes below zero', () => {
    const full = { type: 'PERCENTAGE' as const, value: 10_000, productIds: [], appliesToBumps: true }
    const p = priceOrder({ lines: [main, bump], coupon: full, methodDiscountBp: 500, shippingCents: 1_000 })
    // Nothing left to discount: no rate to name either.
    expect(p).toMatchObject({
      couponDiscountCents: 12_990,
      methodDiscountCents: 0,
      methodDiscountBp: 0,
      totalCents: 1_000,
    })
    const big = { type: 'FIXED' as const, value: 50_000, productIds: [], appliesToBumps: false }
    expect(priceOrder({ lines: [main], coupon: big }).totalCents).toBe(0)
  })

  it('free shipping adds nothing', () => {
    expect(priceOrder({ lines: [main], shippingCents: 0 }).totalCents).toBe(10_000)
  })

  it('installments up to the interest-free limit carry no interest', () => {
    const p = priceOrder({ lines: [main], installments: 6, rules })
    expect(p).toMatchObject({
      totalCents: 10_000,
      interestCents: 0,
      installmentCents: 1_667,
      interestFree: true,
      monthlyRateBp: 0,
    })
  })

  it('24x with interest follows the Price table: R$ 1.000,00 at 1% a.m. is 24 × R$ 47,07', () => {
    const p = priceOrder({
      lines: [{ ...main, amountCents: 100_000 }],
      installments: 24,
      rules: { max: 24, interestFree: 1, monthlyRateBp: 100 },
    })
    expect(p.installmentCents).toBe(4_707)
    expect(p.totalCents).toBe(24 * 4_707)
    expect(p.interestCents).toBe(24 * 4_707 - 100_000)
    expect(p.interestFree).toBe(false)
    expect(p.monthlyRateBp).toBe(100)
  })

  it('interest applies to the discounted and shipped amount', () => {
    const p = priceOrder({ lines: [main], methodDiscountBp: 0, shippingCents: 2_000, installments: 12, rules })
    expect(p.installmentCents).toBe(priceTableInstallment(12_000, 289, 12))
    expect(p.totalCents).toBe(p.installmentCents * 12)
  })
})

describe('priceTableInstallment', () => {
  it('matches known Price-table values', () => {
    expect(priceTableInstallment(100_000, 100, 12)).toBe(8_885) // PMT(1%, 12, 1000) = 88,85
    expect(priceTableInstallment(100_000, 100, 24)).toBe(4_707) // PMT(1%, 24, 1000) = 47,07
    expect(priceTableInstallment(100_000, 0, 10)).toBe(10_000)
  })
})

describe('allocate', () => {
  it('splits exactly, largest remainder first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocate(1_299, [10_000, 2_990])).toEqual([1_000, 299])
    expect(allocate(0, [5, 5])).toEqual([0, 0])
  })
})

describe('labels', () => {
  it('reads sem juros or the total with interest', () => {
    const opts = installmentOptions(11_880, { max: 24, interestFree: 12, monthlyRateBp: 289 })
    expect(opts).toHaveLength(24)
    expect(installmentLabel(opts[11])).toBe('12x de R$ 9,90 sem juros')
    const eighteen = opts[17]
    expect(eighteen.interestFree).toBe(false)
    expect(installmentLabel(eighteen)).toBe('18x de R$ 8,56 com juros (2,89% a.m.) · total R$ 154,08')
    expect(eighteen.totalCents).toBe(eighteen.installmentCents * 18)
    expect(discountBadge(500)).toBe('5% OFF')
    expect(discountBadge(0)).toBeNull()
  })
})

describe('what the checkout tells up front (issue 33)', () => {
  // The store of the issue: R$ 89,90 + R$ 19,90 shipping, PIX 5% off, 12x with 3 sem juros and 2,99% a.m. after.
  const rules = { max: 12, interestFree: 3, monthlyRateBp: 299 }
  const lines = [{ productId: 'p', amountCents: 8_990, bump: false }]

  it('names the rate and the total of a plan with interest', () => {
    const six = installmentOptions(10_980, rules)[5]
    expect(installmentLabel(six)).toBe('6x de R$ 20,26 com juros (2,99% a.m.) · total R$ 121,56')
    expect(installmentLabel(installmentOptions(10_980, rules)[2])).toBe('3x de R$ 36,60 sem juros')
    expect(interestLineLabel(six)).toBe('Juros (6x de R$ 20,26 · 2,99% a.m.)')
  })

  it('the PIX price and the longest plan are what the order would charge', () => {
    const up = upFrontPrices({
      lines,
      shippingCents: 1_990,
      pix: { enabled: true, discountBp: 500 },
      card: { enabled: true, rules },
    })
    expect(up.pixCents).toBe(priceOrder({ lines, methodDiscountBp: 500, shippingCents: 1_990 }).totalCents)
    expect(pixPriceLabel(up.pixCents ?? 0)).toBe('R$ 105,30 no PIX')
    const twelve = priceOrder({ lines, shippingCents: 1_990, installments: 12, rules })
    expect(up.longestPlan?.installmentCents).toBe(twelve.installmentCents)
    expect(up.longestPlan?.totalCents).toBe(twelve.totalCents)
    expect(longestPlanLabel(up.longestPlan!)).toBe('ou até 12x de R$ 11,02 com juros')
    const free = upFrontPrices({
      lines,
      shippingCents: 0,
      pix: { enabled: false, discountBp: 500 },
      card: { enabled: true, rules: { ...rules, interestFree: 12 } },
    })
    expect(free.pixCents).toBeNull()
    expect(longestPlanLabel(free.longestPlan!)).toBe('ou até 12x de R$ 7,50 sem juros')
    const once = upFrontPrices({
      lines,
      shippingCents: 0,
      pix: { enabled: true, discountBp: 0 },
      card: { enabled: true, rules: { max: 1, interestFree: 1, monthlyRateBp: 0 } },
    })
    expect(once.longestPlan).toBeNull()
  })

  it('names the discount by its method, never "no pagamento"', () => {
    expect(methodDiscountLabel('PIX', 500)).toBe('Desconto PIX (5%)')
    expect(methodDiscountLabel('BOLETO', 250)).toBe('Desconto boleto (2,5%)')
    expect(methodDiscountLabel('BOLETO')).toBe('Desconto boleto')
  })
})
