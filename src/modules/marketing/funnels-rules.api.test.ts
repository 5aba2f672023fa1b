/**
 * Funnels (issue 34), the rules around the one-tap offer: who gets no offer (boleto), the token as the only credential,
 * a step that is not the current one, views counted once per parent order, stock taken like any order, a kept card
 * of another order never charged, and the graph's rules on every save (create and PATCH, another merchant's funnel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { CARD, funnelsFixtures } from './funnels-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t?.close())

const { shop, buy, offerUrl, getOffer, accept, decline, charges, stats, physicalCardShop } = funnelsFixtures(() => t)
const ordering = orderingFixtures(() => t)

const orderStatus = async (id: string) =>
  (await t.app.inject({ url: `/api/checkout/order-status/${id}` })).json().order.status as string

describe('funnels: who is offered what', () => {
  it('a boleto parent gets no offer, even once paid', async () => {
    const s = await shop({ methods: ['pix', 'credit_card', 'bank_slip'] })
    const parent = await buy(s, { method: 'bank_slip' })
    await ordering.sandbox(parent.gatewayId, 'pay')
    // The postback's effect, on a shared machine: the PIX test above waits as long.
    await waitFor(async () => (await orderStatus(parent.id)) === 'PAID', 30_000)
    expect((await getOffer(parent)).statusCode).toBe(204)
    expect((await accept(parent, 'a')).statusCode).toBe(409)
    expect(await charges(s.storeId)).toBe(1)
    expect((await stats(s)).every((st) => st.views === 0 && st.accepts === 0)).toBe(true)
  })

  it('a wrong or missing token is 404 on every offer route; a step that is not the current one is 409', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    for (const token of ['', 'errado']) {
      const o = { id: parent.id, token }
      expect((await getOffer(o)).statusCode).toBe(404)
      expect((await t.app.inject({ url: offerUrl(o, '/orders') })).statusCode).toBe(404)
      expect((await accept(o, 'a')).statusCode).toBe(404)
      expect((await decline(o, 'a')).statusCode).toBe(404)
    }
    // Another order's token does not open this one.
    const other = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    expect((await getOffer({ id: parent.id, token: other.token })).statusCode).toBe(404)

    expect((await getOffer(parent)).json().stepKey).toBe('a')
    const ahead = await accept(parent, 'b')
    expect(ahead.statusCode).toBe(409)
    expect(ahead.json().message).toBe('Esta oferta mudou. Atualize a página.')
    expect((await decline(parent, 'a2')).statusCode).toBe(409)
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(2)
    // Without the Idempotency-Key header the tap is refused before anything is placed.
    const bare = await t.app.inject({ method: 'POST', url: offerUrl(parent, '/accept'), payload: { stepKey: 'a' } })
    expect(bare.statusCode).toBe(400)
    expect((await t.app.inject({ url: offerUrl(parent, '/orders') })).json()).toEqual([])
    expect((await getOffer(parent)).json().stepKey).toBe('a')
  })

  it('a view counts once per parent order, however often the page asks', async () => {
    const s = await shop()
    const first = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    const second = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await Promise.all([getOffer(first), getOffer(first), getOffer(first)])
    await getOffer(first)
    await getOffer(second)
    expect((await decline(second, 'a')).json().next.stepKey).toBe('a2')
    await getOffer(second)
    expect(await stats(s)).toEqual([
      { key: 'a', views: 2, accepts: 0, declines: 1, soldOut: 0, paidRevenueCents: 0 },
      { key: 'b', views: 0, accepts: 0, declines: 0, soldOut: 0, paidRevenueCents: 0 },
      { key: 'a2', views: 1, accepts: 0, declines: 0, soldOut: 0, paidRevenueCents: 0 },
    ])
  })

  it('a kept card of another order or store is never charged: a PIX parent is offered a PIX', async () => {
    const s = await shop()
    const elsewhere = await shop()
    // The same buyer keeps a card at this store (another order) and at another store.
    await buy(s, { ...CARD, cardNumber: '4111111111111111', saveCard: true }, { productId: s.b })
    await buy(elsewhere, { ...CARD, cardNumber: '5555555555554444', saveCard: true }, { productId: elsewhere.b })
    const kept = await t.runtime.db.selectFrom('payment_instruments').select(['id', 'store_id']).execute()
    expect(kept.some((k) => k.store_id === s.storeId)).toBe(true)

    const parent = await buy(s, { method: 'pix' })
    await ordering.sandbox(parent.gatewayId, 'pay')
    await waitFor(async () => (await getOffer(parent)).statusCode === 200, 30_000)
    expect((await getOffer(parent)).json()).toMatchObject({ payWith: 'PIX', cardLast4: null, maxInstallments: 1 })
    const cardsBefore = await charges(s.storeId, 'CREDIT_CARD')
    // Whatever the browser adds (a kept card's id, a method, a price), the PIX parent's offer is a PIX.
    const res = await accept(parent, 'a', 'k-card', {
      cardId: kept[0]!.id,
      payment: { method: 'SAVED_CARD', cardId: kept[1]!.id },
      installments: 3,
      priceCents: 100,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().child).toMatchObject({ status: 'PENDING', totalCents: 19_700 })
    expect(res.json().child.pixCode).toMatch(/^000201/)
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cardsBefore)
    expect(await charges(elsewhere.storeId, 'CREDIT_CARD')).toBe(1)
  })
})

describe('funnels: the plan of a one-tap charge', () => {
  it("the buyer's installments, capped by the step, are the child's and the gateway's", async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await getOffer(parent)
    // Step 'a' allows 3: a body asking 6 is capped, never refused nor passed on.
    const res = await accept(parent, 'a', 'k-plan', { installments: 6 })
    expect(res.statusCode, res.body).toBe(200)
    const childId = res.json().child.orderId as string
    const db = t.runtime.db
    const order = await db.selectFrom('orders').select('installments').where('id', '=', childId).executeTakeFirst()
    expect(order?.installments).toBe(3)
    const charge = await db
      .selectFrom('payment_transactions')
      .select('gateway_id')
      .where('order_ref', '=', childId)
      .executeTakeFirstOrThrow()
    const atGateway = await db
      .selectFrom('payment_sandbox_transactions')
      .select(['installments', 'amount'])
      .where('id', '=', charge.gateway_id!)
      .executeTakeFirstOrThrow()
    expect(atGateway).toEqual({ installments: 3, amount: res.json().child.totalCents })
  })
})

describe('funnels: stock', () => {
  it('a physical offer takes stock like any order; sold out, the tap moves on and nothing is charged', async () => {
    const s = await physicalCardShop('sk_sandbox_funnels_stock_01')
    const { send, parentByCard } = s
    const cap = await send('POST', `/api/stores/${s.storeId}/products`, {
      name: 'Boné',
      price: 60,
      type: 'PHYSICAL',
      stock: 1,
    })
    expect(cap.statusCode).toBe(201)
    const capId = cap.json().id as string
    const funnel = await send('POST', `/api/stores/${s.storeId}/funnels`, {
      name: 'Boné junto',
      triggerProductIds: [s.physicalId],
      steps: [{ key: 'bone', kind: 'upsell', productId: capId, priceCents: 4_500, headline: 'Leve o boné' }],
    })
    expect(funnel.statusCode, funnel.body).toBe(201)
    const stockOf = async () =>
      (await t.app.inject({ url: `/api/stores/${s.storeId}/products/${capId}`, headers: s.owner.headers })).json()
        .stock as number

    const first = await parentByCard()
    const taken = await accept(first, 'bone')
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json().child).toMatchObject({ status: 'PAID', totalCents: 4_500 })
    expect(await stockOf()).toBe(0)

    const second = await parentByCard()
    expect((await getOffer(second)).statusCode).toBe(200)
    const cardsBefore = await charges(s.storeId, 'CREDIT_CARD')
    // Sold out at the funnel's last step: the funnel ends for this buyer, said in one line, nothing charged.
    const soldOut = await accept(second, 'bone')
    expect(soldOut.statusCode, soldOut.body).toBe(200)
    expect(soldOut.json()).toMatchObject({ accepted: false, child: null, next: null })
    expect(soldOut.json().message).toMatch(/esgotou/i)
    expect((await getOffer(second)).statusCode).toBe(204)
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cardsBefore)
    expect((await t.app.inject({ url: offerUrl(second, '/orders') })).json()).toEqual([])
    expect(await stockOf()).toBe(0)
  })
})

describe('funnels: the graph on every save', () => {
  it('refuses on create and PATCH with the reason; a sold-out product only on an active funnel', async () => {
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
    const url = `/api/stores/${s.storeId}/funnels`
    const six = await t.send('POST', url, s.user, {
      name: 'F',
      steps: ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => step(k)),
    })
    expect(six.statusCode).toBe(400)
    expect(six.json().message).toBe('Um funil tem no máximo 5 etapas')
    const foreign = await t.send('POST', url, s.user, { name: 'F', steps: [step('a', { productId: other.a })] })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors).toEqual({ 'steps.0.productId': 'Produto não encontrado nesta loja' })
    const foreignTrigger = await t.send('POST', url, s.user, {
      name: 'F',
      triggerProductIds: [other.main],
      steps: [step('a')],
    })
    expect(foreignTrigger.statusCode).toBe(400)
    expect(foreignTrigger.json().errors).toHaveProperty('triggerProductIds.0')

    // A physical product with no stock left cannot be offered by an active funnel.
    const empty = await s.product('Caneca', 40, { type: 'PHYSICAL', stock: 0, digitalFileUrl: undefined })
    const soldOut = await t.send('POST', url, s.user, { name: 'F', steps: [step('a', { productId: empty })] })
    expect(soldOut.statusCode).toBe(400)
    expect(soldOut.json().message).toMatch(/sem estoque/)
    const off = await t.send('POST', url, s.user, {
      name: 'F',
      active: false,
      steps: [step('a', { productId: empty })],
    })
    expect(off.statusCode, off.body).toBe(201)
    const on = await t.send('PATCH', `${url}/${off.json().id}`, s.user, { active: true })
    expect(on.statusCode).toBe(400)
    expect(on.json().message).toMatch(/sem estoque/)

    // PATCH is checked like a create, and a refused PATCH leaves the funnel as it was.
    const one = `${url}/${s.funnelId}`
    const before = (await t.app.inject({ url: one, headers: s.user.headers })).json()
    const cycle = await t.send('PATCH', one, s.user, {
      steps: [step('a', { onAccept: 'b' }), step('b', { onDecline: 'a' })],
    })
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().message).toBe('O funil volta para a etapa "a": um funil não pode ter ciclos')
    const unreachable = await t.send('PATCH', one, s.user, { steps: [step('a'), step('z')] })
    expect(unreachable.json().message).toBe('A etapa "z" não é alcançada a partir da primeira etapa')
    const dangling = await t.send('PATCH', one, s.user, { steps: [step('a', { onDecline: 'x' })] })
    expect(dangling.json().errors).toEqual({ 'steps.0.onDecline': 'A etapa "a" aponta para "x", que não existe' })
    expect((await t.app.inject({ url: one, headers: s.user.headers })).json()).toEqual(before)

    // Another merchant: 404 on every route of this funnel, through their own store or this one; nothing changes.
    for (const storeId of [other.storeId, s.storeId]) {
      const theirs = `/api/stores/${storeId}/funnels/${s.funnelId}`
      expect((await t.app.inject({ url: `${theirs}/stats`, headers: other.user.headers })).statusCode).toBe(404)
      expect((await t.send('PATCH', theirs, other.user, { name: 'Meu' })).statusCode).toBe(404)
      expect((await t.send('DELETE', theirs, other.user)).statusCode).toBe(404)
    }
    expect((await t.app.inject({ url: one, headers: s.user.headers })).json()).toEqual(before)
    const list = (await t.app.inject({ url: `/api/stores/${other.storeId}/funnels`, headers: other.user.headers }))
      .json()
      .map((f: { id: string }) => f.id)
    expect(list).toEqual([other.funnelId])
  })
})
