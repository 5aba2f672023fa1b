import { describe, expect, it } from 'vitest'
import type { FakeUtmify } from '../../testing/fake-utmify'
import { type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { applyPaymentEvent } from '../ordering/service'
import { deliverOrderStatus } from './service'
import { UTMIFY_KEY, utmifyFixtures, utmifySuite } from './utmify-fixtures'

let t: TestApp
let fake: FakeUtmify
utmifySuite((s) => ({ t, fake } = s), { reset: true })
const { shop: utmifyShop, placeOrder: placeUtmOrder } = utmifyFixtures(() => t)

const KEY = UTMIFY_KEY

async function req(method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) {
  return t.app.inject({ method, url, payload, headers: user?.headers })
}

async function store(owner: TestUser) {
  return (await req('POST', '/api/stores', owner, { name: 'Loja UTM' })).json().id as string
}

/** A store with a sandbox gateway, a R$ 97 digital product and UTMify as asked. */
const shop = (opts: { utmify?: 'active' | 'inactive' | 'none' } = {}) =>
  utmifyShop({ storeName: 'Loja UTM', sandboxKey: 'sk_sandbox_utmify_0001', ...opts })
const placeOrder = (s: { storeId: string; productId: string }) =>
  placeUtmOrder(s, {
    tracking: { utm_source: 'FB', utm_campaign: 'bf|123', utm_medium: 'cpc', src: 'story', sck: 'x1' },
  })

async function sandboxPay(gatewayId: string) {
  const res = await req('POST', `/sandbox/ativopay/v1/transactions/${gatewayId}/pay`, undefined, {})
  expect(res.statusCode).toBeLessThan(300)
}

async function deliveries(s: { owner: TestUser; storeId: string }) {
  const res = await req('GET', `/api/integrations/utmfy/deliveries/${s.storeId}`, s.owner)
  expect(res.statusCode).toBe(200)
  return res.json().deliveries as { id: string; status: string; state: string; error: string | null }[]
}

describe('UTMify configuration', () => {
  it('keeps the key encrypted and only ever shows it masked; an empty or masked key keeps it', async () => {
    const owner = await t.login()
    const storeId = await store(owner)
    const empty = await req('GET', `/api/integrations/utmfy/config/${storeId}`, owner)
    expect(empty.json()).toMatchObject({ utmfyApiKey: '', utmfyActive: false, hasApiKey: false, platform: 'dexter' })

    const saved = await req('PUT', `/api/integrations/utmfy/config/${storeId}`, owner, {
      utmfyApiKey: KEY,
      utmfyActive: true,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(KEY)
    expect(saved.json()).toMatchObject({ utmfyActive: true, hasApiKey: true })
    const masked = saved.json().utmfyApiKey as string
    expect(masked.startsWith('utmi')).toBe(true)
    expect(masked).toContain('•')

    const again = await req('PUT', `/api/integrations/utmfy/config/${storeId}`, owner, {
      utmfyApiKey: masked,
      utmfyActive: false,
    })
    expect(again.json()).toMatchObject({ utmfyApiKey: masked, utmfyActive: false, hasApiKey: true })
    const stored = await t.runtime.db.selectFrom('utmify_configs').selectAll().executeTakeFirstOrThrow()
    expect(stored.api_key_encrypted).not.toContain(KEY)
  })

  it('refuses a bad key, activation without a key, a foreign store and an anonymous caller', async () => {
    const owner = await t.login()
    const storeId = await store(owner)
    const bad = await req('PUT', `/api/integrations/utmfy/config/${storeId}`, owner, {
      utmfyApiKey: 'tem espaço e <tag>',
      utmfyActive: true,
    })
    expect(bad.statusCode).toBe(400)
    const noKey = await req('PUT', `/api/integrations/utmfy/config/${storeId}`, owner, { utmfyActive: true })
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().message).toBe('Configure a chave API primeiro')

    const other = await t.login()
    for (const [method, url] of [
      ['GET', `/api/integrations/utmfy/config/${storeId}`],
      ['PUT', `/api/integrations/utmfy/config/${storeId}`],
      ['POST', `/api/integrations/utmfy/simulate-sale/${storeId}`],
      ['GET', `/api/integrations/utmfy/deliveries/${storeId}`],
    ] as const) {
      const foreign = await req(method, url, other, method === 'PUT' ? { utmfyActive: false } : undefined)
      expect(foreign.statusCode, url).toBe(404)
      expect(foreign.json().message).toBe('ID da loja não encontrado')
      const anonymous = await req(method, url, undefined, method === 'PUT' ? { utmfyActive: false } : undefined)
      expect(anonymous.statusCode, url).toBe(401)
    }
  })
})

describe('simulate sale', () => {
  it('checks the store, then the key, then the switch, in that order', async () => {
    const owner = await t.login()
    const unknown = await req(
      'POST',
      '/api/integrations/utmfy/simulate-sale/00000000-0000-4000-8000-000000000000',
      owner,
    )
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('ID da loja não encontrado')

    const storeId = await store(owner)
    const noKey = await req('POST', `/api/integrations/utmfy/simulate-sale/${storeId}`, owner)
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().message).toBe('Configure a chave API primeiro')

    await req('PUT', `/api/integrations/utmfy/config/${storeId}`, owner, { utmfyApiKey: KEY, utmfyActive: false })
    const inactive = await req('POST', `/api/integrations/utmfy/simulate-sale/${storeId}`, owner)
    expect(inactive.statusCode).toBe(400)
    expect(inactive.json().message).toBe('Ative a integração primeiro antes de simular uma venda')
    expect(fake.calls).toHaveLength(0)
  })

  it('sends a test order with the token and answers UTMify’s refusal', async () => {
    const s = await shop()
    const ok = await req('POST', `/api/integrations/utmfy/simulate-sale/${s.storeId}`, s.owner)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, error: null })
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0].token).toBe(KEY)
    expect(fake.calls[0].body).toMatchObject({ isTest: true, platform: 'dexter', orderId: ok.json().orderId })
    expect(ok.body).not.toContain(KEY)

    fake.respond({ status: 400, body: { message: 'API token inválido' } })
    const refused = await req('POST', `/api/integrations/utmfy/simulate-sale/${s.storeId}`, s.owner)
    expect(refused.json()).toMatchObject({ success: false, error: 'API token inválido' })
  })
})

