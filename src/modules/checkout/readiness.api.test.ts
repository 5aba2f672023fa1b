import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_SHIPPING_OPTION } from '../../shared/shipping'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }
const address = { zipCode: '01310-100', address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' }

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, user?: TestUser) {
  return t.app.inject({ method, url, payload, headers: user?.headers })
}

async function merchant() {
  const owner = await t.login()
  const store = (await call('POST', '/api/stores', { name: 'Loja Pronta' }, owner)).json()
  return { owner, storeId: store.id as string }
}

async function addProduct(owner: TestUser, storeId: string, body: object) {
  const res = await call('POST', `/api/stores/${storeId}/products`, body, owner)
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

async function configurePayments(owner: TestUser, storeId: string) {
  const res = await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${storeId}`,
    { ativoPayApiKey: 'sk_sandbox_readiness_01' },
    owner,
  )
  expect(res.statusCode).toBe(200)
}

async function setFallback(owner: TestUser, storeId: string, fallbackEnabled: boolean) {
  const res = await call('PUT', `/api/stores/${storeId}/shipping/settings`, { fallbackEnabled }, owner)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ fallbackEnabled })
}

const readiness = async (owner: TestUser, storeId: string) =>
  (await call('GET', `/api/stores/${storeId}/readiness`, undefined, owner)).json()

describe('GET /stores/:storeId/readiness', () => {
  it('lists what a new store lacks and turns ready once payment, a product and shipping are there', async () => {
    const { owner, storeId } = await merchant()
    expect(await readiness(owner, storeId)).toEqual({
      ready: false,
      payment: { ok: false, methods: [] },
      products: { ok: false, total: 0, sellable: 0, physical: 0 },
      shipping: { ok: false, required: false, activeOptions: 0, fallbackEnabled: false },
      checkout: { customized: false },
    })

    // A sold-out physical product is nothing to sell, and it makes shipping a requirement.
    const shirt = await addProduct(owner, storeId, { name: 'Camiseta', price: 50, type: 'PHYSICAL', stock: 0 })
    let r = await readiness(owner, storeId)
    expect(r.products).toEqual({ ok: false, total: 1, sellable: 0, physical: 1 })
    expect(r.shipping).toMatchObject({ ok: false, required: true })

    await call('PATCH', `/api/stores/${storeId}/products/${shirt}`, { stock: 5 }, owner)
    await configurePayments(owner, storeId)
    r = await readiness(owner, storeId)
    expect(r.payment).toEqual({ ok: true, methods: ['PIX', 'Cartão de Crédito', 'Boleto Bancário'] })
    expect(r.products).toMatchObject({ ok: true, sellable: 1 })
    expect(r.ready).toBe(false)

    // The fallback alone is a way to ship; so is an active option.
    await setFallback(owner, storeId, true)
    r = await readiness(owner, storeId)
    expect(r.shipping).toEqual({ ok: true, required: true, activeOptions: 0, fallbackEnabled: true })
    expect(r.ready).toBe(true)
    await setFallback(owner, storeId, false)
    expect((await readiness(owner, storeId)).ready).toBe(false)
    await call('POST', `/api/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 15, estimatedDays: 7 }, owner)
    await call('PATCH', `/api/stores/${storeId}/customization`, { primaryColor: '#112233' }, owner)
    r = await readiness(owner, storeId)
    expect(r.shipping).toEqual({ ok: true, required: true, activeOptions: 1, fallbackEnabled: false })
    expect(r.checkout).toEqual({ customized: true })
    expect(r.ready).toBe(true)
  })

  it('does not ask a digital-only store for shipping', async () => {
    const { owner, storeId } = await merchant()
    await addProduct(owner, storeId, {
      name: 'E-book',
      price: 19.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/e.pdf',
    })
    await configurePayments(owner, storeId)
    const r = await readiness(owner, storeId)
    expect(r.shipping).toMatchObject({ ok: false, required: false })
    expect(r.ready).toBe(true)
  })

  it('answers only the owner: 401 without a session, 404 for a foreign or unknown store', async () => {
    const { storeId } = await merchant()
    const other = await t.login()
    expect((await call('GET', `/api/stores/${storeId}/readiness`)).statusCode).toBe(401)
    expect((await call('GET', `/api/stores/${storeId}/readiness`, undefined, other)).statusCode).toBe(404)
    expect((await call('GET', '/api/stores/nao-existe/readiness', undefined, other)).statusCode).toBe(404)
    expect((await call('GET', `/api/stores/${storeId}/shipping/settings`, undefined, other)).statusCode).toBe(404)
    const put = await call('PUT', `/api/stores/${storeId}/shipping/settings`, { fallbackEnabled: true }, other)
    expect(put.statusCode).toBe(404)
  })
})

