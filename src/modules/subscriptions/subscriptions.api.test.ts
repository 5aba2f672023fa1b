/**
 * Subscriptions through the API with the test clock (issue 36): renewals on the saved card keeping the anchor day,
 * dunning after a soft decline (+1, +3, +7, cancel at +15), no retry after a hard decline, the buyer's new card
 * recovering a past-due subscription, MRR against a SQL recount, concurrent scanners billing a cycle once, and
 * the bad input the issue lists.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { selfServiceToken } from './self-service'
import { SUBSCRIPTION_T0, subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
let receiver: FakeWebhookReceiver
beforeAll(async () => {
  receiver = await startWebhookReceiver()
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
  await receiver?.close()
})

const { shop, post } = orderingFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const DAY = 86_400_000
const T0 = SUBSCRIPTION_T0
const { subscriptionShop, subscribeByCard, moveTo } = subscriptionFixtures(() => t)

async function subscribe(s: Shop, planId: string, cardNumber: string, email = 'maria@example.com') {
  const { id, orderStatus } = await subscribeByCard(s, planId, cardNumber, email)
  expect(orderStatus).toBe('PAID')
  return id
}
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString()

async function get(s: Shop, url: string) {
  const res = await t.app.inject({ url, headers: s.owner.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const detail = (s: Shop, id: string) => get(s, `/api/stores/${s.storeId}/subscriptions/${id}`)

/** Gateway calls made for the subscription's renewal orders (payments' own rows). */
async function renewalCharges(subscriptionId: string) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from payment_transactions
    where order_ref in (select id::text from orders where subscription_id = ${subscriptionId})`.execute(db())
  return Number(rows[0]!.n)
}

describe('subscriptions with the test clock', () => {
  it('monthly card plan: 3 renewals on the saved card, each an order, the 31 Jan anchor kept', async () => {
    const { s, planId } = await subscriptionShop()
    const hook = await post(
      `/api/stores/${s.storeId}/webhooks`,
      { url: receiver.url, events: ['subscription.created', 'subscription.renewed'] },
      s.owner.headers,
    )
    expect(hook.statusCode).toBe(201)
    const id = await subscribe(s, planId, SANDBOX_CARDS.approved)
    const first = await detail(s, id)
    expect(first.status).toBe('ACTIVE')
    expect(first.currentPeriodEnd).toBe('2027-02-28T12:00:00.000Z')
    expect(first.accessUntil).toBe('2027-02-28T12:00:00.000Z')
    expect((await moveTo(s, '2027-04-30T13:00:00.000Z')).statusCode).toBe(200)
    const after = await detail(s, id)
    expect(after.status).toBe('ACTIVE')
    const paid = after.cycles.filter((c: { status: string }) => c.status === 'PAID')
    expect(paid.map((c: { dueAt: string }) => c.dueAt.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
    expect(after.accessUntil).toBe('2027-05-31T12:00:00.000Z')
    expect(await renewalCharges(id)).toBe(3)
    await t.drain()
    const orders = await sql<{ status: string; cycle_number: number; total_cents: number }>`
      select status, cycle_number, total_cents from orders where subscription_id = ${id} order by cycle_number`.execute(
      db(),
    )
    expect(orders.rows).toEqual([2, 3, 4].map((n) => ({ status: 'PAID', cycle_number: n, total_cents: 4990 })))
    // The merchant's member area hears of each: created once, renewed three times, with the subscription's data.
    await waitFor(() => receiver.received.filter((r) => r.body.includes(id)).length === 4)
    const types = receiver.received
      .filter((r) => r.body.includes(id))
      .map((r) => JSON.parse(r.body) as { type: string; data: { id: string; cycleNumber: number } })
    expect(types.map((b) => `${b.type}:${b.data.cycleNumber}`).sort()).toEqual([
      'subscription.created:1',
      'subscription.renewed:2',
      'subscription.renewed:3',
      'subscription.renewed:4',
    ])
  })

  it('soft decline: PAST_DUE, retries at +1, +3, +7 (3 more gateway calls), canceled at +15 and access ends', async () => {
    const { s, planId } = await subscriptionShop()
    const id = await subscribe(s, planId, SANDBOX_CARDS.renewalSoftDecline)
    const due = new Date('2027-02-28T12:00:00.000Z').getTime()
    await moveTo(s, new Date(due + DAY / 2).toISOString())
    let d = await detail(s, id)
    expect(d.status).toBe('PAST_DUE')
    expect(d.hasAccess).toBe(false)
    expect(await renewalCharges(id)).toBe(1)
    await moveTo(s, new Date(due + 10 * DAY).toISOString())
    d = await detail(s, id)
    expect(d.status).toBe('PAST_DUE')
    const attempts = d.cycles[1].attempts
    expect(attempts.map((a: { at: string }) => (new Date(a.at).getTime() - due) / DAY)).toEqual([0, 1, 3, 7])
    expect(attempts.every((a: { status: string }) => a.status === 'SOFT_DECLINED')).toBe(true)
    expect(await renewalCharges(id)).toBe(4)
    await moveTo(s, new Date(due + 20 * DAY).toISOString())
    d = await detail(s, id)
    expect(d.status).toBe('CANCELED')
    expect(d.canceledAt).toBe(new Date(due + 15 * DAY).toISOString())
    expect(d.hasAccess).toBe(false)
    expect(await renewalCharges(id)).toBe(4)
    await t.drain()
    const order = await sql<{ status: string }>`select status from orders where subscription_id = ${id}`.execute(db())
    expect(order.rows).toEqual([{ status: 'CANCELLED' }])
  })

  it('hard decline (expired card): no retry, canceled at +15', async () => {
    const { s, planId } = await subscriptionShop()
    const id = await subscribe(s, planId, SANDBOX_CARDS.renewalHardDecline)
    await moveTo(s, at(50 * DAY))
    const d = await detail(s, id)
    expect(d).toMatchObject({ status: 'CANCELED', canceledAt: '2027-03-15T12:00:00.000Z', hasAccess: false })
    expect(d.cycles[1].attempts).toHaveLength(1)
    expect(d.cycles[1].attempts[0]).toMatchObject({ status: 'HARD_DECLINED', hardDecline: true })
    expect(await renewalCharges(id)).toBe(1)
  })

  it("a past-due buyer's new card pays the cycle at once, and the anchor stays", async () => {
    const { s, planId } = await subscriptionShop()
    const id = await subscribe(s, planId, SANDBOX_CARDS.renewalSoftDecline)
    await moveTo(s, '2027-03-02T12:00:00.000Z')
    expect((await detail(s, id)).status).toBe('PAST_DUE')
    const token = selfServiceToken(t.config.APP_SECRET, s.storeId, id)
    const tampered = await t.app.inject({ url: `/api/subscriptions/self?token=${encodeURIComponent(`${token}x`)}` })
    expect(tampered.statusCode).toBe(404)
    const other = selfServiceToken(t.config.APP_SECRET, s.storeId, crypto.randomUUID())
    expect((await t.app.inject({ url: `/api/subscriptions/self?token=${encodeURIComponent(other)}` })).statusCode).toBe(
      404,
    )
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/self/card?token=${encodeURIComponent(token)}`,
      payload: { cardNumber: SANDBOX_CARDS.approved, cardName: 'MARIA SILVA', cardExpiry: '12/39', cardCvv: '123' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().outcome).toBe('PAID')
    expect(res.json().subscription).toMatchObject({ status: 'ACTIVE', hasAccess: true })
    expect(res.json().subscription.card.last4).toBe('1111')
    const d = await detail(s, id)
    expect(d.accessUntil).toBe('2027-03-31T12:00:00.000Z')
    // The next renewal bills the new card on the anchor day.
    await moveTo(s, '2027-03-31T13:00:00.000Z')
    const next = await detail(s, id)
    expect(next.status).toBe('ACTIVE')
    expect(next.cycles[2]).toMatchObject({ status: 'PAID', dueAt: '2027-03-31T12:00:00.000Z' })
    // The buyer cancels at the end of the period: access until then, nothing billed after.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/self/cancel?token=${encodeURIComponent(token)}`,
      payload: { atPeriodEnd: true },
    })
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json()).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true, hasAccess: true })
    const charges = await renewalCharges(id)
    await moveTo(s, '2027-05-01T00:00:00.000Z')
    const ended = await detail(s, id)
    expect(ended).toMatchObject({ status: 'CANCELED', canceledAt: '2027-04-30T12:00:00.000Z', hasAccess: false })
    expect(await renewalCharges(id)).toBe(charges)
  })

  it('MRR equals a SQL recount; cancelling twice is harmless', async () => {
    const { s, planId } = await subscriptionShop()
    const yearly = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
      name: 'Anual',
      intervalUnit: 'YEAR',
      intervalCount: 1,
      priceCents: 48000,
      methods: ['credit_card'],
    })
    await subscribe(s, planId, SANDBOX_CARDS.approved, 'a@example.com')
    await subscribe(s, yearly.json().id, SANDBOX_CARDS.approved, 'b@example.com')
    const gone = await subscribe(s, planId, SANDBOX_CARDS.approved, 'c@example.com')
    for (let i = 0; i < 2; i++) {
      const res = await t.send('POST', `/api/stores/${s.storeId}/subscriptions/${gone}/cancel`, s.owner, {
        atPeriodEnd: false,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'CANCELED', hasAccess: false })
    }
    const m = await get(s, `/api/stores/${s.storeId}/subscriptions/metrics`)
    const { rows } = await sql<{ mrr: string }>`select coalesce(sum(case interval_unit
        when 'MONTH' then round(price_cents::numeric / interval_count)
        when 'YEAR' then round(price_cents::numeric / (12 * interval_count))
        else round(price_cents::numeric * 52 / (12 * interval_count)) end), 0) as mrr
      from subscriptions where store_id = ${s.storeId} and status in ('ACTIVE', 'PAST_DUE')`.execute(db())
    expect(m.mrrCents).toBe(Number(rows[0]!.mrr))
    expect(m).toMatchObject({ active: 2, trialing: 0, pastDue: 0, mrrCents: 4990 + 4000 })
  })

  it('billing never charges a canceled subscription; a merchant cancel ends access at once', async () => {
    const { s, planId } = await subscriptionShop()
    const id = await subscribe(s, planId, SANDBOX_CARDS.approved)
    const res = await t.send('POST', `/api/stores/${s.storeId}/subscriptions/${id}/cancel`, s.owner, {
      atPeriodEnd: false,
    })
    expect(res.json()).toMatchObject({ status: 'CANCELED', hasAccess: false })
    await moveTo(s, at(100 * DAY))
    expect(await renewalCharges(id)).toBe(0)
    const retry = await t.send('POST', `/api/stores/${s.storeId}/subscriptions/${id}/retry`, s.owner)
    expect(retry.statusCode).toBe(409)
    const foreign = await t.app.inject({
      url: `/api/stores/${s.storeId}/subscriptions/${crypto.randomUUID()}`,
      headers: s.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('two scanners at once bill each due cycle once', async () => {
    const { s, planId } = await subscriptionShop()
    const ids: string[] = []
    for (let i = 0; i < 6; i++) ids.push(await subscribe(s, planId, SANDBOX_CARDS.approved, `p${i}@example.com`))
    const target = '2027-02-28T13:00:00.000Z'
    const [a, b] = await Promise.all([moveTo(s, target), moveTo(s, target)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    for (const id of ids) {
      expect(await renewalCharges(id)).toBe(1)
      const d = await detail(s, id)
      expect(d.cycles[1].attempts).toHaveLength(1)
    }
  })

  it("the checkout quote prices the chosen plan (not the product), in one installment; another's plan → 404", async () => {
    const { s, planId } = await subscriptionShop({ priceCents: 2990 })
    const quote = (body: Record<string, unknown>) =>
      post('/api/checkout/quote', { storeId: s.storeId, productId: s.digitalId, ...body })
    const product = await quote({ paymentMethod: 'credit_card', installments: 3 })
    expect(product.statusCode, product.body).toBe(200)
    expect(product.json().subtotal).toBe(49.9)
    const plan = await quote({ planId, paymentMethod: 'credit_card', installments: 3 })
    expect(plan.statusCode, plan.body).toBe(200)
    expect(plan.json()).toMatchObject({ subtotal: 29.9, total: 29.9, installments: 1 })
    expect(plan.json().methods.credit_card.options).toHaveLength(1)
    const other = await subscriptionShop()
    const foreign = await quote({ planId: other.planId })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe('Plano não encontrado')
  })
})

describe('bad input', () => {
  it('plans: price, interval and trial bounds → 400; another store’s plan → 404', async () => {
    const { s, planId } = await subscriptionShop()
    const url = `/api/stores/${s.storeId}/products/${s.digitalId}/plans`
    const base = { name: 'X', intervalUnit: 'MONTH', intervalCount: 1, priceCents: 100, methods: ['credit_card'] }
    for (const bad of [
      { priceCents: 0 },
      { priceCents: -5 },
      { intervalCount: 13 },
      { intervalUnit: 'WEEK', intervalCount: 53 },
      { trialDays: 366 },
      { methods: [] },
    ])
      expect((await t.send('POST', url, s.owner, { ...base, ...bad })).statusCode).toBe(400)
    const other = await subscriptionShop()
    const foreign = await t.send(
      'PATCH',
      `/api/stores/${other.s.storeId}/products/${other.s.digitalId}/plans/${planId}`,
      other.s.owner,
      { name: 'Y' },
    )
    expect(foreign.statusCode).toBe(404)
    const list = await get(s, url)
    expect(list[0]).toMatchObject({ label: 'R$ 49,90/mês', trialLabel: null })
  })

  it('test clock: backwards → 400; a store off the sandbox → 403', async () => {
    const { s } = await subscriptionShop()
    expect((await moveTo(s, '2027-01-01T00:00:00.000Z')).statusCode).toBe(400)
    const bare = await shop({ payments: false, shipping: false })
    const res = await t.send('POST', `/api/stores/${bare.storeId}/test-clock`, bare.owner, { now: T0.toISOString() })
    expect(res.statusCode).toBe(403)
  })
})
