import { describe, expect, it } from 'vitest'
import { centsOf, packageKey, packageOf, toShippingQuote, withMarkup } from './quote-rules'

describe('Melhor Envio quote rules', () => {
  it('stacks items into one box: weights and heights add up, the footprint is the largest', () => {
    const p = packageOf([
      { dims: { weightGrams: 300, heightCm: 4, widthCm: 20, lengthCm: 30 }, quantity: 2 },
      { dims: { weightGrams: 150, heightCm: 10, widthCm: 11, lengthCm: 16 }, quantity: 1 },
    ])
    expect(p).toEqual({ weight: 0.75, height: 18, width: 20, length: 30 })
    expect(packageKey(p)).toBe('750g:18x20x30')
  })

  it('reads Melhor Envio prices as cents and refuses anything else', () => {
    expect(centsOf('23.45')).toBe(2345)
    expect(centsOf('7')).toBe(700)
    expect(centsOf('-1.00')).toBeUndefined()
    expect(centsOf(undefined)).toBeUndefined()
  })

  it('adds the fixed or percent markup in cents', () => {
    expect(withMarkup(2000, { type: 'FIXED', amount: 250 })).toBe(2250)
    expect(withMarkup(2000, { type: 'PERCENT', amount: 1000 })).toBe(2200)
    expect(withMarkup(1999, { type: 'PERCENT', amount: 333 })).toBe(2066)
  })

  it('makes the option free from the threshold on, keeping the price for the struck-through display', () => {
    const rules = { markup: { type: 'FIXED' as const, amount: 100 }, freeAboveCents: 20_000 }
    const q = { serviceId: 2, name: 'Correios SEDEX', priceCents: 3000, days: 3 }
    expect(toShippingQuote(q, rules, 19_999)).toMatchObject({ id: 'me-2', priceCents: 3100, isFree: false })
    expect(toShippingQuote(q, rules, 20_000)).toMatchObject({
      priceCents: 0,
      originalPriceCents: 3100,
      isFree: true,
      estimatedDelivery: '3 dias úteis',
    })
  })
})
