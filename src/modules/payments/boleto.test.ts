import { describe, expect, it } from 'vitest'
import {
  buildBarcode,
  digitableLine,
  dueFactor,
  formatDigitableLine,
  isValidDigitableLine,
  lineToBarcode,
  mod10,
  mod11,
} from './boleto'

// Lines of real, published boletos (Banco do Brasil and Bradesco specimens used in FEBRABAN-layout tutorials).
const REAL_LINES = [
  '00190500954014481606906809350314337370000000100',
  '23793381286000782713695000063305975520000370000',
]

describe('boleto check digits', () => {
  it('computes modulo 10 and modulo 11 as FEBRABAN defines them', () => {
    expect(mod10('001905009')).toBe(5)
    expect(mod10('4014481606')).toBe(9)
    expect(mod10('0680935031')).toBe(4)
    // 0, 10 and 11 become 1
    expect(mod11('0')).toBe(1)
  })

  it('accepts real boleto lines and rejects a changed digit', () => {
    for (const line of REAL_LINES) {
      expect(isValidDigitableLine(line)).toBe(true)
      expect(digitableLine(lineToBarcode(line))).toBe(line)
      const broken = line.slice(0, 40) + String((Number(line[40]) + 1) % 10) + line.slice(41)
      expect(isValidDigitableLine(broken)).toBe(false)
    }
  })

  it('computes the due factor with the 2025 rollover', () => {
    expect(dueFactor('2000-07-03')).toBe('1000')
    expect(dueFactor('2025-02-21')).toBe('9999')
    expect(dueFactor('2025-02-22')).toBe('1000')
    expect(dueFactor('2025-12-01')).toBe('1282')
  })

  it('builds a 47-digit line with valid digits from amount, due date and free field', () => {
    const barcode = buildBarcode({
      bankCode: '999',
      amountCents: 15_990,
      dueDate: '2026-03-10',
      freeField: '1234567890123456789012345',
    })
    expect(barcode).toHaveLength(44)
    const line = digitableLine(barcode)
    expect(line).toMatch(/^\d{47}$/)
    expect(isValidDigitableLine(line)).toBe(true)
    expect(line.slice(0, 4)).toBe('9999')
    expect(line.slice(-10)).toBe('0000015990')
    expect(formatDigitableLine(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
  })
})
