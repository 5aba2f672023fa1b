import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { purgeQuotes } from './repository'
import { QUOTE_HONOURED_MS } from './service'

let t: TestApp
let fake: FakeMelhorEnvio
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  t = await createTestApp({ env: { MELHOR_ENVIO_API_URL: fake.url } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const { post, shop, physicalOrder, orders } = orderingFixtures(() => t)
const TOKEN = 'me-test-token'
const settingsUrl = (s: Shop) => `/api/stores/${s.storeId}/shipping/melhor-envio`
const put = (s: Shop, body: object, headers = s.owner.headers) =>
  t.app.inject({ method: 'PUT', url: settingsUrl(s), payload: body, headers })
const connect = (s: Shop, extra: object = {}) =>
  put(s, { token: TOKEN, originCep: '01310-100', services: [1, 2], active: true, ...extra })
const dimensions = (s: Shop, productId = s.physicalId) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/stores/${s.storeId}/products/${productId}`,
    payload: { weightGrams: 600, heightCm: 10, widthCm: 15, lengthCm: 20 },
    headers: s.owner.headers,
  })
const calculate = (s: Shop, zipCode: string) =>
  post(`/api/stores/${s.storeId}/shipping/calculate`, { zipCode, items: [{ productId: s.physicalId, quantity: 1 }] })
const quoteCalls = () => fake.calls.filter((c) => c.path === '/api/v2/me/shipment/calculate').length

describe('Melhor Envio connection', () => {
  it('keeps the token write-only: masked in every answer, kept when sent empty or masked', async () => {
    const s = await shop()
    const first = await put(s, { originCep: '01310100', services: [1], active: true })
    expect(first.statusCode).toBe(400)
    expect(first.json().errors).toEqual({ token: 'Informe o token do Melhor Envio' })
    const saved = await connect(s, { markup: { type: 'PERCENT', value: 10 }, freeShippingAbove: 300 })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(TOKEN)
    expect(saved.json()).toMatchObject({
      tokenMasked: expect.stringContaining('•'),
      originCep: '01310100',
      services: [1, 2],
      markup: { type: 'PERCENT', value: 10 },
      freeShippingAbove: 300,
      active: true,
    })
    const masked = saved.json().tokenMasked
    const again = await put(s, { token: masked, originCep: '01310100', services: [2], active: true })
    expect(again.json().tokenMasked).toBe(masked)
    const read = await t.app.inject({ url: settingsUrl(s), headers: s.owner.headers })
    expect(read.body).not.toContain(TOKEN)
    expect(read.json().services).toEqual([2])
  })

  it("answers 404 for another merchant's store and 400 with the field's message for a bad CEP", async () => {
    const s = await shop({ payments: false })
    const other = await shop({ payments: false })
    expect(
      (await put(s, { token: TOKEN, originCep: '01310100', services: [1], active: true }, other.owner.headers))
        .statusCode,
    ).toBe(404)
    const bad = await put(s, { token: TOKEN, originCep: '0131', services: [1], active: true })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.originCep).toBe('CEP de origem deve ter 8 dígitos')
  })
})

describe('product logistics', () => {
  it('takes weight and size in their ranges and refuses others in Portuguese', async () => {
    const s = await shop({ payments: false })
    const ok = await dimensions(s)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ weightGrams: 600, heightCm: 10, widthCm: 15, lengthCm: 20 })
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/products/${s.physicalId}`,
      payload: { weightGrams: 0, heightCm: 101 },
      headers: s.owner.headers,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      weightGrams: 'Peso deve ser um número inteiro de gramas entre 1 e 30000.',
      heightCm: 'Altura deve ser um número inteiro de centímetros entre 1 e 100.',
    })
    const pub = await t.app.inject({ url: `/api/stores/${s.storeId}/products/${s.physicalId}/public` })
    if (pub.statusCode === 200) expect(pub.json().weightGrams).toBeUndefined()
  })
})

describe('product logistics once the store quotes real carriers', () => {
  it('asks every physical product for weight and size (400 with the message), never a digital one', async () => {
    const s = await shop({ payments: false })
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/stores/${s.storeId}/products`, payload, headers: s.owner.headers })
    const bare = { name: 'Caneca', price: 30, type: 'PHYSICAL', stock: 5 }
    expect((await create(bare)).statusCode).toBe(201)
    await connect(s)
    const refused = await create(bare)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      message:
        'Peso e dimensões (peso, altura, largura e comprimento) são obrigatórios: a loja cota o frete com as transportadoras.',
      errors: { weightGrams: expect.any(String), lengthCm: expect.any(String) },
    })
    expect((await create({ ...bare, weightGrams: 300 })).json().errors).toEqual({
      heightCm: 'Obrigatório quando a loja cota o frete com as transportadoras',
      widthCm: 'Obrigatório quando a loja cota o frete com as transportadoras',
      lengthCm: 'Obrigatório quando a loja cota o frete com as transportadoras',
    })
    expect((await create({ ...bare, weightGrams: 300, heightCm: 10, widthCm: 10, lengthCm: 12 })).statusCode).toBe(201)
    const digital = { name: 'E-book', price: 20, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/e.pdf' }
    expect((await create(digital)).statusCode).toBe(201)
    // An older product without a size is asked for it at its next edit.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/products/${s.physicalId}`,
      payload: { price: 110 },
      headers: s.owner.headers,
    })
    expect(edit.statusCode).toBe(400)
    expect((await dimensions(s)).statusCode).toBe(200)
    // Switched off: no longer required.
    await connect(s, { active: false })
    expect((await create(bare)).statusCode).toBe(201)
  })
})

