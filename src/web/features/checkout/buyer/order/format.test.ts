import { describe, expect, it } from 'vitest'
import { formatBoletoLine, formatCountdown } from './format'

describe('order page formatting', () => {
  it('prints a boleto line in the groups bank apps use', () => {
    const digits = '00190000090123456789012345678901212340000012345'
    expect(formatBoletoLine(digits)).toBe('00190.00009 01234.567890 12345.678901 2 12340000012345')
    expect(formatBoletoLine('123')).toBe('123')
  })

  it('counts down in minutes, then hours up to two days, then days', () => {
    expect(formatCountdown(0)).toBe('00:00')
    expect(formatCountdown(29 * 60 + 59)).toBe('29:59')
    expect(formatCountdown(3600)).toBe('01:00:00')
    expect(formatCountdown(24 * 3600)).toBe('24:00:00')
    expect(formatCountdown(3 * 86_400 + 3 * 3600 + 600)).toBe('3 dias e 03:10:00')
  })
})
