import { describe, expect, it } from 'vitest'
import { buildBrCode, crc16, formatAmount, hasValidCrc, normalizeText, normalizeTxid, parseBrCode } from './brcode'

// The static-QR example printed in the Banco Central's "Manual de Padrões para Iniciação do Pix".
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'

describe('CRC16-CCITT', () => {
  it('matches the standard check value and the Banco Central example', () => {
    expect(crc16('123456789')).toBe('29B1')
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D')
    expect(hasValidCrc(BCB_EXAMPLE)).toBe(true)
    expect(hasValidCrc(BCB_EXAMPLE.replace('Fulano', 'Fulana'))).toBe(false)
  })
})

describe('buildBrCode', () => {
  it('reproduces the Banco Central example byte for byte', () => {
    const code = buildBrCode({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    })
    expect(code).toBe(BCB_EXAMPLE)
  })

  it('writes every field with its id and length and closes with a valid CRC', () => {
    const code = buildBrCode({
      pixKey: 'a1b2c3d4-0000-4000-8000-1234567890ab',
      merchantName: 'Loja Demo',
      merchantCity: 'São Paulo',
      amountCents: 12_345,
      txid: 'abc-123-def',
      singleUse: true,
    })
    const fields = parseBrCode(code)
    expect(fields.get('00')).toBe('01')
    expect(fields.get('01')).toBe('12')
    expect(fields.get('52')).toBe('0000')
    expect(fields.get('53')).toBe('986')
    expect(fields.get('54')).toBe('123.45')
    expect(fields.get('58')).toBe('BR')
    expect(fields.get('59')).toBe('Loja Demo')
    expect(fields.get('60')).toBe('Sao Paulo')
    const account = parseBrCode(fields.get('26')!)
    expect(account.get('00')).toBe('br.gov.bcb.pix')
    expect(account.get('01')).toBe('a1b2c3d4-0000-4000-8000-1234567890ab')
    expect(parseBrCode(fields.get('62')!).get('05')).toBe('abc123def')
    expect(code).toMatch(/6304[0-9A-F]{4}$/)
    expect(hasValidCrc(code)).toBe(true)
    // The field order of the standard: 00 first, 63 last.
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63'])
  })

  it('formats amounts with a dot and two decimals', () => {
    expect(formatAmount(1)).toBe('0.01')
    expect(formatAmount(1000)).toBe('10.00')
    expect(formatAmount(123_456_789)).toBe('1234567.89')
    expect(() => formatAmount(0)).toThrow()
    expect(() => formatAmount(1.5)).toThrow()
  })

  it('normalises names and cities to the character set and lengths of the standard', () => {
    expect(normalizeText('Açaí & Pão de Queijo da Vovó Ltda', 25)).toBe('Acai & Pao de Queijo da V')
    expect(normalizeText('  São   João del-Rei  ', 15)).toBe('Sao Joao del-Re')
    expect(normalizeText('Loja "Ótima" ™', 25)).toBe('Loja Otima')
    expect(normalizeText('Florianópolis Centro', 15)).toBe('Florianopolis C')
    const code = buildBrCode({
      pixKey: 'k',
      merchantName: 'Comércio de Eletrônicos Brasileiros S.A.',
      merchantCity: 'Aparecida de Goiânia',
    })
    const fields = parseBrCode(code)
    expect(fields.get('59')).toHaveLength(25)
    expect(fields.get('60')!.length).toBeLessThanOrEqual(15)
    expect(fields.get('60')).toBe('Aparecida de Go')
    expect(code).toMatch(/^[\x20-\x7e]+$/)
  })

  it('keeps txids alphanumeric and at most 25 characters', () => {
    expect(normalizeTxid(undefined)).toBe('***')
    expect(normalizeTxid('---')).toBe('***')
    expect(normalizeTxid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5bd9cb469fa16570867')
  })

  it('rejects keys that do not fit', () => {
    expect(() => buildBrCode({ pixKey: '', merchantName: 'a', merchantCity: 'b' })).toThrow()
    expect(() => buildBrCode({ pixKey: 'x'.repeat(78), merchantName: 'a', merchantCity: 'b' })).toThrow()
  })
})
