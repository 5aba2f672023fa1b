import { describe, expect, it } from 'vitest'
import {
  CEP_RANGES,
  checkCardExpiry,
  formatCardExpiry,
  formatCardNumber,
  formatCep,
  formatCpf,
  formatCvv,
  formatPhone,
  isUf,
  isValidCardNumber,
  isValidCep,
  isValidCpf,
  isValidCvv,
  isValidPhone,
  UFS,
  ufForCep,
  ufName,
} from './br'

describe('CPF', () => {
  it('accepts valid check digits with or without punctuation', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09', '000.000.001-91'])
      expect(isValidCpf(cpf), cpf).toBe(true)
  })
  it('rejects wrong check digits, wrong lengths and repeated digits', () => {
    for (const cpf of ['529.982.247-24', '529.982.247-15', '5299822472', '529982247250', '111.111.111-11', '', null])
      expect(isValidCpf(cpf), String(cpf)).toBe(false)
  })
  it('formats progressively', () => {
    expect(formatCpf('529')).toBe('529')
    expect(formatCpf('5299')).toBe('529.9')
    expect(formatCpf('5299822')).toBe('529.982.2')
    expect(formatCpf('5299822472')).toBe('529.982.247-2')
    expect(formatCpf('52998224725999')).toBe('529.982.247-25')
  })
})

describe('phone', () => {
  it('takes 10 or 11 digits', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true)
    expect(isValidPhone('1133334444')).toBe(true)
    expect(isValidPhone('119876543')).toBe(false)
    expect(isValidPhone('119876543210')).toBe(false)
  })
  it('formats mobiles and landlines', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321')
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444')
    expect(formatPhone('1')).toBe('(1')
    expect(formatPhone('119')).toBe('(11) 9')
    expect(formatPhone('1198765')).toBe('(11) 9876-5')
    expect(formatPhone('')).toBe('')
  })
})

describe('CEP', () => {
  it('takes 8 digits not all the same', () => {
    expect(isValidCep('01310-100')).toBe(true)
    expect(isValidCep('01310100')).toBe(true)
    expect(isValidCep('0131010')).toBe(false)
    expect(isValidCep('00000-000')).toBe(false)
    expect(isValidCep('11111111')).toBe(false)
  })
  it('formats progressively', () => {
    expect(formatCep('01310')).toBe('01310')
    expect(formatCep('013101')).toBe('01310-1')
    expect(formatCep('01310100123')).toBe('01310-100')
  })
  it('maps ranges to states', () => {
    expect(ufForCep('01310-100')).toBe('SP')
    expect(ufForCep('20040-020')).toBe('RJ')
    expect(ufForCep('69005-000')).toBe('AM')
    expect(ufForCep('69301-000')).toBe('RR')
    expect(ufForCep('69900-000')).toBe('AC')
    expect(ufForCep('70040-010')).toBe('DF')
    expect(ufForCep('72800-000')).toBe('GO')
    expect(ufForCep('74000-000')).toBe('GO')
    expect(ufForCep('76801-000')).toBe('RO')
    expect(ufForCep('68900-000')).toBe('AP')
    expect(ufForCep('90000-000')).toBe('RS')
    expect(ufForCep('00500-000')).toBeUndefined()
    expect(ufForCep('123')).toBeUndefined()
  })
  it('has ranges that do not overlap and cover every state', () => {
    const sorted = [...CEP_RANGES].sort((a, b) => a.from - b.from)
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].from).toBe(sorted[i - 1].to + 1)
    expect(new Set(CEP_RANGES.map((r) => r.uf)).size).toBe(27)
  })
})

describe('states', () => {
  it('lists the 27 units with names', () => {
    expect(UFS).toHaveLength(27)
    expect(ufName('sp')).toBe('São Paulo')
    expect(isUf('DF')).toBe(true)
    expect(isUf('DG')).toBe(false)
  })
})

describe('card', () => {
  it('checks the number length and formats groups of four', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true)
    expect(isValidCardNumber('4111 1111 1111 111')).toBe(false)
    expect(formatCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111')
    expect(formatCardNumber('41111')).toBe('4111 1')
    expect(formatCardNumber('4111111111111111')).toHaveLength(19)
  })
  it('checks the expiry against the current month', () => {
    const now = new Date(2026, 4, 15) // May 2026
    expect(checkCardExpiry('05/26', now)).toBe('ok')
    expect(checkCardExpiry('12/30', now)).toBe('ok')
    expect(checkCardExpiry('04/26', now)).toBe('expired')
    expect(checkCardExpiry('12/25', now)).toBe('expired')
    expect(checkCardExpiry('13/26', now)).toBe('invalid')
    expect(checkCardExpiry('00/26', now)).toBe('invalid')
    expect(checkCardExpiry('5/26', now)).toBe('invalid')
    expect(formatCardExpiry('1228')).toBe('12/28')
    expect(formatCardExpiry('1')).toBe('1')
  })
  it('checks the CVV', () => {
    expect(isValidCvv('123')).toBe(true)
    expect(isValidCvv('1234')).toBe(true)
    expect(isValidCvv('12')).toBe(false)
    expect(isValidCvv('12345')).toBe(false)
    expect(formatCvv('12a345')).toBe('1234')
  })
})
