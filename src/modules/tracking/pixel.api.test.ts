import { describe, expect, it } from 'vitest'
import { appWithFake, resetRecording } from '../../testing/app-with-fake'
import { type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { sendOrderEvent } from './capi'
import { type FakeGraph, startFakeGraph } from './fake-graph'
import { sha256 } from './user-data'

let t: TestApp
let fake: FakeGraph
appWithFake(
  startFakeGraph,
  (url) => ({ FACEBOOK_GRAPH_URL: url, FACEBOOK_GRAPH_VERSION: 'v21.0' }),
  (s) => ({ t, fake } = s),
  resetRecording,
)

const PIXEL = '123456789012345'
const TOKEN = `EAAB${'x'.repeat(40)}_|-ZZ9`
const FBP = 'fb.1.1700000000000.987654321'

async function req(method: 'GET' | 'PATCH' | 'POST', url: string, user?: TestUser, payload?: object) {
  return t.app.inject({ method, url, payload, headers: user?.headers })
}

async function store(owner: TestUser) {
  return (await req('POST', '/api/stores', owner, { name: 'Loja Pixel' })).json().id as string
}

/** A store with a sandbox gateway, a R$ 149,90 digital product and, unless told, an active pixel with a token. */
async function shop(pixel: object | null = {}) {
  const owner = await t.login()
  const storeId = await store(owner)
  const product = await req('POST', `/api/stores/${storeId}/products`, owner, {
    name: 'Curso de Anúncios',
    price: 149.9,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.zip',
  })
  await req('POST', `/api/payment/ativo-pay/payment-config?storeId=${storeId}`, owner, {
    ativoPayApiKey: 'sk_sandbox_pixel_0001',
  })
  if (pixel) {
    const saved = await req('PATCH', `/api/stores/${storeId}/facebook-pixel`, owner, {
      pixelId: PIXEL,
      accessToken: TOKEN,
      active: true,
      testEventCode: 'TEST123',
      ...pixel,
    })
    expect(saved.statusCode).toBe(200)
  }
  return { owner, storeId, productId: product.json().id as string }
}

async function placeOrder(s: { storeId: string; productId: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-digital-order',
    headers: { 'user-agent': 'Mozilla/5.0 (Test)' },
    payload: {
      storeId: s.storeId,
      productId: s.productId,
      customer: { name: 'Ana Souza', email: ' Ana.Souza@Example.COM', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      payment: { method: 'pix' },
      tracking: { fbp: FBP, fbclid: 'abc' },
    },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { orderId: string; orderNumber: string; paymentResult: { gatewayId: string } }
}

async function sandboxPay(gatewayId: string) {
  const res = await req('POST', `/sandbox/ativopay/v1/transactions/${gatewayId}/pay`, undefined, {})
  expect(res.statusCode).toBeLessThan(300)
}

async function deliveries(s: { owner: TestUser; storeId: string }) {
  const res = await req('GET', `/api/stores/${s.storeId}/facebook-pixel/deliveries`, s.owner)
  expect(res.statusCode).toBe(200)
  expect(res.body).not.toContain(TOKEN)
  return res.json().deliveries as { eventName: string; eventId: string; state: string; error: string | null }[]
}

const events = (name: string) => fake.calls.filter((c) => c.body.data[0].event_name === name)

describe('pixel configuration', () => {
  it('keeps the token encrypted and only ever answers it masked; the public view has no token', async () => {
    const owner = await t.login()
    const storeId = await store(owner)
    const empty = await req('GET', `/api/stores/${storeId}/facebook-pixel`, owner)
    expect(empty.json()).toMatchObject({ pixelId: '', accessToken: '', active: false, trackPurchase: true })

    const saved = await req('PATCH', `/api/stores/${storeId}/facebook-pixel`, owner, {
      pixelId: PIXEL,
      accessToken: TOKEN,
      active: true,
      trackAddToCart: false,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(TOKEN)
    const masked = saved.json().accessToken as string
    expect(masked).toContain('•')
    expect(saved.json()).toMatchObject({ pixelId: PIXEL, active: true, hasAccessToken: true, trackAddToCart: false })

    const again = await req('PATCH', `/api/stores/${storeId}/facebook-pixel`, owner, { accessToken: masked })
    expect(again.json()).toMatchObject({ accessToken: masked, hasAccessToken: true, trackAddToCart: false })
    const row = await t.runtime.db
      .selectFrom('pixel_configs')
      .selectAll()
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow()
    expect(row.access_token_encrypted).not.toContain(TOKEN)

    const pub = await req('GET', `/api/public/stores/${storeId}/facebook-pixel`)
    expect(pub.statusCode).toBe(200)
    expect(pub.json()).toEqual({
      pixelId: PIXEL,
      active: true,
      trackPageView: true,
      trackAddToCart: false,
      trackInitiateCheckout: true,
      trackPurchase: true,
      trackLead: false,
      trackCompleteRegistration: false,
    })
    expect(pub.body).not.toContain('•')

    await req('PATCH', `/api/stores/${storeId}/facebook-pixel`, owner, { active: false })
    const off = await req('GET', `/api/public/stores/${storeId}/facebook-pixel`)
    expect(off.json()).toMatchObject({ pixelId: '', active: false })
  })

  it('answers the spec’s messages for a bad id or token, 404 for a foreign store, 401 anonymous', async () => {
    const owner = await t.login()
    const storeId = await store(owner)
    const url = `/api/stores/${storeId}/facebook-pixel`
    for (const pixelId of ['12345', '12345678901234567', '12345678901234a', '']) {
      const bad = await req('PATCH', url, owner, { pixelId, active: true })
      expect(bad.statusCode, pixelId).toBe(400)
      expect(bad.json().message).toBe('ID do Facebook Pixel inválido. Deve conter 15-16 dígitos.')
    }
    // Inactive, the id is not checked yet (spec 002 §5: on save when active).
    expect((await req('PATCH', url, owner, { pixelId: '123', active: false })).statusCode).toBe(200)
    expect((await req('PATCH', url, owner, { pixelId: '1234567890123456', active: true })).statusCode).toBe(200)
    for (const accessToken of ['curto', `${'a'.repeat(39)}`, `${'a'.repeat(201)}`, `${'a'.repeat(40)} espaço`]) {
      const bad = await req('PATCH', url, owner, { accessToken })
      expect(bad.statusCode).toBe(400)
      expect(JSON.stringify(bad.json())).toContain('Token de acesso inválido')
    }
    expect((await req('PATCH', url, owner, { testEventCode: 'TEST<1>' })).statusCode).toBe(400)

    const other = await t.login()
    for (const [method, path] of [
      ['GET', url],
      ['PATCH', url],
      ['GET', `${url}/deliveries`],
    ] as const) {
      expect((await req(method, path, other, method === 'PATCH' ? { active: false } : undefined)).statusCode).toBe(404)
      expect((await req(method, path, undefined, method === 'PATCH' ? { active: false } : undefined)).statusCode).toBe(
        401,
      )
    }
    const unknown = await req('GET', '/api/public/stores/00000000-0000-4000-8000-000000000000/facebook-pixel')
    expect(unknown.statusCode).toBe(404)
    expect((await req('GET', '/api/public/stores/nao-e-uuid/facebook-pixel')).statusCode).toBe(404)
  })
})

describe('Conversions API from the worker', () => {
  it('sends one Purchase with the total to the centavo, hashed user data and the browser’s event id', async () => {
    const s = await shop()
    const order = await placeOrder(s)
    await t.drain()
    await waitFor(() => events('InitiateCheckout').length === 1)
    await sandboxPay(order.paymentResult.gatewayId)
    await waitFor(() => events('Purchase').length === 1)
    await t.drain()
    expect(fake.calls).toHaveLength(2)

    const call = events('Purchase')[0]
    expect(call.path).toBe(`/v21.0/${PIXEL}/events`)
    expect(call.body.access_token).toBe(TOKEN)
    expect(call.body.test_event_code).toBe('TEST123')
    const e = call.body.data[0]
    expect(e).toMatchObject({
      event_name: 'Purchase',
      event_id: `purchase.${order.orderId}`,
      action_source: 'website',
      event_source_url: expect.stringMatching(new RegExp(`/digital-checkout/${s.storeId}/${s.productId}$`)),
      custom_data: {
        value: 149.9,
        currency: 'BRL',
        content_ids: [s.productId],
        contents: [{ id: s.productId, quantity: 1, item_price: 149.9 }],
        order_id: order.orderNumber,
      },
    })
    expect(Math.abs(e.event_time - Date.now() / 1000)).toBeLessThan(600)
    expect(e.user_data).toMatchObject({
      em: [sha256('ana.souza@example.com')],
      ph: [sha256('5511987654321')],
      fn: [sha256('ana')],
      ln: [sha256('souza')],
      country: [sha256('br')],
      external_id: [sha256('52998224725')],
      client_user_agent: 'Mozilla/5.0 (Test)',
      fbp: FBP,
      fbc: expect.stringMatching(/^fb\.1\.\d+\.abc$/),
    })
    expect(e.user_data.client_ip_address).toBeTruthy()

    const ic = events('InitiateCheckout')[0].body.data[0]
    expect(ic.event_id).toBe(`checkout.${s.productId}.${FBP}`)
    expect((await deliveries(s)).map((d) => [d.eventName, d.state])).toEqual(
      expect.arrayContaining([
        ['Purchase', 'SENT'],
        ['InitiateCheckout', 'SENT'],
      ]),
    )

    // The same order.paid handled again (a re-delivered job) sends nothing more.
    const deps = { db: t.runtime.db, config: t.config, log: t.app.log }
    await sendOrderEvent(deps, { orderId: order.orderId, eventName: 'Purchase', productId: s.productId })
    await sendOrderEvent(deps, { orderId: order.orderId, eventName: 'Purchase', productId: s.productId })
    expect(events('Purchase')).toHaveLength(1)
  })

  it('a physical order: total with shipping, hashed city, state and CEP prefix, the physical checkout as source', async () => {
    const s = await shop({ trackInitiateCheckout: false })
    const physical = await req('POST', `/api/stores/${s.storeId}/products`, s.owner, {
      name: 'Camiseta',
      price: 100,
      type: 'PHYSICAL',
      stock: 5,
    })
    const option = await req('POST', `/api/stores/${s.storeId}/shipping`, s.owner, {
      name: 'Sedex',
      basePrice: 20.45,
      estimatedDays: 3,
    })
    expect(option.statusCode).toBe(201)
    const res = await req('POST', '/api/checkout/create-order', undefined, {
      storeId: s.storeId,
      productId: physical.json().id,
      customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      shipping: {
        zipCode: '01310-100',
        address: 'Avenida Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
        method: option.json().id,
      },
      payment: { method: 'pix' },
    })
    expect(res.statusCode).toBe(200)
    await sandboxPay(res.json().paymentResult.gatewayId)
    await waitFor(() => events('Purchase').length === 1)
    const e = events('Purchase')[0].body.data[0]
    expect(e.custom_data).toMatchObject({ value: 120.45, currency: 'BRL', content_ids: [physical.json().id] })
    expect(e.event_source_url).toMatch(new RegExp(`/checkout/${s.storeId}/${physical.json().id}$`))
    expect(e.user_data).toMatchObject({ ct: [sha256('saopaulo')], st: [sha256('sp')], zp: [sha256('01310')] })
  })

  it('retries a 500 and records a 400 with Meta’s message without sending again', async () => {
    const s = await shop()
    fake.respond({ status: 500, body: { error: { message: 'Service temporarily unavailable' } } })
    const order = await placeOrder(s)
    await t.drain()
    await waitFor(async () => (await deliveries(s))[0]?.state === 'SENT')
    expect(events('InitiateCheckout')).toHaveLength(2)

    fake.calls.length = 0
    fake.respond({
      status: 400,
      body: { error: { message: 'Invalid parameter', error_user_msg: 'O token de acesso expirou', code: 190 } },
    })
    await sandboxPay(order.paymentResult.gatewayId)
    await waitFor(async () => (await deliveries(s)).some((d) => d.eventName === 'Purchase' && d.state === 'FAILED'))
    await t.drain()
    expect(fake.calls).toHaveLength(1)
    const failed = (await deliveries(s)).find((d) => d.eventName === 'Purchase')!
    expect(failed.error).toBe('O token de acesso expirou')
  })

  it('gives up on the queue’s last try: a 5xx then is kept as failed, not as waiting for a retry', async () => {
    const s = await shop({ trackInitiateCheckout: false })
    const order = await placeOrder(s)
    await t.drain()
    await t.runtime.db.updateTable('orders').set({ paid_at: new Date() }).where('id', '=', order.orderId).execute()
    fake.respond({ status: 503, body: { error: { message: 'Service unavailable' } } })
    const deps = { db: t.runtime.db, config: t.config, log: t.app.log }
    await sendOrderEvent(deps, {
      orderId: order.orderId,
      eventName: 'Purchase',
      productId: s.productId,
      lastAttempt: true,
    })
    const [row] = await deliveries(s)
    expect(row).toMatchObject({ eventName: 'Purchase', state: 'FAILED' })
    expect(row.error).toContain('Service unavailable')
    expect(fake.calls).toHaveLength(1)
  })

  it('sends nothing when the pixel is off, has no token, or the event toggle is off; nothing past 7 days', async () => {
    for (const pixel of [
      { active: false },
      { accessToken: null },
      { trackPurchase: false, trackInitiateCheckout: false },
    ]) {
      const s = await shop(pixel)
      const order = await placeOrder(s)
      await sandboxPay(order.paymentResult.gatewayId)
      await t.drain()
      await t.drain()
      expect(fake.calls, JSON.stringify(pixel)).toHaveLength(0)
      expect(await deliveries(s)).toEqual([])
    }

    const s = await shop({ trackInitiateCheckout: false })
    const order = await placeOrder(s)
    await t.drain()
    const old = new Date(Date.now() - 8 * 86_400_000)
    await t.runtime.db
      .updateTable('orders')
      .set({ created_at: old, paid_at: old })
      .where('id', '=', order.orderId)
      .execute()
    const deps = { db: t.runtime.db, config: t.config, log: t.app.log }
    await sendOrderEvent(deps, { orderId: order.orderId, eventName: 'Purchase', productId: s.productId })
    expect(fake.calls).toHaveLength(0)
    expect((await deliveries(s)).map((d) => d.state)).toEqual(['SKIPPED'])
  })
})