describe('order statuses pushed from the worker', () => {
  it('sends waiting_payment then paid, with one createdAt, the checkout’s UTM parameters and the total', async () => {
    const s = await shop()
    const order = await placeOrder(s)
    await t.drain()
    await waitFor(() => fake.calls.length === 1)
    await sandboxPay(order.paymentResult.gatewayId)
    await waitFor(() => fake.calls.length === 2)
    await t.drain()
    expect(fake.calls).toHaveLength(2)
    const [placed, paid] = fake.calls.map((c) => c.body)
    expect(placed).toMatchObject({ orderId: order.orderId, status: 'waiting_payment', approvedDate: null })
    expect(paid).toMatchObject({ orderId: order.orderId, status: 'paid', paymentMethod: 'pix', isTest: false })
    expect(paid.createdAt).toBe(placed.createdAt)
    expect(paid.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(paid.approvedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(paid.trackingParameters).toEqual({
      src: 'story',
      sck: 'x1',
      utm_source: 'FB',
      utm_campaign: 'bf|123',
      utm_medium: 'cpc',
      utm_content: null,
      utm_term: null,
    })
    expect(paid.commission).toEqual({
      totalPriceInCents: 9700,
      gatewayFeeInCents: 0,
      userCommissionInCents: 9700,
      currency: 'BRL',
    })
    expect(paid.customer).toMatchObject({ email: 'ana@example.com', phone: '11987654321', document: '52998224725' })
    expect(paid.products).toEqual([
      expect.objectContaining({ name: 'Curso de Tráfego', quantity: 1, priceInCents: 9700 }),
    ])
    expect((await deliveries(s)).map((d) => [d.status, d.state])).toEqual([
      ['paid', 'SENT'],
      ['waiting_payment', 'SENT'],
    ])
  })

  it('sends once when the job runs twice, and sends the earlier status first when events race', async () => {
    const s = await shop()
    const order = await placeOrder(s)
    await t.drain()
    await waitFor(async () => (await deliveries(s))[0]?.state === 'SENT')
    const deps = { db: t.runtime.db, config: t.config, log: t.app.log }
    await deliverOrderStatus(deps, { orderId: order.orderId, status: 'waiting_payment' })
    await deliverOrderStatus(deps, { orderId: order.orderId, status: 'refused' })
    await deliverOrderStatus(deps, { orderId: order.orderId, status: 'refused' })
    expect(fake.calls.map((c) => c.body.status)).toEqual(['waiting_payment', 'refused'])
  })

  it('retries a 500 and records a 400 with UTMify’s message, which the merchant can send again', async () => {
    const s = await shop()
    fake.respond({ status: 500, body: { message: 'boom' } })
    const order = await placeOrder(s)
    await t.drain()
    await waitFor(async () => (await deliveries(s))[0]?.state === 'SENT')
    expect(fake.calls.map((c) => c.body.status)).toEqual(['waiting_payment', 'waiting_payment'])

    fake.calls.length = 0
    fake.respond({ status: 422, body: { message: 'Pedido inválido' } })
    await sandboxPay(order.paymentResult.gatewayId)
    await waitFor(async () => (await deliveries(s)).some((d) => d.status === 'paid' && d.state === 'FAILED'))
    await t.drain()
    expect(fake.calls).toHaveLength(1)
    const failed = (await deliveries(s)).find((d) => d.status === 'paid')!
    expect(failed.error).toBe('Pedido inválido')

    const retried = await req('POST', `/api/integrations/utmfy/deliveries/${s.storeId}/${failed.id}/retry`, s.owner)
    expect(retried.statusCode).toBe(202)
    await waitFor(async () => (await deliveries(s)).find((d) => d.status === 'paid')?.state === 'SENT')
    expect(fake.calls.map((c) => c.body.status)).toEqual(['paid', 'paid'])
    const again = await req('POST', `/api/integrations/utmfy/deliveries/${s.storeId}/${failed.id}/retry`, s.owner)
    expect(again.statusCode).toBe(409)
  })

  it('sends a refund after the payment, dated', async () => {
    const s = await shop()
    const order = await placeOrder(s)
    await sandboxPay(order.paymentResult.gatewayId)
    await waitFor(async () => (await deliveries(s)).some((d) => d.status === 'paid' && d.state === 'SENT'))
    const news = { transactionId: order.transactionId, storeId: s.storeId, orderRef: order.orderId }
    await applyPaymentEvent(t.runtime.db, { ...news, status: 'REFUNDED', amountCents: 9700 }, t.app.log)
    await waitFor(async () => (await deliveries(s)).some((d) => d.status === 'refunded' && d.state === 'SENT'))
    expect(fake.calls.map((c) => c.body.status)).toEqual(['waiting_payment', 'paid', 'refunded'])
    const refunded = fake.calls[2].body
    expect(refunded.refundedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(refunded.createdAt).toBe(fake.calls[0].body.createdAt)
  })

  it('sends nothing for a store whose integration is off', async () => {
    const s = await shop({ utmify: 'inactive' })
    const order = await placeOrder(s)
    await sandboxPay(order.paymentResult.gatewayId)
    await t.drain()
    await t.drain()
    expect(fake.calls).toHaveLength(0)
    expect(await deliveries(s)).toEqual([])
  })
})
