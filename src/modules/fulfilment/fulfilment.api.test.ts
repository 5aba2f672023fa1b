import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { POLL_EVERY_MS, pollTracking } from './service'

let t: TestApp
let fake: FakeMelhorEnvio
let receiver: FakeWebhookReceiver
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  receiver = await startWebhookReceiver()
  t = await createTestApp({ env: { MELHOR_ENVIO_API_URL: fake.url } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
  await receiver.close()
})

const { post, shop, physicalOrder, digitalOrder, sandbox, pageTokenOf } = orderingFixtures(() => t)
const sender = {
  name: 'Loja Teste',
  document: '52998224725',
  phone: '11987654321',
  email: 'loja@example.com',
  address: 'Rua Augusta',
  number: '100',
  district: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
}

/** A connected store whose product has a size, and a paid order: with SEDEX from Melhor Envio or the zone option. */
async function paidOrder(opts: { melhorEnvio?: boolean; pay?: boolean; s?: Shop } = {}) {
  const s = opts.s ?? (await shop())
  if (!opts.s) {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/products/${s.physicalId}`,
      payload: { weightGrams: 600, heightCm: 10, widthCm: 15, lengthCm: 20 },
      headers: s.owner.headers,
    })
    const connected = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${s.storeId}/shipping/melhor-envio`,
      payload: { token: 'me-test-token', originCep: '01310100', services: [1, 2], sender, active: true },
      headers: s.owner.headers,
    })
    expect(connected.json()).toMatchObject({ sender, active: true })
    await post(`/api/stores/${s.storeId}/shipping/calculate`, {
      zipCode: '01310100',
      items: [{ productId: s.physicalId, quantity: 1 }],
    })
  }
  const method = opts.melhorEnvio === false ? s.optionId : 'me-2'
  const body = physicalOrder(s, { shipping: { ...physicalOrder(s).shipping, method } })
  const res = (await post('/api/checkout/create-order', body)).json()
  expect(res.success).toBe(true)
  if (opts.pay !== false) {
    await sandbox(res.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await statusOf(s, res.orderId)) === 'PAID')
  }
  return { s, orderId: res.orderId as string, pageToken: pageTokenOf(res.orderPageUrl ?? '') }
}

const shipmentsUrl = (s: Shop, orderId: string) => `/api/stores/${s.storeId}/orders/${orderId}/shipments`
const ship = (s: Shop, orderId: string, body: object, headers = s.owner.headers) =>
  t.app.inject({ method: 'POST', url: shipmentsUrl(s, orderId), payload: body, headers })
const statusOf = async (s: Shop, orderId: string) =>
  (await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers }))
    .json()
    .find((o: { id: string }) => o.id === orderId).status
const deliveries = (orderId: string, kind: string) =>
  t.runtime.db
    .selectFrom('email_deliveries')
    .select(['recipient', 'state'])
    .where('subject_id', '=', orderId)
    .where('kind', '=', kind)
    .execute()

