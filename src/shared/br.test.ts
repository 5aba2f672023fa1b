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
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09', '000.000.001-91'])(
    'accepts %s (valid check digits with or without punctuation)',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  )
  it.each(['529.982.247-24', '529.982.247-15', '5299822472', '529982247250', '111.111.111-11', '', null])(
    'rejects %s (wrong check digits, wrong lengths and repeated digits)',
    (cpf) => expect(isValidCpf(cpf)).toBe(false),
  )
  it.each([
    ['529', '529'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['5299822472', '529.982.247-2'],
    ['52998224725999', '529.982.247-25'],
  ])('formats %s progressively as %s', (typed, shown) => expect(formatCpf(typed)).toBe(shown))
})

describe('phone', () => {
  it.each([
    ['(11) 98765-4321', true],
    ['1133334444', true],
    ['119876543', false],
    ['119876543210', false],
  ])('takes 10 or 11 digits: %s is %s', (phone, valid) => expect(isValidPhone(phone)).toBe(valid))
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1133334444', '(11) 3333-4444'],
    ['1', '(1'],
    ['119', '(11) 9'],
    ['1198765', '(11) 9876-5'],
    ['', ''],
  ])('formats mobiles and landlines: %s as %s', (typed, shown) => expect(formatPhone(typed)).toBe(shown))
})

describe('CEP', () => {
  it.each([
    ['01310-100', true],
    ['01310100', true],
    ['0131010', false],
    ['00000-000', false],
    ['11111111', false],
  ])('takes 8 digits not all the same: %s is %s', (cep, valid) => expect(isValidCep(cep)).toBe(valid))
  it.each([
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100123', '01310-100'],
  ])('formats %s progressively as %s', (typed, shown) => expect(formatCep(typed)).toBe(shown))
  it.each([
    ['01310-100', 'SP'],
    ['20040-020', 'RJ'],
    ['69005-000', 'AM'],
    ['69301-000', 'RR'],
    ['69900-000', 'AC'],
    ['70040-010', 'DF'],
    ['72800-000', 'GO'],
    ['74000-000', 'GO'],
    ['76801-000', 'RO'],
    ['68900-000', 'AP'],
    ['90000-000', 'RS'],
    ['00500-000', undefined],
    ['123', undefined],
  ])('maps %s to the state %s', (cep, uf) => expect(ufForCep(cep)).toBe(uf))
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
  const may2026 = new Date(2026, 4, 15)
  it('checks the number length and formats groups of four', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true)
    expect(isValidCardNumber('4111 1111 1111 111')).toBe(false)
    expect(formatCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111')
    expect(formatCardNumber('41111')).toBe('4111 1')
    expect(formatCardNumber('4111111111111111')).toHaveLength(19)
  })
  it.each([
    ['05/26', 'ok'],
    ['12/30', 'ok'],
    ['04/26', 'expired'],
    ['12/25', 'expired'],
    ['13/26', 'invalid'],
    ['00/26', 'invalid'],
    ['5/26', 'invalid'],
  ])('checks the expiry %s against the current month: %s', (expiry, answer) =>
    expect(checkCardExpiry(expiry, may2026)).toBe(answer),
  )
  it('formats the expiry', () => {
    expect(formatCardExpiry('1228')).toBe('12/28')
    expect(formatCardExpiry('1')).toBe('1')
  })
  it.each([
    ['123', true],
    ['1234', true],
    ['12', false],
    ['12345', false],
  ])('checks the CVV %s: %s', (cvv, valid) => expect(isValidCvv(cvv)).toBe(valid))
  it('formats the CVV', () => {
    expect(formatCvv('12a345')).toBe('1234')
  })
})
