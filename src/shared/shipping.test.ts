import { describe, expect, it } from 'vitest'
import { formatDecimalInput, parseDecimalInput, shippingOptionInputSchema } from './shipping'

describe('decimal comma in the shipping form', () => {
  it('reads Brazilian and dotted decimals alike', () => {
    expect(parseDecimalInput('1.234,56')).toBe('1234.56')
    expect(parseDecimalInput('12,5')).toBe('12.5')
    expect(parseDecimalInput('12.50')).toBe('12.50')
    expect(parseDecimalInput(7)).toBe(7)
  })

  it('writes a saved number back the way the merchant types it', () => {
    expect(formatDecimalInput(1234.56, 2)).toBe('1234,56')
    expect(formatDecimalInput(10, 2)).toBe('10,00')
    expect(formatDecimalInput(1.6)).toBe('1,6')
    expect(formatDecimalInput(0.8)).toBe('0,8')
  })

  it('accepts what the edit form shows without a change', () => {
    const parsed = shippingOptionInputSchema.parse({
      name: 'PAC',
      basePrice: '1234,56',
      freeShippingThreshold: '10.000,00',
      estimatedDays: '7',
      zipCodeRules: [{ name: 'Norte', zipCodePattern: '69*', priceMultiplier: '1,75', additionalDays: '5' }],
    })
    expect(parsed.basePrice).toBe(1234.56)
    expect(parsed.freeShippingThreshold).toBe(10000)
    expect(parsed.zipCodeRules[0].priceMultiplier).toBe(1.75)
  })
})
