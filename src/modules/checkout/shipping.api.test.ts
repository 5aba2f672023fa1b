import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { checkoutService } from '.'

let t: TestApp
let cepServer: Server
let cepHits = 0
let cepDelayMs = 0

/** A ViaCEP look-alike: 01310100 exists, 99999999 is unknown ({ erro: true }), 22222100 fails with 500. */
function startFakeCep(): Promise<string> {
  cepServer = createServer((req, res) => {
    cepHits++
    const m = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '')
    const answer = (status: number, body: unknown) =>
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }, cepDelayMs)
    if (!m) return answer(400, { erro: true })
    if (m[1] === '01310100')
      return answer(200, {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        complemento: 'de 612 a 1510 - lado par',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      })
    if (m[1] === '22222100') return answer(500, { message: 'boom' })
    return answer(200, { erro: 'true' })
  })
  return new Promise((resolve) =>
    cepServer.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(cepServer.address() as AddressInfo).port}/ws`)),
  )
}

beforeAll(async () => {
  const cepUrl = await startFakeCep()
  t = await createTestApp({ env: { CEP_LOOKUP_URL: cepUrl } })
})
afterAll(async () => {
  await t.close()
  await new Promise((r) => cepServer.close(r))
})

const pac = {
  name: 'PAC',
  description: 'Correios',
  basePrice: 15.9,
  freeShippingThreshold: 199,
  estimatedDays: 7,
  zipCodeRules: [
    { name: 'Norte', zipCodePattern: '69*, 66000000-68999999', priceMultiplier: 1.5, additionalDays: 5 },
    { name: 'Acre', zipCodePattern: '69900000-69999999', priceMultiplier: 2, additionalDays: 8 },
  ],
}

async function createOption(user: TestUser, storeId: string, payload: object = pac) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/stores/${storeId}/shipping`,
    headers: user.headers,
    payload,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function createProduct(user: TestUser, storeId: string, price: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/stores/${storeId}/products`,
    headers: user.headers,
    payload: { name: `Produto ${price}`, price, type: 'PHYSICAL', stock: 10 },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

describe('shipping options (owner)', () => {
  it('creates, lists, reads, edits and deletes', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const created = await createOption(user, storeId)
    expect(created).toMatchObject({
      storeId,
      name: 'PAC',
      basePrice: 15.9,
      freeShippingThreshold: 199,
      estimatedDays: 7,
      active: true,
      zipCodeRules: pac.zipCodeRules,
    })
    const row = await t.runtime.db
      .selectFrom('shipping_options')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirst()
    expect(row).toMatchObject({ base_price_cents: 1590, free_shipping_threshold_cents: 19900 })

    const list = await t.app.inject({ url: `/api/stores/${storeId}/shipping`, headers: user.headers })
    expect(list.json().map((o: { id: string }) => o.id)).toEqual([created.id])
    const one = await t.app.inject({ url: `/api/stores/${storeId}/shipping/${created.id}`, headers: user.headers })
    expect(one.json().name).toBe('PAC')

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/shipping/${created.id}`,
      headers: user.headers,
      payload: { active: false, freeShippingThreshold: null, name: 'PAC Econômico' },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      active: false,
      freeShippingThreshold: null,
      name: 'PAC Econômico',
      basePrice: 15.9,
    })

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${storeId}/shipping/${created.id}`,
      headers: user.headers,
    })
    expect(del.statusCode).toBe(204)
    const gone = await t.app.inject({ url: `/api/stores/${storeId}/shipping/${created.id}`, headers: user.headers })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe('Opção de frete não encontrada')
  })

  it('validates with the spec messages', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/shipping`,
      headers: user.headers,
      payload: { name: '', basePrice: -1, freeShippingThreshold: -1, estimatedDays: 0 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      name: 'Nome é obrigatório',
      basePrice: 'Preço base deve ser um valor válido',
      freeShippingThreshold: 'Limite para frete grátis deve ser um valor válido',
      estimatedDays: 'Prazo de entrega deve ser pelo menos 1 dia',
    })
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/shipping`,
      headers: user.headers,
      payload: {},
    })
    expect(missing.json().errors).toMatchObject({ name: 'Nome é obrigatório', estimatedDays: expect.any(String) })
    const badRule = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/shipping`,
      headers: user.headers,
      payload: {
        ...pac,
        zipCodeRules: [{ name: 'x', zipCodePattern: 'norte', priceMultiplier: 1, additionalDays: 0 }],
      },
    })
    expect(badRule.statusCode).toBe(400)
    expect(badRule.json().errors['zipCodeRules.0.zipCodePattern']).toMatch(/^Padrão de CEP inválido/)
    const badPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/shipping/${(await createOption(user, storeId)).id}`,
      headers: user.headers,
      payload: { estimatedDays: 0 },
    })
    expect(badPatch.json().message).toBe('Prazo de entrega deve ser pelo menos 1 dia')
  })

  it('answers 404 for another merchant store or option and changes nothing', async () => {
    const a = await t.merchantWithStore()
    const b = await t.merchantWithStore()
    const option = await createOption(a.user, a.storeId)
    for (const req of [
      { method: 'GET' as const, url: `/api/stores/${a.storeId}/shipping` },
      { method: 'POST' as const, url: `/api/stores/${a.storeId}/shipping`, payload: pac },
      { method: 'GET' as const, url: `/api/stores/${a.storeId}/shipping/${option.id}` },
      { method: 'PATCH' as const, url: `/api/stores/${a.storeId}/shipping/${option.id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/stores/${a.storeId}/shipping/${option.id}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: b.user.headers })
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404)
      expect(res.json().message).toBe('Loja não encontrada')
    }
    // b's own store, a's option id: not found either
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/stores/${b.storeId}/shipping/${option.id}`,
        headers: b.user.headers,
        payload: method === 'PATCH' ? { name: 'x' } : undefined,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Opção de frete não encontrada')
    }
    const bad = await t.app.inject({ url: `/api/stores/${a.storeId}/shipping/not-a-uuid`, headers: a.user.headers })
    expect(bad.statusCode).toBe(404)
    const still = await t.app.inject({ url: `/api/stores/${a.storeId}/shipping/${option.id}`, headers: a.user.headers })
    expect(still.json().name).toBe('PAC')
    expect((await t.app.inject({ url: `/api/stores/${a.storeId}/shipping` })).statusCode).toBe(401)
  })
})

describe('shipping for buyers', () => {
  it('lists active options publicly, without zone rules', async () => {
    const { user, storeId } = await t.merchantWithStore()
    await createOption(user, storeId)
    await createOption(user, storeId, { ...pac, name: 'Desativada', active: false })
    const res = await t.app.inject({ url: `/api/stores/${storeId}/shipping/public/options` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        name: 'PAC',
        description: 'Correios',
        price: 15.9,
        isFree: false,
        freeShippingThreshold: 199,
        estimatedDays: 7,
        estimatedDelivery: '7 dias úteis',
      },
    ])
    const unknown = await t.app.inject({
      url: '/api/stores/00000000-0000-4000-8000-000000000000/shipping/public/options',
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('prices zones and free shipping from the catalog subtotal, ignoring prices sent by the browser', async () => {
    const { user, storeId } = await t.merchantWithStore()
    await createOption(user, storeId)
    await createOption(user, storeId, { name: 'Expresso', basePrice: 30, estimatedDays: 2 })
    const cheap = await createProduct(user, storeId, 50)
    const calc = (zipCode: string, items: object[], totalValue?: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/stores/${storeId}/shipping/calculate`,
        payload: { zipCode, items, totalValue },
      })

    // São Paulo, subtotal R$ 50: base prices
    const sp = await calc('01310-100', [{ productId: cheap, quantity: 1, price: 50 }])
    expect(sp.statusCode, sp.body).toBe(200)
    expect(sp.json()).toMatchObject({ zipCode: '01310-100', subtotal: 50 })
    expect(sp.json().options).toEqual([
      {
        id: expect.any(String),
        name: 'PAC',
        description: 'Correios',
        price: 15.9,
        originalPrice: 15.9,
        isFree: false,
        estimatedDelivery: '7 dias úteis',
        estimatedDays: 7,
      },
      expect.objectContaining({ name: 'Expresso', price: 30, isFree: false, estimatedDelivery: '2 dias úteis' }),
    ])
    // Manaus (69*): x1.5 and +5 days; Rio Branco (699*): the more specific Acre rule wins
    const north = await calc('69005-000', [{ productId: cheap, quantity: 1 }])
    expect(north.json().options[0]).toMatchObject({
      price: 23.85,
      estimatedDays: 12,
      estimatedDelivery: '12 dias úteis',
    })
    const acre = await calc('69900000', [{ productId: cheap, quantity: 1 }])
    expect(acre.json().options[0]).toMatchObject({ price: 31.8, estimatedDays: 15 })

    // Tampering: the browser claims R$ 500 (price and totalValue); the server prices 1 x R$ 50, no free shipping
    const tampered = await calc('69005-000', [{ productId: cheap, quantity: 1, price: 500 }], 500)
    expect(tampered.json().subtotal).toBe(50)
    expect(tampered.json().options[0]).toMatchObject({ isFree: false, price: 23.85 })

    // 3 x R$ 50 = 150 < 199: paid; 4 x = 200 >= 199: free, original price kept for display
    expect((await calc('69005-000', [{ productId: cheap, quantity: 3 }])).json().options[0].isFree).toBe(false)
    const free = await calc('69005-000', [{ productId: cheap, quantity: 4, price: 0.01 }], 0.04)
    expect(free.json().subtotal).toBe(200)
    expect(free.json().options[0]).toMatchObject({ isFree: true, price: 0, originalPrice: 23.85 })
    expect(free.json().options[1]).toMatchObject({ name: 'Expresso', isFree: false, price: 30 })

    // exactly at the threshold
    const exact = await createProduct(user, storeId, 199)
    expect((await calc('20040-020', [{ productId: exact, quantity: 1 }])).json().options[0]).toMatchObject({
      isFree: true,
      price: 0,
    })
  })

  it('rejects bad CEPs and products of other stores', async () => {
    const a = await t.merchantWithStore()
    const b = await t.merchantWithStore()
    await createOption(a.user, a.storeId)
    const foreign = await createProduct(b.user, b.storeId, 10)
    const calc = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/stores/${a.storeId}/shipping/calculate`, payload })
    expect((await calc({ zipCode: '123', items: [] })).json()).toMatchObject({
      statusCode: 400,
      message: 'CEP deve ter 8 dígitos',
    })
    expect((await calc({ zipCode: '11111-111', items: [] })).json().message).toBe('CEP inválido')
    expect((await calc({ items: [] })).json().message).toBe('CEP é obrigatório')
    const res = await calc({ zipCode: '01310-100', items: [{ productId: foreign, quantity: 1 }] })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Este produto não está disponível. Verifique se o link está correto.')
  })

  it('quotes through the service for the ordering module', async () => {
    const { user, storeId } = await t.merchantWithStore()
    const option = await createOption(user, storeId)
    const quotes = await checkoutService.quoteShipping(t.runtime.db, storeId, '69005000', 1000)
    expect(quotes).toEqual([
      {
        id: option.id,
        name: 'PAC',
        description: 'Correios',
        priceCents: 2385,
        originalPriceCents: 2385,
        isFree: false,
        estimatedDelivery: '12 dias úteis',
        estimatedDays: 12,
      },
    ])
    expect(
      await checkoutService.quoteShippingOption(t.runtime.db, storeId, option.id, '01310100', 19900),
    ).toMatchObject({
      priceCents: 0,
      isFree: true,
    })
    const other = await t.merchantWithStore()
    expect(
      await checkoutService.quoteShippingOption(t.runtime.db, other.storeId, option.id, '01310100', 0),
    ).toBeUndefined()
    expect(await checkoutService.quoteShippingOption(t.runtime.db, storeId, 'nope', '01310100', 0)).toBeUndefined()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/shipping/${option.id}`,
      headers: user.headers,
      payload: { active: false },
    })
    expect(await checkoutService.quoteShippingOption(t.runtime.db, storeId, option.id, '01310100', 0)).toBeUndefined()
    expect(await checkoutService.quoteShipping(t.runtime.db, storeId, '01310100', 0)).toEqual([])
  })
})

