/**
 * Merchant webhooks end to end: registration, the order events a store chose delivered from the worker and verified
 * with the `standardwebhooks` package (an independent implementation of the specification), retries under one
 * webhook-id, the log, 'Reenviar', 'Enviar teste', secret rotation and bad input.
 */
import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { publish } from '../../platform/events'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { checkoutAbandoned } from '../recovery/events'

let t: TestApp
let receiver: FakeWebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
  t = await createTestApp({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,50,50' } })
})
afterAll(async () => {
  await t?.close()
  await receiver?.close()
})
beforeEach(() => {
  receiver.received.length = 0
  receiver.answers.length = 0
})

const { post, shop, physicalOrder, sandbox } = orderingFixtures(() => t)
const hooksUrl = (s: Shop) => `/api/stores/${s.storeId}/webhooks`

async function register(s: Shop, events = ['order.placed', 'order.paid', 'order.refunded']) {
  const res = await post(hooksUrl(s), { url: receiver.url, events }, s.owner.headers)
  expect(res.statusCode).toBe(201)
  return res.json() as { id: string; secret: string }
}

async function log(s: Shop, id: string) {
  const res = await t.app.inject({ url: `${hooksUrl(s)}/${id}/deliveries`, headers: s.owner.headers })
  expect(res.statusCode).toBe(200)
  return res.json().deliveries as {
    id: string
    messageId: string
    eventType: string
    state: string
    attempts: number
    httpStatus: number | null
    responseExcerpt: string | null
  }[]
}

const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
const verify = (secret: string, i: number) =>
  new Webhook(secret).verify(receiver.received[i]!.body, receiver.received[i]!.headers as Record<string, string>)

