/**
 * Funnels (issue 34) through the HTTP API: a card parent takes the offer with one tap (child PAID, parent unchanged),
 * declines the next; a PIX parent gets a PIX for the child only; a refused saved card moves to the downsell; five
 * concurrent accepts make one child and one charge; the window closes after 30 minutes on the controlled clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'

let t: TestApp
const clock = controlledClock()

beforeAll(async () => {
  t = await createTestApp({ redis: false, clock })
})
afterAll(() => t?.close())

const CARD = { method: 'credit_card', cardName: 'MARIA SILVA', expiryDate: '12/39', cvv: '123', installments: 1 }

async function shop() {
  const m = await t.merchantWithStore()
  const acc = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
    provider: 'sandbox',
    label: 'Sandbox',
    apiKey: `sk_sandbox_funnels_${Math.random().toString(36).slice(2, 8)}`,
    methods: ['pix', 'credit_card'],
  })
  expect(acc.statusCode).toBe(201)
  const product = async (name: string, price: number) =>
    (
      await t.send('POST', `/api/stores/${m.storeId}/products`, m.user, {
        name,
        price,
        type: 'DIGITAL',
        digitalFileUrl: 'https://files.example.com/x.pdf',
      })
    ).json().id as string
  const main = await product('Curso', 97)
  const a = await product('Mentoria', 297)
  const b = await product('Comunidade', 47)
  const a2 = await product('Mentoria lite', 147)
  const funnel = await t.send('POST', `/api/stores/${m.storeId}/funnels`, m.user, {
    name: 'Pós-compra do curso',
    triggerProductIds: [main],
    steps: [
      {
        key: 'a',
        kind: 'upsell',
        productId: a,
        priceCents: 19_700,
        headline: 'Leve a mentoria',
        maxInstallments: 3,
        onAccept: 'b',
        onDecline: 'a2',
      },
      { key: 'b', kind: 'upsell', productId: b, priceCents: 2_700, headline: 'Entre na comunidade' },
      { key: 'a2', kind: 'downsell', productId: a2, priceCents: 9_700, headline: 'Uma versão menor', onAccept: 'b' },
    ],
  })
  expect(funnel.statusCode).toBe(201)
  return { ...m, main, a, b, a2, funnelId: funnel.json().id as string }
}

async function buy(s: { storeId: string; main: string }, payment: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-digital-order',
    payload: {
      storeId: s.storeId,
      productId: s.main,
      productType: 'DIGITAL',
      customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      shipping: {
        address: 'Produto digital',
        number: '0',
        city: 'Digital',
        state: 'DG',
        zipCode: '00000000',
        method: 'digital',
      },
      payment,
    },
  })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  const token = new URL(body.orderPageUrl, 'http://x').searchParams.get('t') ?? ''
  return { id: body.orderId as string, token, gatewayId: body.paymentResult.gatewayId as string }
}

const offerUrl = (o: { id: string; token: string }, tail = '') =>
  `/api/orders/${o.id}/offer${tail}?t=${encodeURIComponent(o.token)}`
const accept = (o: { id: string; token: string }, stepKey: string, key = 'k1', extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: offerUrl(o, '/accept'),
    headers: { 'idempotency-key': key },
    payload: { stepKey, ...extra },
  })
const decline = (o: { id: string; token: string }, stepKey: string) =>
  t.app.inject({ method: 'POST', url: offerUrl(o, '/decline'), payload: { stepKey } })

async function orderOf(owner: TestUser, storeId: string, id: string) {
  const res = await t.app.inject({ url: `/api/stores/${storeId}/orders`, headers: owner.headers })
  const order = (res.json() as { id: string; status: string; orderNumber: string }[]).find((o) => o.id === id)
  expect(order).toBeDefined()
  return order!
}

describe('funnels', () => {
  it('card parent: one tap on A makes a PAID child priced by the step, parent unchanged; declining B ends it', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111', saveCard: false })
    const before = await orderOf(s.user, s.storeId, parent.id)
    const offer = await t.app.inject({ url: offerUrl(parent) })
    expect(offer.statusCode).toBe(200)
    expect(offer.json()).toMatchObject({ stepKey: 'a', payWith: 'CREDIT_CARD', cardLast4: '1111', priceCents: 19_700 })
    expect(offer.body).not.toMatch(/upsell|Redirecionamento/i)

    const taken = await accept(parent, 'a', 'k1', { priceCents: 1, total: 0.01, productId: s.b })
    expect(taken.statusCode).toBe(200)
    const body = taken.json()
    expect(body).toMatchObject({ accepted: true, refused: false, child: { status: 'PAID', totalCents: 19_700 } })
    expect(body.next).toMatchObject({ stepKey: 'b' })
    expect(body.child.orderNumber).not.toBe(before.orderNumber)
    expect(await orderOf(s.user, s.storeId, parent.id)).toEqual(before)

    const declined = await decline(parent, 'b')
    expect(declined.statusCode).toBe(200)
    expect(declined.json()).toEqual({ next: null })
    expect((await t.app.inject({ url: offerUrl(parent) })).statusCode).toBe(204)
    const children = await t.app.inject({ url: offerUrl(parent, '/orders') })
    expect(children.json()).toHaveLength(1)

    await t.drain()
    const placed = await t.runtime.db
      .selectFrom('outbox')
      .select('event')
      .where('event', 'in', ['order.placed', 'order.paid'])
      .where((eb) => eb(eb.ref('payload', '->>').key('orderId' as never), '=', body.child.orderId))
      .execute()
    expect(placed.map((p) => p.event).sort()).toEqual(['order.paid', 'order.placed'])
    const stats = await t.app.inject({
      url: `/api/stores/${s.storeId}/funnels/${s.funnelId}/stats`,
      headers: s.user.headers,
    })
    expect(stats.json().steps).toEqual([
      { key: 'a', views: 1, accepts: 1, declines: 0, paidRevenueCents: 19_700 },
      { key: 'b', views: 1, accepts: 0, declines: 1, paidRevenueCents: 0 },
      { key: 'a2', views: 0, accepts: 0, declines: 0, paidRevenueCents: 0 },
    ])
  })

  it('the child is refunded alone: the parent stays paid', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await t.app.inject({ url: offerUrl(parent) })
    const child = (await accept(parent, 'a')).json().child
    expect(child.status).toBe('PAID')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${s.storeId}/orders/${child.orderId}/refunds`,
      headers: s.user.headers,
      payload: { reason: 'Cliente desistiu da mentoria' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ amount: 197, status: 'SUCCEEDED' })
    expect((await orderOf(s.user, s.storeId, child.orderId)).status).toBe('REFUNDED')
    expect((await orderOf(s.user, s.storeId, parent.id)).status).toBe('PAID')
  })

  it('five concurrent accepts → one child and one charge; a stale step → 409', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await t.app.inject({ url: offerUrl(parent) })
    const cardCharges = () =>
      t.runtime.db
        .selectFrom('payment_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('store_id', '=', s.storeId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n))
    expect(await cardCharges()).toBe(1)
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => accept(parent, 'a', i % 2 ? 'same' : `k${i}`)))
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1)
    for (const a of answers) expect([200, 409]).toContain(a.statusCode)
    expect(await cardCharges()).toBe(2)
    const children = await t.app.inject({ url: offerUrl(parent, '/orders') })
    expect(children.json()).toHaveLength(1)
    expect((await decline(parent, 'a')).statusCode).toBe(409)
  })

  it('a refused saved card moves to the downsell and says so in one line', async () => {
    const s = await shop()
    // The sandbox's renewal test card: approved at checkout, every later charge on its kept token soft-declined.
    const parent = await buy(s, { ...CARD, cardNumber: '4000000000000341' })
    await t.app.inject({ url: offerUrl(parent) })
    const res = await accept(parent, 'a')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ accepted: false, refused: true, child: null, next: { stepKey: 'a2' } })
    expect(res.json().next.notice).toMatch(/recusado/)
    expect((await t.app.inject({ url: offerUrl(parent, '/orders') })).json()).toHaveLength(0)
  })

  it('PIX parent: the offer appears once paid and accepting gives a new PIX for the child only', async () => {
    const s = await shop()
    const parent = await buy(s, { method: 'pix' })
    expect((await t.app.inject({ url: offerUrl(parent) })).statusCode).toBe(204)
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/ativopay/v1/transactions/${parent.gatewayId}/pay`,
      payload: {},
    })
    // The offer opens on the postback's effect (order.paid handled): wait for it, not for a quiet queue, because a
    // job retried under load is scheduled later than drain() looks.
    await t.drain()
    await waitFor(async () => (await t.app.inject({ url: offerUrl(parent) })).statusCode === 200, 30_000)
    const offer = await t.app.inject({ url: offerUrl(parent) })
    expect(offer.json()).toMatchObject({ stepKey: 'a', payWith: 'PIX', cardLast4: null })
    const res = await accept(parent, 'a')
    expect(res.json().child).toMatchObject({ status: 'PENDING', totalCents: 19_700 })
    expect(res.json().child.pixCode).toMatch(/^000201/)
  })

  it('the window closes 30 minutes after payment (410); a wrong token is 404', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    expect((await t.app.inject({ url: `/api/orders/${parent.id}/offer?t=errado` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: offerUrl(parent) })).statusCode).toBe(200)
    clock.advance(31 * 60_000)
    try {
      expect((await t.app.inject({ url: offerUrl(parent) })).statusCode).toBe(410)
      expect((await accept(parent, 'a')).statusCode).toBe(410)
    } finally {
      clock.advance(-31 * 60_000)
    }
  })

  it('refuses a graph with a cycle, an unreachable step, a foreign product or 6 steps; another merchant gets 404', async () => {
    const s = await shop()
    const other = await shop()
    const step = (key: string, extra: Record<string, unknown> = {}) => ({
      key,
      kind: 'upsell',
      productId: s.a,
      priceCents: 1000,
      headline: 'Oferta',
      ...extra,
    })
    const post = (steps: unknown[]) =>
      t.send('POST', `/api/stores/${s.storeId}/funnels`, s.user, { name: 'F', triggerProductIds: [s.main], steps })
    const cycle = await post([step('a', { onAccept: 'b' }), step('b', { onAccept: 'a' })])
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().message).toMatch(/ciclo/)
    expect((await post([step('a'), step('b')])).json().message).toMatch(/não é alcançada/)
    expect((await post([step('a', { productId: other.a })])).json().message).toMatch(/Produto/)
    const six = await post(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => step(k)))
    expect(six.statusCode).toBe(400)
    expect(
      (await t.app.inject({ url: `/api/stores/${other.storeId}/funnels/${s.funnelId}`, headers: other.user.headers }))
        .statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ url: `/api/stores/${s.storeId}/funnels/${s.funnelId}`, headers: other.user.headers }))
        .statusCode,
    ).toBe(404)
  })
})
