/**
 * Funnels (issue 34): the child order of a one-tap offer reaches the store's partners as an order of its own, once —
 * UTMify (its orderId, paid), the merchant's order.paid webhook and one Conversions API Purchase whose event id is
 * the child's — while what they got for the parent stays as it was. All three are local fakes over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeUtmify, startFakeUtmify } from '../../testing/fake-utmify'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { UTMIFY_KEY } from '../integrations/utmify-fixtures'
import { type FakeGraph, startFakeGraph } from '../tracking/fake-graph'

let t: TestApp
let utmify: FakeUtmify
let graph: FakeGraph
let receiver: FakeWebhookReceiver

beforeAll(async () => {
  ;[utmify, graph, receiver] = await Promise.all([startFakeUtmify(), startFakeGraph(), startWebhookReceiver()])
  t = await createTestApp({
    redis: false,
    env: { UTMIFY_API_URL: utmify.url, FACEBOOK_GRAPH_URL: graph.url, FACEBOOK_GRAPH_VERSION: 'v21.0' },
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([utmify?.close(), graph?.close(), receiver?.close()])
})

const PIXEL = '123456789012345'
const TOKEN = `EAAB${'x'.repeat(40)}_|-ZZ9`

/** A store with a sandbox card gateway, UTMify on, a pixel with the Conversions API, an order.paid webhook, a funnel. */
async function shop() {
  const m = await t.merchantWithStore('Loja Parceiros')
  const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, status: number) => {
    const res = await t.send(method, url, m.user, payload)
    expect(res.statusCode, res.body).toBe(status)
    return res.json()
  }
  await send(
    'POST',
    `/api/stores/${m.storeId}/payment-accounts`,
    { provider: 'sandbox', label: 'Sandbox', apiKey: 'sk_sandbox_partners_0001', methods: ['pix', 'credit_card'] },
    201,
  )
  await send('PUT', `/api/integrations/utmfy/config/${m.storeId}`, { utmfyApiKey: UTMIFY_KEY, utmfyActive: true }, 200)
  await send(
    'PATCH',
    `/api/stores/${m.storeId}/facebook-pixel`,
    { pixelId: PIXEL, accessToken: TOKEN, active: true, trackPurchase: true },
    200,
  )
  await send('POST', `/api/stores/${m.storeId}/webhooks`, { url: receiver.url, events: ['order.paid'] }, 201)
  const product = async (name: string, price: number) =>
    (
      await send(
        'POST',
        `/api/stores/${m.storeId}/products`,
        { name, price, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/x.pdf' },
        201,
      )
    ).id as string
  const main = await product('Curso', 97)
  const a = await product('Mentoria', 297)
  await send(
    'POST',
    `/api/stores/${m.storeId}/funnels`,
    {
      name: 'Pós-compra do curso',
      triggerProductIds: [main],
      steps: [{ key: 'a', kind: 'upsell', productId: a, priceCents: 19_700, headline: 'Leve a mentoria' }],
    },
    201,
  )
  return { storeId: m.storeId, main }
}

async function buyByCard(s: { storeId: string; main: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-digital-order',
    payload: {
      storeId: s.storeId,
      productId: s.main,
      productType: 'DIGITAL',
      customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      payment: {
        method: 'credit_card',
        cardNumber: '4111111111111111',
        cardName: 'MARIA SILVA',
        expiryDate: '12/39',
        cvv: '123',
        installments: 1,
        saveCard: false,
      },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  return { id: body.orderId as string, token: new URL(body.orderPageUrl, 'http://x').searchParams.get('t') ?? '' }
}

/** What each partner got about one order, in arrival order. */
const utmifyFor = (orderId: string) => utmify.calls.filter((c) => c.body.orderId === orderId).map((c) => c.body)
const hooksFor = (orderId: string) =>
  receiver.received
    .map((r) => JSON.parse(r.body) as { type: string; data: { id: string; status: string } })
    .filter((b) => b.data.id === orderId)
const purchasesFor = (orderId: string) =>
  graph.calls
    .flatMap((c) => c.body.data)
    .filter((e) => e.event_name === 'Purchase' && e.event_id === `purchase.${orderId}`)

describe('funnel child order and the partners', () => {
  it('UTMify, the order.paid webhook and the Conversions API each get the child once; the parent stays as it was', async () => {
    const s = await shop()
    const parent = await buyByCard(s)
    // The parent's own deliveries settle first, so that anything arriving after the tap can be told apart.
    await t.drain()
    await waitFor(
      () =>
        utmifyFor(parent.id).some((b) => b.status === 'paid') &&
        hooksFor(parent.id).length === 1 &&
        purchasesFor(parent.id).length === 1,
    )
    await t.drain()
    const parentBefore = {
      utmify: structuredClone(utmifyFor(parent.id)),
      hooks: hooksFor(parent.id),
      purchases: purchasesFor(parent.id),
    }

    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${parent.id}/offer/accept?t=${encodeURIComponent(parent.token)}`,
      headers: { 'idempotency-key': 'partners-1' },
      payload: { stepKey: 'a' },
    })
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json()).toMatchObject({ accepted: true, child: { status: 'PAID', totalCents: 19_700 } })
    const childId = taken.json().child.orderId as string
    expect(childId).not.toBe(parent.id)

    await t.drain()
    await waitFor(
      () =>
        utmifyFor(childId).some((b) => b.status === 'paid') &&
        hooksFor(childId).length >= 1 &&
        purchasesFor(childId).length >= 1,
    )
    // A second round of the outbox and the jobs: a duplicate would be sent now.
    await t.drain()
    await t.drain()

    // Like any card order (the parent too): placed, then paid once — never a second paid nor one under the parent.
    const childUtmify = utmifyFor(childId)
    expect(childUtmify.map((b) => b.status)).toEqual(['waiting_payment', 'paid'])
    expect(utmify.calls.every((c) => c.token === UTMIFY_KEY)).toBe(true)
    expect(childUtmify.filter((b) => b.status === 'paid')).toHaveLength(1)
    expect(childUtmify.filter((b) => b.status === 'paid')[0]).toMatchObject({
      orderId: childId,
      status: 'paid',
      paymentMethod: 'credit_card',
    })
    expect(hooksFor(childId)).toEqual([
      expect.objectContaining({ type: 'order.paid', data: expect.objectContaining({ id: childId, status: 'PAID' }) }),
    ])
    const purchases = graph.calls.flatMap((c) => c.body.data).filter((e) => e.event_name === 'Purchase')
    expect(purchases.filter((e) => e.event_id === `purchase.${childId}`)).toHaveLength(1)
    expect(purchasesFor(childId)[0]).toMatchObject({ custom_data: { value: 197, currency: 'BRL' } })

    // Nothing more was sent about the parent: UTMify's record of it, its webhook and its Purchase are as before.
    expect(utmifyFor(parent.id)).toEqual(parentBefore.utmify)
    expect(hooksFor(parent.id)).toEqual(parentBefore.hooks)
    expect(purchasesFor(parent.id)).toEqual(parentBefore.purchases)
    expect(purchases).toHaveLength(2)
  })
})