describe('merchant webhooks', () => {
  it('delivers the chosen order events signed by the Standard Webhooks scheme', async () => {
    const s = await shop()
    const hook = await register(s)
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    const listed = (await t.app.inject({ url: hooksUrl(s), headers: s.owner.headers })).json()
    expect(listed).toHaveLength(1)
    expect(listed[0].secret).toBeUndefined()
    expect(listed[0].secretHint).toBe(`whsec_…${hook.secret.slice(-4)}`)

    const order = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    await waitFor(() => receiver.received.length === 1)
    await sandbox(order.paymentResult.gatewayId, 'pay')
    await waitFor(() => receiver.received.length === 2)
    expect(bodies().map((b) => b.type)).toEqual(['order.placed', 'order.paid'])
    const paid = verify(hook.secret, 1) as { type: string; timestamp: string; data: Record<string, unknown> }
    expect(paid.data).toMatchObject({ id: order.orderId, status: 'PAID', total: 120, orderNumber: order.orderNumber })
    expect(verify(hook.secret, 0)).toMatchObject({ type: 'order.placed' })
    // Another secret does not verify them.
    expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, 1)).toThrow()
    const h = receiver.received[1]!.headers
    expect(h['webhook-id']).toMatch(/^msg_/)
    expect(Number(h['webhook-timestamp'])).toBeGreaterThan(1_700_000_000)
    expect(h['webhook-signature']).toMatch(/^v1,/)

    // A refund reaches the receiver with its amount and whether it was partial.
    const refund = await post(
      `/api/stores/${s.storeId}/orders/${order.orderId}/refunds`,
      { amount: 20, reason: 'Desconto' },
      s.owner.headers,
    )
    expect(refund.statusCode).toBe(201)
    await waitFor(() => receiver.received.length === 3)
    expect(verify(hook.secret, 2)).toMatchObject({
      type: 'order.refunded',
      data: { id: order.orderId, status: 'PAID', refund: { amount: 20, partial: true } },
    })
    const entries = await log(s, hook.id)
    expect(entries.map((e) => [e.eventType, e.state, e.httpStatus])).toEqual([
      ['order.refunded', 'SENT', 200],
      ['order.paid', 'SENT', 200],
      ['order.placed', 'SENT', 200],
    ])
  })

  it('retries a failing receiver under the same webhook-id until it answers 200; Reenviar and Enviar teste', async () => {
    const s = await shop()
    const hook = await register(s, ['order.placed'])
    receiver.answers.push(500, 503)
    await post('/api/checkout/create-order', physicalOrder(s))
    await waitFor(async () => (await log(s, hook.id))[0]?.state === 'SENT')
    expect(receiver.received).toHaveLength(3)
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']))
    expect(ids.size).toBe(1)
    for (let i = 0; i < 3; i++) expect(verify(hook.secret, i)).toMatchObject({ type: 'order.placed' })
    const [entry] = await log(s, hook.id)
    expect(entry).toMatchObject({ state: 'SENT', attempts: 3, httpStatus: 200 })
    expect(entry!.responseExcerpt).toContain('"ok":true')

    const resent = await post(`${hooksUrl(s)}/${hook.id}/deliveries/${entry!.id}/resend`, {}, s.owner.headers)
    expect(resent.statusCode).toBe(202)
    await waitFor(() => receiver.received.length === 4)
    expect(receiver.received[3]!.headers['webhook-id']).toBe(entry!.messageId)
    expect(verify(hook.secret, 3)).toMatchObject({ type: 'order.placed' })

    const test = await post(`${hooksUrl(s)}/${hook.id}/test`, {}, s.owner.headers)
    expect(test.statusCode).toBe(202)
    await waitFor(() => receiver.received.length === 5)
    expect(verify(hook.secret, 4)).toMatchObject({ type: 'webhook.test' })
  })

  it('signs with the old and the new secret for 24 h after a rotation', async () => {
    const s = await shop()
    const hook = await register(s, ['order.placed'])
    const rotated = await post(`${hooksUrl(s)}/${hook.id}/rotate-secret`, {}, s.owner.headers)
    expect(rotated.statusCode).toBe(200)
    const fresh = rotated.json() as { secret: string; previousSecretUntil: string }
    expect(fresh.secret).not.toBe(hook.secret)
    expect(new Date(fresh.previousSecretUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    await post('/api/checkout/create-order', physicalOrder(s))
    await waitFor(() => receiver.received.length === 1)
    expect(String(receiver.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2)
    expect(verify(fresh.secret, 0)).toMatchObject({ type: 'order.placed' })
    expect(verify(hook.secret, 0)).toMatchObject({ type: 'order.placed' })
  })

  it('sends nothing for events the endpoint did not choose, nor to a disabled endpoint', async () => {
    const s = await shop()
    const hook = await register(s, ['order.refunded'])
    const off = await register(s, ['order.placed'])
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${hooksUrl(s)}/${off.id}`,
      headers: s.owner.headers,
      payload: { active: false },
    })
    expect(patched.json().active).toBe(false)
    await post('/api/checkout/create-order', physicalOrder(s))
    await t.drain()
    expect(receiver.received).toHaveLength(0)
    expect(await log(s, hook.id)).toHaveLength(0)
  })

  it('disables an endpoint whose deliveries have failed for 3 days, with a notice', async () => {
    const s = await shop()
    const hook = await register(s, ['order.placed'])
    await t.runtime.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
      .where('id', '=', hook.id)
      .execute()
    receiver.answers.push(500)
    await post('/api/checkout/create-order', physicalOrder(s))
    await waitFor(async () => (await log(s, hook.id))[0]?.state === 'FAILED')
    expect(receiver.received).toHaveLength(1)
    const [listed] = (await t.app.inject({ url: hooksUrl(s), headers: s.owner.headers })).json()
    expect(listed).toMatchObject({ active: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures })
    // Turned on again by the merchant, it hears the next events.
    const on = await t.app.inject({
      method: 'PATCH',
      url: `${hooksUrl(s)}/${hook.id}`,
      headers: s.owner.headers,
      payload: { active: true },
    })
    expect(on.json()).toMatchObject({ active: true, disabledReason: null })
    await post('/api/checkout/create-order', physicalOrder(s))
    await waitFor(() => receiver.received.length === 2)
  })

  it('refuses bad endpoints and another merchant’s endpoint', async () => {
    const s = await shop({ payments: false })
    const other = await shop({ payments: false })
    const hook = await register(s)
    const bad = async (body: Record<string, unknown>) => {
      const res = await post(hooksUrl(s), body, s.owner.headers)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      return res.json()
    }
    expect((await bad({ url: 'ftp://example.com/x', events: ['order.paid'] })).message).toBe(WEBHOOK_MESSAGES.httpsOnly)
    expect((await bad({ url: 'http://example.com/x', events: ['order.paid'] })).message).toBe(
      WEBHOOK_MESSAGES.httpsOnly,
    )
    expect((await bad({ url: 'https://u:p@example.com/x', events: ['order.paid'] })).message).toBe(
      WEBHOOK_MESSAGES.credentials,
    )
    expect((await bad({ url: 'https://example.com/x', events: [] })).errors.events).toBe(
      WEBHOOK_MESSAGES.eventsRequired,
    )
    await bad({ url: 'https://example.com/x', events: ['order.shipped_to_mars'] })
    await bad({ url: 'não é url', events: ['order.paid'] })

    const foreign = other.owner.headers
    const inject = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: foreign, payload: method === 'PATCH' ? { active: false } : undefined })
    expect((await inject('PATCH', `${hooksUrl(s)}/${hook.id}`)).statusCode).toBe(404)
    expect((await inject('GET', `${hooksUrl(s)}/${hook.id}/deliveries`)).statusCode).toBe(404)
    expect((await inject('PATCH', `${hooksUrl(other)}/${hook.id}`)).statusCode).toBe(404)
    expect((await inject('DELETE', `${hooksUrl(other)}/${hook.id}`)).statusCode).toBe(404)
    expect((await inject('POST', `${hooksUrl(other)}/${hook.id}/test`)).statusCode).toBe(404)
    const del = await t.app.inject({ method: 'DELETE', url: `${hooksUrl(s)}/${hook.id}`, headers: s.owner.headers })
    expect(del.statusCode).toBe(204)
  })

  it('tells the endpoints that chose it of an abandoned checkout (recovery), signed like the order events', async () => {
    const s = await shop()
    const hook = await register(s, ['checkout.abandoned'])
    const other = await shop()
    const payload = {
      sessionId: randomUUID(),
      productId: s.physicalId,
      kind: 'ABANDONED' as const,
      step: 2,
      valueCents: 12_000,
      customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '11987654321' },
      abandonedAt: new Date().toISOString(),
    }
    // The recovery module publishes it once per session; here straight through the outbox, for this store and another.
    await t.runtime.db.transaction().execute(async (trx) => {
      await publish(trx, checkoutAbandoned, { ...payload, storeId: s.storeId })
      await publish(trx, checkoutAbandoned, { ...payload, storeId: other.storeId, sessionId: randomUUID() })
    })
    await t.drain()
    await waitFor(() => receiver.received.length === 1)
    const got = verify(hook.secret, 0) as { type: string; data: Record<string, unknown> }
    expect(got.type).toBe('checkout.abandoned')
    expect(got.data).toMatchObject({ sessionId: payload.sessionId, value: 120, step: 2, customer: payload.customer })
    expect(receiver.received).toHaveLength(1)
  })
})
