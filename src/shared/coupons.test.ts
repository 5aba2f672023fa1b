import { describe, expect, it } from 'vitest'
import { COUPON_MESSAGES, couponInputSchema, normalizeEmail } from './coupons'

const errorsOf = (input: Record<string, unknown>) => {
  const r = couponInputSchema.safeParse(input)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('coupon form rules', () => {
  it('accepts a minimal coupon with its defaults', () => {
    const r = couponInputSchema.parse({ code: 'BEMVINDO', discountType: 'PERCENTAGE', discountValue: '10,5' })
    expect(r).toMatchObject({ discountValue: 10.5, productIds: [], appliesToBumps: false, active: true, maxUses: null })
  })

  it('refuses each bad field with its message', () => {
    const base = { code: 'X', discountType: 'PERCENTAGE', discountValue: 10 }
    expect(errorsOf({ ...base, code: 'com espaco' })).toEqual({ code: COUPON_MESSAGES.codeFormat })
    expect(errorsOf({ ...base, code: 'A'.repeat(41) })).toEqual({ code: COUPON_MESSAGES.codeFormat })
    expect(errorsOf({ ...base, discountValue: 100.01 })).toEqual({ discountValue: COUPON_MESSAGES.percentMax })
    expect(errorsOf({ ...base, discountValue: 'abc' })).toEqual({ discountValue: COUPON_MESSAGES.value })
    expect(errorsOf({ ...base, discountValue: 0 })).toEqual({ discountValue: COUPON_MESSAGES.value })
    expect(errorsOf({ ...base, maxUses: '1.5' })).toEqual({ maxUses: COUPON_MESSAGES.uses })
    expect(errorsOf({ ...base, startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' })).toEqual({
      endsAt: COUPON_MESSAGES.period,
    })
  })
})

describe('normalizeEmail', () => {
  it('counts case, +tags and Gmail dots as one buyer', () => {
    expect(normalizeEmail(' Ana.Silva+promo@GMAIL.com ')).toBe('anasilva@gmail.com')
    expect(normalizeEmail('ana.silva@googlemail.com')).toBe('anasilva@gmail.com')
    expect(normalizeEmail('Ana.Silva+x@Example.com')).toBe('ana.silva@example.com')
  })
})