describe('address', () => {
  const validate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/checkout/validate-address', payload })
  const ok = { address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP', zipCode: '01310-100' }

  it('accepts a consistent address and explains the first problem otherwise', async () => {
    expect((await validate(ok)).json()).toEqual({ valid: true })
    const cases: [object, string, string][] = [
      [{ ...ok, address: ' ' }, 'address', 'Endereço é obrigatório'],
      [{ ...ok, number: '' }, 'number', 'Número é obrigatório'],
      [{ ...ok, city: undefined }, 'city', 'Cidade é obrigatória'],
      [{ ...ok, state: '' }, 'state', 'Estado é obrigatório'],
      [{ ...ok, zipCode: '' }, 'zipCode', 'CEP é obrigatório'],
      [{ ...ok, zipCode: '0131010' }, 'zipCode', 'CEP deve ter 8 dígitos'],
      [{ ...ok, zipCode: '00000-000' }, 'zipCode', 'CEP inválido'],
      [{ ...ok, state: 'XX' }, 'state', 'Estado inválido'],
      [{ ...ok, state: 'RJ' }, 'state', 'O CEP 01310-100 pertence a SP, não a RJ'],
    ]
    for (const [payload, field, message] of cases) {
      const res = await validate(payload)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ valid: false, field, message })
    }
    expect((await validate({ ...ok, state: 'am', zipCode: '69005-000' })).json().valid).toBe(true)
  })

  it('looks up a CEP through the configured service, caching answers', async () => {
    const first = await t.app.inject({ url: '/api/checkout/cep/01310-100' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      cep: '01310-100',
      address: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      complement: 'de 612 a 1510 - lado par',
    })
    const hits = cepHits
    expect((await t.app.inject({ url: '/api/checkout/cep/01310100' })).statusCode).toBe(200)
    expect(cepHits).toBe(hits)

    const missing = await t.app.inject({ url: '/api/checkout/cep/99999999' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'CEP_NOT_FOUND', message: 'CEP não encontrado' })
    const failing = await t.app.inject({ url: '/api/checkout/cep/22222100' })
    expect(failing.statusCode).toBe(502)
    expect(failing.json().message).toBe('Erro ao consultar CEP')
    expect((await t.app.inject({ url: '/api/checkout/cep/123' })).json().message).toBe('CEP deve ter 8 dígitos')
    expect((await t.app.inject({ url: '/api/checkout/cep/11111111' })).statusCode).toBe(404)
  })

  it('gives up on a slow CEP service', async () => {
    cepDelayMs = 6000
    try {
      const started = Date.now()
      const res = await t.app.inject({ url: '/api/checkout/cep/30140-071' })
      expect(res.statusCode).toBe(502)
      expect(Date.now() - started).toBeLessThan(5500)
    } finally {
      cepDelayMs = 0
    }
  })
})
