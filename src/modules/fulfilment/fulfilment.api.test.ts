import { Writable } from 'node:stream'
import pino from 'pino'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG_REDACT } from '../../app'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { buyersFixtures } from '../buyers/buyers-fixtures'
import type { Shop } from '../ordering/ordering-fixtures'
import { fulfilmentFixtures } from './fulfilment-fixtures'
import { POLL_EVERY_MS, pollTracking } from './service'

let t: TestApp
let fake: FakeMelhorEnvio
let receiver: FakeWebhookReceiver
/** Every log line the app writes, at its most talkative, through production's redaction: no token may be in it. */
let logs = ''
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  receiver = await startWebhookReceiver()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  t = await createTestApp({
    env: { MELHOR_ENVIO_API_URL: fake.url },
    log: pino({ level: 'trace', redact: LOG_REDACT }, sink),
  })
})
afterAll(async () => {
  await t.close()
  await fake.close()
  await receiver.close()
})

const { post, shop, digitalOrder, sandbox, paidOrder, ship, shipmentsUrl, statusOf, deliveries, orderShipment } =
  fulfilmentFixtures(() => t)
const { signIn } = buyersFixtures(() => t)

describe('shipments', () => {
  it('refuses what cannot ship: unpaid 409, cancelled 409, digital 409, foreign 404, bad codes 400', async () => {
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

    const expired = await paidOrder({ s: unpaid.s, pay: false })
    await sandbox(expired.gatewayId, 'expire')
    await waitFor(async () => (await statusOf(unpaid.s, expired.orderId)) === 'CANCELLED')
    const cancelled = await ship(unpaid.s, expired.orderId, manual)
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json().message).toBe('O pedido precisa estar pago para ser enviado.')
    expect((await ship(unpaid.s, 'not-a-uuid', manual)).statusCode).toBe(404)
    const badDelivered = await t.app.inject({
      method: 'POST',
      url: `${shipmentsUrl(unpaid.s, 'not-a-uuid')}/delivered`,
      headers: unpaid.s.owner.headers,
    })
    expect(badDelivered.statusCode).toBe(404)

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

    // The buyer's area (/minha-conta) lists the order with the same tracking.
    const cookie = await signIn('maria@example.com')
    const area = await t.app.inject({ url: '/api/buyer/orders', headers: { cookie } })
    const listed = area.json().orders.find((o: { id: string }) => o.id === orderId)
    expect(listed.shipment).toMatchObject({
      statusLabel: 'Enviado',
      carrier: 'Jadlog',
      trackingCode: 'JD-0001234',
      trackingUrl: 'https://www.melhorrastreio.com.br/rastreio/JD-0001234',
    })

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

describe('cancelling a label bought by mistake', () => {
  const cancel = (s: Shop, orderId: string, headers = s.owner.headers) =>
    t.app.inject({ method: 'POST', url: `${shipmentsUrl(s, orderId)}/cancel`, headers })
  const cancelCalls = () => fake.calls.filter((c) => c.path === '/api/v2/me/shipment/cancel')
  const shipmentOf = async (s: Shop, orderId: string) => (await orderShipment(s, orderId)).shipment

  it('cancels once under two clicks: Melhor Envio told once, the order PAID again, a new label tells the buyer', async () => {
    const { s, orderId, pageToken } = await paidOrder()
    const bought = await ship(s, orderId, { kind: 'LABEL' })
    expect(bought.statusCode).toBe(201)
    const meId = [...fake.items.values()].at(-1)!.id
    const before = cancelCalls().length

    const [a, b] = await Promise.all([cancel(s, orderId), cancel(s, orderId)])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const ok = a.statusCode === 200 ? a : b
    expect(ok.json().message).toBe(
      'Etiqueta cancelada. O valor volta à sua carteira do Melhor Envio em até 12 horas e o pedido voltou para Pago.',
    )
    expect(cancelCalls()).toHaveLength(before + 1)
    // As the reference asks: the label's id, reason_id 2 and a description.
    expect(cancelCalls().at(-1)!.body).toEqual({
      order: { id: meId, reason_id: '2', description: expect.stringContaining('gerada por engano') },
    })
    expect(fake.items.get(meId)!.status).toBe('canceled')
    expect(await statusOf(s, orderId)).toBe('PAID')
    expect(await shipmentOf(s, orderId)).toBeNull()
    const label = await t.app.inject({ url: `${shipmentsUrl(s, orderId)}/label`, headers: s.owner.headers })
    expect(label.statusCode).toBe(404)
    const buyer = await t.app.inject({ url: `/api/orders/${orderId}/shipment?t=${encodeURIComponent(pageToken)}` })
    expect(buyer.json().shipment).toBeNull()
    // Nothing left to cancel.
    expect((await cancel(s, orderId)).statusCode).toBe(404)

    // The right label: bought again, SHIPPED again, and the buyer gets the new code in an e-mail of its own.
    const again = await ship(s, orderId, { kind: 'LABEL' })
    expect(again.statusCode).toBe(201)
    expect(again.json().trackingCode).not.toBe(bought.json().trackingCode)
    expect(await statusOf(s, orderId)).toBe('SHIPPED')
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.shipped')).length === 2, 30_000)

    // The cancel is a line of the order's shipment history, kept after the label's row is gone...
    const code = bought.json().trackingCode as string
    const { history } = await orderShipment(s, orderId)
    expect(history).toEqual([
      {
        kind: 'LABEL_CANCELLED',
        message: `Etiqueta Correios SEDEX (código ${code}) cancelada. O valor volta à carteira do Melhor Envio em até 12 horas; o comprador será avisado por e-mail de que o código anterior não vale mais.`,
        at: expect.any(String),
      },
    ])
    // ...and the buyer, who had been sent that code, is told once that it no longer holds.
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.label_cancelled'))[0]?.state === 'SENT', 30_000)
    await t.drain()
    expect(await deliveries(orderId, 'fulfilment.label_cancelled')).toEqual([
      { recipient: 'maria@example.com', state: 'SENT' },
    ])
    const notice = await t.runtime.db
      .selectFrom('email_mailbox')
      .selectAll()
      .where('subject', 'like', `%${code} não vale mais%`)
      .execute()
    expect(notice).toHaveLength(1)
  })

  it('a label cancelled before the buyer had a code: a history line, no e-mail', async () => {
    const { s, orderId } = await paidOrder()
    expect((await ship(s, orderId, { kind: 'LABEL' })).statusCode).toBe(201)
    // A carrier that gives its code only at posting: the shipped e-mail named no code.
    await t.runtime.db.updateTable('shipments').set({ tracking_code: null }).where('order_id', '=', orderId).execute()
    expect((await cancel(s, orderId)).statusCode).toBe(200)
    expect((await orderShipment(s, orderId)).history).toEqual([
      {
        kind: 'LABEL_CANCELLED',
        message: 'Etiqueta Correios SEDEX cancelada. O valor volta à carteira do Melhor Envio em até 12 horas.',
        at: expect.any(String),
      },
    ])
    await waitFor(async () => (await deliveries(orderId, 'fulfilment.shipped')).length === 1, 30_000)
    await t.drain()
    expect(await deliveries(orderId, 'fulfilment.label_cancelled')).toEqual([])
  })

  it('refuses a posted label with Melhor Envio’s reason, a typed code, a foreign store and a bad id', async () => {
    const { s, orderId } = await paidOrder()
    expect((await ship(s, orderId, { kind: 'LABEL' })).statusCode).toBe(201)
    const meId = [...fake.items.values()].at(-1)!.id
    fake.advance(meId, 'posted')
    const posted = await cancel(s, orderId)
    expect(posted.statusCode).toBe(409)
    expect(posted.json().message).toBe('Melhor Envio: Esta etiqueta não pode mais ser cancelada.')
    expect(await statusOf(s, orderId)).toBe('SHIPPED')
    expect((await shipmentOf(s, orderId)).status).toBe('SHIPPED')

    const other = await shop({ payments: false })
    expect((await cancel(s, orderId, other.owner.headers)).statusCode).toBe(404)
    expect((await cancel(other, orderId, other.owner.headers)).statusCode).toBe(404)
    expect((await cancel(s, 'not-a-uuid')).statusCode).toBe(404)

    const typed = await paidOrder({ s, melhorEnvio: false })
    expect(
      (await ship(s, typed.orderId, { kind: 'MANUAL', carrier: 'Jadlog', trackingCode: 'JD-0009876' })).statusCode,
    ).toBe(201)
    const manual = await cancel(s, typed.orderId)
    expect(manual.statusCode).toBe(409)
    expect(manual.json().message).toBe(
      'Só a etiqueta do Melhor Envio de um pedido enviado e ainda não entregue pode ser cancelada.',
    )
  })

  it('a Melhor Envio outage leaves the label as it was (503 with a message), and the next click cancels it', async () => {
    const { s, orderId } = await paidOrder()
    expect((await ship(s, orderId, { kind: 'LABEL' })).statusCode).toBe(201)
    fake.outage('/api/v2/me/shipment/tracking', '/api/v2/me/shipment/cancel')
    try {
      const down = await cancel(s, orderId)
      expect(down.statusCode).toBe(503)
      expect(down.json().message).toBe(
        'Melhor Envio indisponível: tente cancelar a etiqueta novamente em alguns minutos.',
      )
    } finally {
      fake.outage()
    }
    expect((await shipmentOf(s, orderId)).status).toBe('SHIPPED')
    expect((await cancel(s, orderId)).statusCode).toBe(200)
    expect(await statusOf(s, orderId)).toBe('PAID')
  })
})

describe('the merchant’s Melhor Envio token', () => {
  it('is in no answer and no log line, after quotes, a rejected token, labels, tracking and cancels', async () => {
    const { s, orderId } = await paidOrder()
    // Melhor Envio stops accepting the token: the quote falls back to the zones and the failure is logged.
    fake.tokens.delete('me-test-token')
    try {
      const res = await post(`/api/stores/${s.storeId}/shipping/calculate`, {
        zipCode: '30140071',
        items: [{ productId: s.physicalId, quantity: 1 }],
      })
      expect(res.json().options.map((o: { id: string }) => o.id)).toEqual([s.optionId])
      const label = await ship(s, orderId, { kind: 'LABEL' })
      expect(label.statusCode).toBe(422)
      expect(label.body).not.toContain('me-test-token')
    } finally {
      fake.tokens.add('me-test-token')
    }
    expect(logs).toContain('melhor envio quote failed')
    expect(logs).not.toContain('me-test-token')
  })
})