describe('shipping fallback', () => {
  async function physicalShop() {
    const { owner, storeId } = await merchant()
    const productId = await addProduct(owner, storeId, { name: 'Caneca', price: 40, type: 'PHYSICAL', stock: 10 })
    await configurePayments(owner, storeId)
    return { owner, storeId, productId }
  }

  const order = (storeId: string, productId: string, method: string) => ({
    storeId,
    productId,
    productType: 'PHYSICAL',
    customer,
    shipping: { ...address, method },
    payment: { method: 'pix' },
    items: [{ productId, quantity: 1 }],
  })

  const calculate = (storeId: string, productId: string) =>
    call('POST', `/api/stores/${storeId}/shipping/calculate`, {
      zipCode: '01310-100',
      items: [{ productId, quantity: 1 }],
    })

  it('is off by default: no option to quote, a message for the buyer, and the order refused with 400', async () => {
    const { owner, storeId, productId } = await physicalShop()
    const settings = await call('GET', `/api/stores/${storeId}/shipping/settings`, undefined, owner)
    expect(settings.json()).toEqual({ fallbackEnabled: false })

    const quote = await calculate(storeId, productId)
    expect(quote.statusCode).toBe(200)
    expect(quote.json()).toMatchObject({ options: [], fallback: false, message: NO_SHIPPING_OPTION })

    const refused = await call('POST', '/api/checkout/create-order', order(storeId, productId, 'fallback-padrao'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'SHIPPING_UNAVAILABLE', message: NO_SHIPPING_OPTION })
    expect(refused.json().errors).toEqual({ 'shipping.method': NO_SHIPPING_OPTION })
  })

  it('when on, quotes the spec prices and prices the order from the server', async () => {
    const { owner, storeId, productId } = await physicalShop()
    await setFallback(owner, storeId, true)

    const quote = (await calculate(storeId, productId)).json()
    expect(quote.fallback).toBe(true)
    expect(quote.message).toBeNull()
    expect(quote.options.map((o: { id: string; price: number }) => [o.id, o.price])).toEqual([
      ['fallback-padrao', 10],
      ['fallback-expresso', 25],
    ])

    const placed = await call('POST', '/api/checkout/create-order', {
      ...order(storeId, productId, 'fallback-expresso'),
      totalPrice: 1,
    })
    expect(placed.statusCode).toBe(200)
    expect(placed.json().total).toBe(65)
  })

  it('never applies beside a real option: the store options are quoted and a fallback id is refused', async () => {
    const { owner, storeId, productId } = await physicalShop()
    await setFallback(owner, storeId, true)
    await call('POST', `/api/stores/${storeId}/shipping`, { name: 'Sedex', basePrice: 30, estimatedDays: 2 }, owner)

    const quote = (await calculate(storeId, productId)).json()
    expect(quote.fallback).toBe(false)
    expect(quote.options.map((o: { name: string }) => o.name)).toEqual(['Sedex'])

    const refused = await call('POST', '/api/checkout/create-order', order(storeId, productId, 'fallback-padrao'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/indisponível/)
  })

  it('rejects a settings body that is not a boolean with 400', async () => {
    const { owner, storeId } = await merchant()
    const res = await call('PUT', `/api/stores/${storeId}/shipping/settings`, { fallbackEnabled: 'sim' }, owner)
    expect(res.statusCode).toBe(400)
  })
})
