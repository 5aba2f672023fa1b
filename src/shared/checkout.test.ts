import { describe, expect, it } from 'vitest'
import {
  cepPatternCoverage,
  customizationInputSchema,
  customizationUpdateSchema,
  isValidCepPattern,
  matchesCepPattern,
  parseCepPattern,
  pickZipRule,
  shippingOptionInputSchema,
} from './checkout'

describe('CEP patterns', () => {
  it.each([
    // prefix wildcards
    ['69*', '69005-000', true],
    ['69*', '68005-000', false],
    ['01310-1*', '01310-199', true],
    ['01310-1*', '01310-200', false],
    ['*', '90000-000', true],
    ['69', '69900-000', true],
    // exact CEPs, formatted or not
    ['01310-100', '01310100', true],
    ['01310100', '01310-100', true],
    ['01310-100', '01310-101', false],
    // inclusive ranges of full CEPs or equal-length prefixes
    ['01000000-05999999', '05999-999', true],
    ['01000000-05999999', '06000-000', false],
    ['01000-000-05999-999', '03000-000', true],
    ['69000-69999', '69999-999', true],
    ['69000-69999', '70000-000', false],
    ['01000..05999', '01000-000', true],
  ])('reads %s: %s matches is %s', (pattern, cep, matches) => expect(matchesCepPattern(pattern, cep)).toBe(matches))
  it('reads comma lists', () => {
    const p = '69*, 68*; 76800000-77999999'
    expect(parseCepPattern(p)).toHaveLength(3)
    expect(matchesCepPattern(p, '77000-000')).toBe(true)
    expect(matchesCepPattern(p, '68900-000')).toBe(true)
    expect(matchesCepPattern(p, '01000-000')).toBe(false)
  })
  it('rejects malformed patterns', () => {
    for (const p of ['', 'abc', '69*9', '0100-05999999', '05999999-01000000', '123456789', '69**', ',']) {
      expect(isValidCepPattern(p), p).toBe(false)
    }
  })
  it('measures coverage and picks the most specific rule, the first on a tie', () => {
    expect(cepPatternCoverage('69*', '69900-000')).toBe(1_000_000)
    expect(cepPatternCoverage('69900-000', '69900-000')).toBe(1)
    const rules = [
      { name: 'Norte', zipCodePattern: '69*' },
      { name: 'Acre', zipCodePattern: '69900000-69999999' },
      { name: 'Rua', zipCodePattern: '69900-100' },
      { name: 'Outro Norte', zipCodePattern: '69000-69999' },
    ]
    expect(pickZipRule(rules, '69005-000')?.name).toBe('Norte')
    expect(pickZipRule(rules, '69905-000')?.name).toBe('Acre')
    expect(pickZipRule(rules, '69900-100')?.name).toBe('Rua')
    expect(pickZipRule(rules, '01310-100')).toBeUndefined()
  })
})

describe('shipping option form', () => {
  it('applies the spec messages', () => {
    const r = shippingOptionInputSchema.safeParse({
      name: ' ',
      basePrice: -1,
      freeShippingThreshold: -5,
      estimatedDays: 0,
    })
    expect(r.success).toBe(false)
    const msgs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(msgs).toEqual({
      name: 'Nome é obrigatório',
      basePrice: 'Preço base deve ser um valor válido',
      freeShippingThreshold: 'Limite para frete grátis deve ser um valor válido',
      estimatedDays: 'Prazo de entrega deve ser pelo menos 1 dia',
    })
    const missing = shippingOptionInputSchema.safeParse({ name: 'x', basePrice: '', estimatedDays: '' })
    expect(missing.error!.issues.map((i) => i.message)).toEqual([
      'Preço base deve ser um valor válido',
      'Prazo de entrega deve ser pelo menos 1 dia',
    ])
  })
  it('accepts form strings and empty threshold', () => {
    const v = shippingOptionInputSchema.parse({
      name: 'PAC',
      basePrice: '12.345',
      freeShippingThreshold: '',
      estimatedDays: '5',
    })
    expect(v).toMatchObject({
      basePrice: 12.35,
      freeShippingThreshold: null,
      estimatedDays: 5,
      active: true,
      zipCodeRules: [],
    })
  })
  it('checks zip rule patterns', () => {
    const r = shippingOptionInputSchema.safeParse({
      name: 'PAC',
      basePrice: 1,
      estimatedDays: 1,
      zipCodeRules: [{ name: 'x', zipCodePattern: 'abc', priceMultiplier: 1, additionalDays: 0 }],
    })
    expect(r.error!.issues[0].message).toMatch(/^Padrão de CEP inválido/)
  })
})

describe('customisation form', () => {
  it('checks colours, radius, fonts and URLs', () => {
    const r = customizationUpdateSchema.safeParse({
      primaryColor: 'blue',
      buttonRadius: 21,
      fontFamily: 'Comic Sans',
      customLogoUrl: 'javascript:alert(1)',
      customBannerUrl: '/uploads/../../etc/passwd',
    })
    const msgs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(msgs.primaryColor).toBe('Cor inválida. Use o formato #RRGGBB')
    expect(msgs.buttonRadius).toBe('O arredondamento dos botões deve estar entre 0 e 20')
    expect(msgs.fontFamily).toBe('Fonte inválida')
    expect(msgs.customLogoUrl).toMatch(/^URL inválida/)
    expect(msgs.customBannerUrl).toMatch(/^URL inválida/)
  })
  it('normalises what it accepts', () => {
    const v = customizationUpdateSchema.parse({
      primaryColor: '#abcdef',
      customLogoUrl: '',
      customBannerUrl: '/uploads/banner-1.png',
      checkoutTitle: '  ',
    })
    expect(v).toEqual({
      primaryColor: '#ABCDEF',
      customLogoUrl: null,
      customBannerUrl: '/uploads/banner-1.png',
      checkoutTitle: null,
    })
    expect(customizationInputSchema.shape.buttonRadius.parse('20')).toBe(20)
  })
})
