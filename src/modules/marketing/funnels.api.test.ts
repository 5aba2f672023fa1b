/**
 * Funnels (issue 34) through the HTTP API: a card parent takes the offer with one tap (child PAID, parent unchanged),
 * declines the next; a PIX parent gets a PIX for the child only; a refused saved card moves to the downsell; five
 * concurrent accepts make one child and one charge; the window closes after 30 minutes on the controlled clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { CARD, funnelsFixtures } from './funnels-fixtures'

let t: TestApp
const clock = controlledClock()

beforeAll(async () => {
  t = await createTestApp({ redis: false, clock })
})
afterAll(() => t?.close())

const { shop, buy, offerUrl, accept, decline } = funnelsFixtures(() => t)

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
    // The body's product and price were ignored: the child holds the step's product at the step's price.
    const items = await t.runtime.db
      .selectFrom('order_items')
      .select(['product_id', 'unit_price_cents'])
      .where('order_id', '=', body.child.orderId)
      .execute()
    expect(items).toEqual([{ product_id: s.a, unit_price_cents: 19_700 }])
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
      { key: 'a', views: 1, accepts: 1, declines: 0, soldOut: 0, paidRevenueCents: 19_700 },
      { key: 'b', views: 1, accepts: 0, declines: 1, soldOut: 0, paidRevenueCents: 0 },
      { key: 'a2', views: 0, accepts: 0, declines: 0, soldOut: 0, paidRevenueCents: 0 },
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
