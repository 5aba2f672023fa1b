import { describe, expect, it } from 'vitest'
import {
  buildUserData,
  normalizeCity,
  normalizeEmail,
  normalizeName,
  normalizePhone,
  normalizeState,
  normalizeZip,
  sha256,
  splitName,
} from './user-data'

// Expected digests computed outside Node (coreutils `printf '%s' VALUE | sha256sum`).
const H = {
  abc: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', // FIPS 180-2 test vector
  email: '7fd726011aa08d90d14a923ea0e5e3edf63bfe14b51ee6f6429483118d197c9b', // ana.souza@example.com
  phone: '029c7290f14c4516673508635f0519db95f7daf42057fd0e4ad1de84c5408a66', // 5511987654321
  zip: 'cba5aecb8b3505d2221a198a401d3ecc88a02990b5d2863c50c4ded91a978fb5', // 01310
  br: '885036a0da3dff3c3e05bc79bf49382b12bc5098514ed57ce0875aba1aa2c40d',
  ana: '24d4b96f58da6d4a8512313bbd02a28ebf0ca95dec6e4c86ef78ce7f01e788ac',
  souza: '8c26ceccea7016553a9644db9550ae571edaafebdfce4d5332934d942f4837ab',
  saopaulo: '8f7f2f7ccd3f2898cf4850905346e8fb333d00aac1c974f8f37326e068cf7b1e',
  sp: 'be18b85f77fc024db379acf19e8a1ce62307ab7bb1bca395389ecfc2dafaf741',
  cpf: '7281dfb5e8becca0a1c5e77c1268baacb0f983572b8c204fd8df72b24175b231', // 52998224725
  joao: 'd147147c3dcbe0ac2756b42297dd7f013f8b2fa6178e209c3f74dc7d752243ef', // joão (UTF-8)
}

describe('normalisation (Meta customer information parameters)', () => {
  it('hashes with SHA-256 as lowercase hex', () => {
    expect(sha256('abc')).toBe(H.abc)
  })

  it('e-mail: capitals and spaces removed before hashing', () => {
    expect(normalizeEmail('  Ana.Souza@Example.COM ')).toBe('ana.souza@example.com')
    expect(sha256(normalizeEmail('  Ana.Souza@Example.COM '))).toBe(H.email)
  })

  it('phone: digits with the country code 55', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('5511987654321')
    expect(normalizePhone('+55 11 98765-4321')).toBe('5511987654321')
    expect(normalizePhone('011 98765-4321')).toBe('5511987654321')
    expect(normalizePhone('(11) 3333-4444')).toBe('551133334444')
    expect(normalizePhone('123')).toBeUndefined()
    expect(sha256(normalizePhone('(11) 98765-4321')!)).toBe(H.phone)
  })

  it('zip: the digits before the dash', () => {
    expect(normalizeZip('01310-100')).toBe('01310')
    expect(normalizeZip('01310100')).toBe('01310')
    expect(sha256(normalizeZip('01310-100'))).toBe(H.zip)
  })

  it('names, city and state: lowercase without punctuation or spaces', () => {
    expect(splitName('  Ana  Maria Souza ')).toEqual({ fn: 'ana', ln: 'souza' })
    expect(splitName('Cher')).toEqual({ fn: 'cher' })
    expect(normalizeName("D'Ávila")).toBe('dávila')
    expect(normalizeCity(' São Paulo ')).toBe('saopaulo')
    expect(normalizeState('SP')).toBe('sp')
    expect(sha256(normalizeName('João'))).toBe(H.joao)
  })
})

describe('user_data', () => {
  it('hashes the buyer facts and passes browser ids, IP and user agent unhashed', () => {
    const data = buildUserData(
      {
        email: '  Ana.Souza@Example.COM ',
        phone: '(11) 98765-4321',
        name: 'Ana Souza',
        document: '529.982.247-25',
        address: { city: 'São Paulo', state: 'SP', zipCode: '01310-100' },
      },
      { clientIp: '203.0.113.9', userAgent: 'Mozilla/5.0', fbp: 'fb.1.1700000000000.123', fbc: undefined },
    )
    expect(data).toEqual({
      em: [H.email],
      ph: [H.phone],
      fn: [H.ana],
      ln: [H.souza],
      ct: [H.saopaulo],
      st: [H.sp],
      zp: [H.zip],
      country: [H.br],
      external_id: [H.cpf],
      client_ip_address: '203.0.113.9',
      client_user_agent: 'Mozilla/5.0',
      fbp: 'fb.1.1700000000000.123',
    })
  })

  it('leaves out what the order does not have (a digital order has no address)', () => {
    const data = buildUserData(
      { email: 'a@b.co', phone: '', name: 'Ana', document: '', address: null },
      { clientIp: null, userAgent: null },
    )
    expect(Object.keys(data).sort()).toEqual(['country', 'em', 'external_id', 'fn'])
  })
})