describe('quotes at checkout', () => {
  it("offers PAC and SEDEX from Melhor Envio with the package's weight and size, beside the zone option", async () => {
    const s = await shop()
    await dimensions(s)
    await connect(s, { markup: { type: 'FIXED', value: 1.5 } })
    const before = quoteCalls()
    const res = await calculate(s, '20040-020')
    expect(res.statusCode).toBe(200)
    const options = res.json().options as { id: string; name: string; price: number; estimatedDelivery: string }[]
    expect(options.map((o) => [o.id, o.name, o.price, o.estimatedDelivery])).toEqual([
      ['me-1', 'Correios PAC', 28, '10 dias úteis'],
      ['me-2', 'Correios SEDEX', 45.9, '5 dias úteis'],
      [s.optionId, 'Sedex', 20, '3 dias úteis'],
    ])
    const call = fake.calls.at(-1)!
    expect(call.body).toMatchObject({
      from: { postal_code: '01310100' },
      to: { postal_code: '20040020' },
      package: { weight: 0.6, height: 10, width: 15, length: 20 },
      options: { insurance_value: 100 },
      services: '1,2',
    })
    // The same package to the same CEP within 10 minutes: no second call.
    expect((await calculate(s, '20040020')).json().options).toHaveLength(3)
    expect(quoteCalls()).toBe(before + 1)
    // Past the honoured window the purge job drops them.
    const kept = () =>
      t.runtime.db.selectFrom('shipping_quotes').select('service_id').where('store_id', '=', s.storeId).execute()
    expect(await kept()).toHaveLength(2)
    await purgeQuotes(t.runtime.db, new Date(Date.now() + QUOTE_HONOURED_MS))
    expect(await kept()).toHaveLength(0)
  })

  it('falls back to the zone table when Melhor Envio times out or the product has no size', async () => {
    const s = await shop()
    await connect(s)
    const noSize = await calculate(s, '20040020')
    expect(noSize.json().options.map((o: { id: string }) => o.id)).toEqual([s.optionId])
    await dimensions(s)
    fake.delay(6_000)
    try {
      const started = Date.now()
      const slow = await calculate(s, '30140071')
      expect(slow.statusCode).toBe(200)
      expect(slow.json().options.map((o: { id: string }) => o.id)).toEqual([s.optionId])
      expect(Date.now() - started).toBeLessThan(6_000)
    } finally {
      fake.delay(0)
    }
  }, 15_000)

  it('a Melhor Envio error gives the zone table, an invalid CEP a 400 with its message, never a 500', async () => {
    const s = await shop()
    await dimensions(s)
    await connect(s)
    fake.outage('/api/v2/me/shipment/calculate')
    try {
      const down = await calculate(s, '40010000')
      expect(down.statusCode).toBe(200)
      expect(down.json().options.map((o: { id: string }) => o.id)).toEqual([s.optionId])
    } finally {
      fake.outage()
    }
    const bad = await calculate(s, '123')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.zipCode).toEqual(expect.any(String))
  })

  it('offers the carriers instead of the zones when the merchant says so, and the zones when carriers fail', async () => {
    const s = await shop()
    await dimensions(s)
    const saved = await connect(s, { zones: 'INSTEAD' })
    expect(saved.json().zones).toBe('INSTEAD')
    const ids = async (cep: string) => (await calculate(s, cep)).json().options.map((o: { id: string }) => o.id)
    expect(await ids('20040020')).toEqual(['me-1', 'me-2'])
    fake.delay(6_000)
    try {
      expect(await ids('30140071')).toEqual([s.optionId])
    } finally {
      fake.delay(0)
    }
    expect((await connect(s, { zones: 'BESIDE' })).json().zones).toBe('BESIDE')
    expect(await ids('20040020')).toEqual(['me-1', 'me-2', s.optionId])
    expect((await connect(s, { zones: 'SOMETIMES' })).json().errors.zones).toBe('Escolha como as cotações aparecem')
  }, 15_000)

  it('charges the order the quoted freight: the browser never sets it, an unquoted CEP is refused', async () => {
    const s = await shop()
    await dimensions(s)
    await connect(s)
    await calculate(s, '01310-100')
    const res = await post(
      '/api/checkout/create-order',
      physicalOrder(s, {
        shipping: { ...physicalOrder(s).shipping, method: 'me-2' },
        totalPrice: 100.01,
        shippingCost: 0.01,
      }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(141.4)
    const [order] = await orders(s)
    expect(order).toMatchObject({ shippingCost: 41.4, shippingMethod: 'Correios SEDEX' })

    const elsewhere = await post(
      '/api/checkout/create-order',
      physicalOrder(s, {
        shipping: { ...physicalOrder(s).shipping, zipCode: '69005-000', state: 'AM', city: 'Manaus', method: 'me-2' },
      }),
    )
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().code).toBe('SHIPPING_UNAVAILABLE')
    const service9 = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { shipping: { ...physicalOrder(s).shipping, method: 'me-9' } }),
    )
    expect(service9.json().code).toBe('SHIPPING_UNAVAILABLE')
  })
})
