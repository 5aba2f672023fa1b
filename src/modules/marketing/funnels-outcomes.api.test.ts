/**
 * Funnels (issue 34), what the first version left out: a step sold out between the offer and the tap moves the buyer
 * on as a decline would (nothing charged, counted apart from declines); the step's revenue follows the child's
 * refunds and chargebacks (paid − refunded); the accept's Idempotency-Key is kept, so a retry gets the same answer
 * and the key sent with another step or plan is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FUNNEL_MESSAGES } from '../../shared/funnels'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { markChildRefunded } from './funnels.repository'
import { CARD, funnelsFixtures } from './funnels-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t?.close())

const { shop, buy, offerUrl, getOffer, accept, decline, charges, stats, physicalCardShop } = funnelsFixtures(() => t)

const revenueOf = async (s: Parameters<typeof stats>[0], key: string) =>
  (await stats(s)).find((st) => st.key === key)!.paidRevenueCents

describe('a step sold out between the offer and the tap', () => {
  it("moves the buyer to 'se recusar' with one line, charges nothing and counts neither an accept nor a decline", async () => {
    // A physical parent (the cap ships with it); the sandbox account keeps the card for the purchase's offers.
    const s = await physicalCardShop('sk_sandbox_funnels_soldout_1')
    const { send, product, parentByCard } = s
    const cap = await product({ name: 'Boné', price: 60, type: 'PHYSICAL', stock: 1 })
    const ebook = await product({
      name: 'E-book',
      price: 30,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/e.pdf',
    })
    const funnel = await send('POST', `/api/stores/${s.storeId}/funnels`, {
      name: 'Boné ou e-book',
      triggerProductIds: [s.physicalId],
      steps: [
        { key: 'bone', kind: 'upsell', productId: cap, priceCents: 4_500, headline: 'Leve o boné', onDecline: 'ebook' },
        { key: 'ebook', kind: 'downsell', productId: ebook, priceCents: 1_900, headline: 'Leve o e-book' },
      ],
    })
    expect(funnel.statusCode, funnel.body).toBe(201)

    // Two buyers see the cap (stock 1); the first takes it.
    const first = await parentByCard()
    const second = await parentByCard()
    expect((await getOffer(first)).json().stepKey).toBe('bone')
    expect((await getOffer(second)).json().stepKey).toBe('bone')
    expect((await accept(first, 'bone', 'k-first')).json().child).toMatchObject({ status: 'PAID', totalCents: 4_500 })

    // The second taps 'Sim, quero!' on a cap that is gone: the e-book, told why, nothing charged.
    const cardsBefore = await charges(s.storeId, 'CREDIT_CARD')
    const tap = await accept(second, 'bone', 'k-second')
    expect(tap.statusCode, tap.body).toBe(200)
    expect(tap.json()).toMatchObject({
      accepted: false,
      refused: false,
      child: null,
      message: FUNNEL_MESSAGES.soldOut,
      next: { stepKey: 'ebook', notice: FUNNEL_MESSAGES.soldOut },
    })
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cardsBefore)
    expect((await t.app.inject({ url: offerUrl(second, '/orders') })).json()).toEqual([])
    // The page read again shows the e-book with the same line; the cap's step is behind.
    expect((await getOffer(second)).json()).toMatchObject({ stepKey: 'ebook', notice: FUNNEL_MESSAGES.soldOut })
    expect((await accept(second, 'bone', 'k-other')).statusCode).toBe(409)
    // The same tap sent again (a lost answer) gets the same answer, and still charges nothing.
    const again = await accept(second, 'bone', 'k-second')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ accepted: false, child: null, message: FUNNEL_MESSAGES.soldOut })
    expect(again.json().next).toMatchObject({ stepKey: 'ebook' })
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cardsBefore)

    // The buyer can still take the e-book on the same card.
    const ebookTaken = await accept(second, 'ebook', 'k-ebook')
    expect(ebookTaken.json().child).toMatchObject({ status: 'PAID', totalCents: 1_900 })

    // Stats: the cap seen twice, taken once, sold out once, declined by nobody.
    const byKey = Object.fromEntries(
      (await stats({ ...s, user: s.owner, funnelId: funnel.json().id })).map((st) => [st.key, st]),
    )
    expect(byKey.bone).toMatchObject({ views: 2, accepts: 1, declines: 0, soldOut: 1 })
    expect(byKey.ebook).toMatchObject({ views: 1, accepts: 1, declines: 0, soldOut: 0 })
  })
})

describe("the step's revenue follows the child's refunds", () => {
  it('partial refunds lower it by what went back, a whole refund to zero; a late repeated event changes nothing', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await getOffer(parent)
    const child = (await accept(parent, 'a')).json().child as { orderId: string }
    await t.drain()
    await waitFor(async () => (await revenueOf(s, 'a')) === 19_700)

    const refund = async (body: Record<string, unknown>) => {
      const res = await t.send('POST', `/api/stores/${s.storeId}/orders/${child.orderId}/refunds`, s.user, {
        reason: 'Cliente pediu parte de volta',
        ...body,
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().status).toBe('SUCCEEDED')
    }
    await refund({ amount: 50 })
    await waitFor(async () => (await revenueOf(s, 'a')) === 14_700)
    await refund({ amount: 47 })
    await waitFor(async () => (await revenueOf(s, 'a')) === 10_000)
    // The first partial refund's event delivered again, late: the running total already holds it.
    await markChildRefunded(t.runtime.db, child.orderId, 5_000)
    expect(await revenueOf(s, 'a')).toBe(10_000)
    await refund({})
    await waitFor(async () => (await revenueOf(s, 'a')) === 0)
    await t.drain()
    expect((await stats(s)).find((st) => st.key === 'a')).toMatchObject({ accepts: 1, paidRevenueCents: 0 })
  })

  it('a chargeback of the child takes its revenue back; the other steps keep theirs', { timeout: 60_000 }, async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await getOffer(parent)
    const child = (await accept(parent, 'a', 'k-a')).json().child as { orderId: string }
    const kept = (await accept(parent, 'b', 'k-b')).json().child as { orderId: string }
    expect(kept.orderId).not.toBe(child.orderId)
    await t.drain()
    await waitFor(async () => (await revenueOf(s, 'a')) === 19_700 && (await revenueOf(s, 'b')) === 2_700)
    const charge = await t.runtime.db
      .selectFrom('payment_transactions')
      .select('gateway_id')
      .where('order_ref', '=', child.orderId)
      .executeTakeFirstOrThrow()
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/ativopay/v1/transactions/${charge.gateway_id}/chargeback`,
      payload: {},
    })
    expect(res.statusCode, res.body).toBe(200)
    // The saved card's merchant-initiated charge carries no postbackUrl: the gateway's news is told as it would be,
    // the callback naming the transaction (payments re-reads it from the gateway).
    const news = await t.app.inject({
      method: 'POST',
      url: '/api/payment/ativo-pay/webhook/callback',
      payload: { id: charge.gateway_id },
    })
    expect(news.statusCode).toBe(200)
    await waitFor(async () => (await revenueOf(s, 'a')) === 0, 30_000)
    expect(await revenueOf(s, 'b')).toBe(2_700)
  })
})

describe("the accept's Idempotency-Key", () => {
  it('the same key and body answer the same child; the same key with another step or plan is 422', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' })
    await getOffer(parent)
    const first = await accept(parent, 'a', 'tap-1', { installments: 2 })
    expect(first.statusCode, first.body).toBe(200)
    const childId = first.json().child.orderId as string
    const cards = await charges(s.storeId, 'CREDIT_CARD')

    // A retry (the answer was lost): the same child, nothing charged again; fields the accept ignores do not count.
    const retry = await accept(parent, 'a', 'tap-1', { installments: 2, priceCents: 1 })
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toMatchObject({ accepted: true, child: { orderId: childId }, next: { stepKey: 'b' } })

    // The same key with another plan, or for the next step: refused, nothing placed.
    const otherPlan = await accept(parent, 'a', 'tap-1', { installments: 3 })
    expect(otherPlan.statusCode).toBe(422)
    expect(otherPlan.json().message).toBe(FUNNEL_MESSAGES.keyReused)
    const otherStep = await accept(parent, 'b', 'tap-1')
    expect(otherStep.statusCode).toBe(422)
    expect(otherStep.json().message).toBe(FUNNEL_MESSAGES.keyReused)
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cards)
    expect((await t.app.inject({ url: offerUrl(parent, '/orders') })).json()).toHaveLength(1)
    expect((await getOffer(parent)).json().stepKey).toBe('b')

    // A new key takes the next step as usual.
    const next = await accept(parent, 'b', 'tap-2')
    expect(next.json()).toMatchObject({ accepted: true, child: { totalCents: 2_700 }, next: null })
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cards + 1)
  })

  it('a refused card: the same key answers the same refusal, another key on that step is 409', async () => {
    const s = await shop()
    // The sandbox's renewal test card: approved at checkout, every later charge on its kept token soft-declined.
    const parent = await buy(s, { ...CARD, cardNumber: '4000000000000341' })
    await getOffer(parent)
    const first = await accept(parent, 'a', 'tap-r')
    expect(first.json()).toMatchObject({ accepted: false, refused: true, next: { stepKey: 'a2' } })
    const cards = await charges(s.storeId, 'CREDIT_CARD')
    const retry = await accept(parent, 'a', 'tap-r')
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toMatchObject({
      accepted: false,
      refused: true,
      child: null,
      message: FUNNEL_MESSAGES.refused,
      next: { stepKey: 'a2' },
    })
    expect(await charges(s.storeId, 'CREDIT_CARD')).toBe(cards)
    expect((await accept(parent, 'a', 'tap-other')).statusCode).toBe(409)
    expect((await decline(parent, 'a2')).json()).toEqual({ next: null })
  })
})