describe('shipments', () => {
  it('refuses what cannot ship: unpaid 409, digital 409, foreign 404, bad codes 400', async () => {
    const unpaid = await paidOrder({ pay: false })
    const manual = { kind: 'MANUAL', carrier: 'Correios', trackingCode: 'AA123456789BR' }
    const r1 = await ship(unpaid.s, unpaid.orderId, manual)
    expect(r1.statusCode).toBe(409)
    expect(r1.json().message).toBe('O pedido precisa estar pago para ser enviado.')
    const other = await shop({ payments: false })
    expect((await ship(other, unpaid.orderId, manual, other.owner.headers)).statusCode).toBe(404)
    expect((await ship(unpaid.s, unpaid.orderId, manual, other.owner.headers)).statusCode).toBe(404)

    const digital = (await post('/api/checkout/create-digital-order', digitalOrder(unpaid.s))).json()
    await sandbox(digital.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await statusOf(unpaid.s, digital.orderId)) === 'PAID')
    expect((await ship(unpaid.s, digital.orderId, manual)).json().message).toBe(
      'Pedido de produto digital não tem envio.',
    )

    const paid = await paidOrder({ s: unpaid.s })
    // Control characters are refused before the route (the platform's input guard), the others by the schema.
    for (const c of ['\u0000', '\u0007', '\n'])
      expect((await ship(paid.s, paid.orderId, { ...manual, trackingCode: `AA123${c}456BR` })).statusCode).toBe(400)
    for (const trackingCode of ['AA 123 BR!', 'A'.repeat(51), 'AB']) {
      const bad = await ship(paid.s, paid.orderId, { ...manual, trackingCode })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().errors.trackingCode).toBe('Código de rastreio deve ter de 4 a 50 letras, números, "-" ou "."')
    }
    expect(await statusOf(paid.s, paid.orderId)).toBe('PAID')
  })

  it("records a typed tracking code: SHIPPED, the buyer's page shows it, one e-mail with the tracking link", async () => {
    const { s, orderId, pageToken } = await paidOrder({ melhorEnvio: false })
    const hook = await post(
      `/api/stores/${s.storeId}/webhooks`,
      { url: receiver.url, events: ['order.shipped', 'order.delivered'] },
      s.owner.headers,
    )
    expect(hook.statusCode).toBe(201)
    const res = await ship(s, orderId, { kind: 'MANUAL', carrier: 'Jadlog', trackingCode: 'jd-0001234' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      status: 'SHIPPED',
      carrier: 'Jadlog',
      trackingCode: 'JD-0001234',
      hasLabel: false,
    })
    expect(await statusOf(s, orderId)).toBe('SHIPPED')
    expect((await ship(s, orderId, { kind: 'MANUAL', carrier: 'Jadlog', trackingCode: 'JD-200000' })).statusCode).toBe(
      409,
    )

    const buyer = await t.app.inject({ url: `/api/orders/${orderId}/shipment?t=${encodeURIComponent(pageToken)}` })
    expect(buyer.json().shipment).toMatchObject({
      statusLabel: 'Enviado',
      carrier: 'Jadlog',
      trackingCode: 'JD-0001234',
    })
    expect((await t.app.inject({ url: `/api/orders/${orderId}/shipment?t=wrong` })).statusCode).toBe(404)

    await t.drain()
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.shipped'))[0]?.state === 'SENT')
    expect(await deliveries(orderId, 'fulfilment.shipped')).toEqual([{ recipient: 'maria@example.com', state: 'SENT' }])
    const mail = await t.runtime.db
      .selectFrom('email_mailbox')
      .selectAll()
      .where('subject', 'like', '%foi enviado%')
      .execute()
    expect(JSON.stringify(mail)).toContain('JD-0001234')

    const delivered = await t.app.inject({
      method: 'POST',
      url: `${shipmentsUrl(s, orderId)}/delivered`,
      headers: s.owner.headers,
    })
    expect(delivered.json().status).toBe('DELIVERED')
    expect(await statusOf(s, orderId)).toBe('DELIVERED')

    // One signed webhook per event (Standard Webhooks, checked by its own package).
    await t.drain()
    await waitFor(() => receiver.received.length >= 2)
    const types = receiver.received.map((r) => {
      new Webhook(hook.json().secret).verify(r.body, r.headers as Record<string, string>)
      return JSON.parse(r.body) as { type: string; data: { shipment: { trackingCode: string } } }
    })
    expect(types.map((b) => b.type).sort()).toEqual(['order.delivered', 'order.shipped'])
    expect(types[0]!.data.shipment.trackingCode).toBe('JD-0001234')
  })

  it('buys one label under two concurrent clicks, keeps the PDF, and polls tracking to DELIVERED once', async () => {
    const { s, orderId, pageToken } = await paidOrder()
    const carts = () => fake.calls.filter((c) => c.path === '/api/v2/me/cart').length
    const before = carts()
    const [a, b] = await Promise.all([ship(s, orderId, { kind: 'LABEL' }), ship(s, orderId, { kind: 'LABEL' })])
    expect(carts()).toBe(before + 1)
    expect([a.statusCode, b.statusCode].sort()).toContain(201)
    for (const r of [a, b]) expect([201, 409]).toContain(r.statusCode)
    const again = await ship(s, orderId, { kind: 'LABEL' })
    expect(again.statusCode).toBe(201)
    expect(carts()).toBe(before + 1)
    const shipment = again.json()
    expect(shipment).toMatchObject({ status: 'SHIPPED', carrier: 'Correios SEDEX', hasLabel: true })
    expect(shipment.trackingCode).toMatch(/^AA\d{9}BR$/)
    expect(await statusOf(s, orderId)).toBe('SHIPPED')

    const pdf = await t.app.inject({ url: `${shipmentsUrl(s, orderId)}/label`, headers: s.owner.headers })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.body.startsWith('%PDF-')).toBe(true)
    const other = await shop({ payments: false })
    expect(
      (
        await t.app.inject({
          url: `/api/stores/${other.storeId}/orders/${orderId}/shipments/label`,
          headers: other.owner.headers,
        })
      ).statusCode,
    ).toBe(404)

    const meId = [...fake.items.values()].at(-1)!.id
    const deps = { db: t.runtime.db, config: t.app.config }
    const later = () => new Date(Date.now() + POLL_EVERY_MS + 60_000)
    expect(await pollTracking({ ...deps, now: later })).toBe(0)
    fake.advance(meId, 'delivered')
    expect(await pollTracking(deps)).toBe(0) // not due yet: polled again only after POLL_EVERY_MS
    expect(await pollTracking({ ...deps, now: () => new Date(Date.now() + 2 * POLL_EVERY_MS + 120_000) })).toBe(1)
    expect(await statusOf(s, orderId)).toBe('DELIVERED')
    const buyer = await t.app.inject({ url: `/api/orders/${orderId}/shipment?t=${encodeURIComponent(pageToken)}` })
    expect(buyer.json().shipment).toMatchObject({ status: 'DELIVERED', statusLabel: 'Entregue' })

    // The e-mail is the effect to wait for (a job retried under load runs later than drain() looks); then once more
    // drained, so that a second e-mail would have been written before counting.
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.delivered')).length > 0, 30_000)
    await t.drain()
    expect(await deliveries(orderId, 'fulfilment.shipped')).toHaveLength(1)
    expect(await deliveries(orderId, 'fulfilment.delivered')).toHaveLength(1)
  })
})
