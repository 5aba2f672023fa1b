import { describe, expect, it } from 'vitest'
import { luhnValid, SANDBOX_CARDS, sandboxEnabled } from './sandbox'

describe('sandbox', () => {
  it('is on only outside production and without a real gateway URL', () => {
    expect(sandboxEnabled({ NODE_ENV: 'development', ATIVOPAY_API_URL: undefined })).toBe(true)
    expect(sandboxEnabled({ NODE_ENV: 'test', ATIVOPAY_API_URL: undefined })).toBe(true)
    expect(sandboxEnabled({ NODE_ENV: 'production', ATIVOPAY_API_URL: undefined })).toBe(false)
    expect(sandboxEnabled({ NODE_ENV: 'development', ATIVOPAY_API_URL: 'https://api.ativopay.com' })).toBe(false)
  })

  it('documents test cards that pass the Luhn check', () => {
    expect(luhnValid(SANDBOX_CARDS.approved)).toBe(true)
    expect(luhnValid(SANDBOX_CARDS.refused)).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('abc')).toBe(false)
  })
})
