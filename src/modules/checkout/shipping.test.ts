import { describe, expect, it } from 'vitest'
import { computeQuote, type ShippingTerms } from './shipping'

const pac: ShippingTerms = {
  id: 'pac',
  name: 'PAC',
  description: 'Correios',
  basePriceCents: 1590,
  freeShippingThresholdCents: 19900,
  estimatedDays: 7,
  zipCodeRules: [
    { name: 'Norte', zipCodePattern: '69*, 66000000-68999999', priceMultiplier: 1.5, additionalDays: 5 },
    { name: 'Acre', zipCodePattern: '69900000-69999999', priceMultiplier: 2, additionalDays: 8 },
    { name: 'Centro SP', zipCodePattern: '01310-100', priceMultiplier: 0, additionalDays: 0 },
  ],
}

describe('computeQuote', () => {
  it('charges the base price without a matching rule', () => {
    expect(computeQuote(pac, '20040-020', 5000)).toEqual({
      id: 'pac',
      name: 'PAC',
      description: 'Correios',
      priceCents: 1590,
      originalPriceCents: 1590,
      isFree: false,
      estimatedDelivery: '7 dias úteis',
      estimatedDays: 7,
    })
  })
  it('applies the multiplier and extra days of the matching zone, rounding to the cent', () => {
    const q = computeQuote(pac, '69005-000', 5000)
    expect(q.priceCents).toBe(2385)
    expect(q.estimatedDays).toBe(12)
    expect(q.estimatedDelivery).toBe('12 dias úteis')
    expect(computeQuote(pac, '66000-000', 5000).priceCents).toBe(2385)
  })
  it('lets the most specific zone win whatever the order', () => {
    const q = computeQuote(pac, '69900-000', 5000)
    expect(q.priceCents).toBe(3180)
    expect(q.estimatedDays).toBe(15)
  })
  it('is free at and above the threshold, not below', () => {
    expect(computeQuote(pac, '69005-000', 19899)).toMatchObject({ isFree: false, priceCents: 2385 })
    expect(computeQuote(pac, '69005-000', 19900)).toMatchObject({
      isFree: true,
      priceCents: 0,
      originalPriceCents: 2385,
    })
    expect(computeQuote(pac, '69005-000', 50000)).toMatchObject({ isFree: true, priceCents: 0 })
  })
  it('never applies a threshold that is not set; a zero price is free', () => {
    const express = { ...pac, freeShippingThresholdCents: null }
    expect(computeQuote(express, '20040-020', 10_000_000).isFree).toBe(false)
    expect(computeQuote(express, '01310-100', 0)).toMatchObject({ isFree: true, priceCents: 0 })
    expect(computeQuote({ ...pac, estimatedDays: 1, zipCodeRules: [] }, '20040-020', 0).estimatedDelivery).toBe(
      '1 dia útil',
    )
  })
})
