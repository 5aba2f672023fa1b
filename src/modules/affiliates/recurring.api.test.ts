/**
 * Recurring commissions (issue 37): a subscription bought through an affiliate's link pays the affiliate on every
 * paid renewal when the program is recurring, on the first order only when it is not; a refund of one renewal takes
 * back that renewal's shares only. Renewals are driven by the sandbox store's test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { consistencyProblems } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, moduleDeps: { clock } })
})
afterAll(() => t?.close())

const ordering = orderingFixtures(() => t)
const { shop, post, digitalOrder, card, refund } = ordering
const { db, click, commissionsOf } = affiliatesFixtures(() => t, clock, ordering)
const T0 = new Date('2027-01-31T12:00:00.000Z')

/** A sandbox store selling a monthly plan, its program (30 %), an affiliate with a link, and the test clock at T0. */
async function planShop(program: Record<string, unknown>) {
  const s = await shop({ payments: false, shipping: false })
  const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
    provider: 'sandbox',
    label: 'Sandbox',
    apiKey: `sk_sandbox_aff_${s.storeId.slice(0, 8)}`,
    methods: ['credit_card', 'pix', 'bank_slip'],
  })
  expect(account.statusCode).toBe(201)
  const plan = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
    name: 'Mensal',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    priceCents: 4990,
    methods: ['credit_card'],
  })
  expect(plan.statusCode).toBe(201)
  const saved = await t.send('PUT', `/api/stores/${s.storeId}/products/${s.digitalId}/affiliate-program`, s.owner, {
    enabled: true,
    commissionBps: 3_000,
    cookieDays: 60,
    autoApprove: true,
    ...program,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  expect(saved.json().recurring).toBe(program.recurring ?? false)
  const a = await t.login()
  const link = (await t.send('POST', '/api/affiliations', a, { productId: s.digitalId })).json().data.link as string
  expect(
    (await t.send('POST', `/api/stores/${s.storeId}/test-clock`, s.owner, { now: T0.toISOString() })).statusCode,
  ).toBe(200)
  return { s, a, link, planId: plan.json().id as string }
}

/** The buyer comes through the link and subscribes with the approved card; the subscription's first order id. */
async function subscribeThrough(ctx: Awaited<ReturnType<typeof planShop>>) {
  const visitor = await click(ctx.link, new Date(Date.now() - 3_600_000))
  const res = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(ctx.s, {
      planId: ctx.planId,
      tracking: { aff: visitor },
      payment: { ...card, cardNumber: SANDBOX_CARDS.approved },
    }),
  )
  expect(res.statusCode, res.body).toBe(200)
  await t.drain()
  return res.json().orderId as string
}

/** Moves the store's test clock past two renewals; the renewal orders (cycles 2 and 3), once paid. */
async function twoRenewals(storeId: string, owner: Parameters<TestApp['send']>[2]) {
  const moved = await t.send('POST', `/api/stores/${storeId}/test-clock`, owner, { now: '2027-03-31T13:00:00.000Z' })
  expect(moved.statusCode).toBe(200)
  const paid = () =>
    t.runtime.db
      .selectFrom('orders')
      .select(['id', 'cycle_number', 'total_cents'])
      .where('store_id', '=', storeId)
      .where('status', '=', 'PAID')
      .where('cycle_number', 'is not', null)
      .orderBy('cycle_number')
      .execute()
  await waitFor(async () => (await paid()).length === 2)
  await t.drain()
  return paid()
}

const affiliateShare = (cents: number) => Math.round(cents * 0.3)

describe('recurring commissions', () => {
  it('a recurring program pays the affiliate on the first order and on every paid renewal', async () => {
    const ctx = await planShop({ recurring: true })
    const firstOrderId = await subscribeThrough(ctx)
    await waitFor(async () => (await commissionsOf(ctx.a)).length === 1)
    const renewals = await twoRenewals(ctx.s.storeId, ctx.s.owner)
    await waitFor(async () => (await commissionsOf(ctx.a)).length === 3)
    const mine = await commissionsOf(ctx.a)
    expect(new Set(mine.map((c) => c.orderId))).toEqual(new Set([firstOrderId, ...renewals.map((r) => r.id)]))
    for (const c of mine) expect(c).toMatchObject({ amountCents: affiliateShare(4990), status: 'PENDING' })
    // Each renewal's attribution is the first order's, not a new click.
    const attributions = await db()
      .selectFrom('affiliate_attributions')
      .where(
        'order_id',
        'in',
        renewals.map((r) => r.id),
      )
      .select(['renews_order_id', 'commission_bps', 'recurring'])
      .execute()
    expect(attributions).toEqual([
      { renews_order_id: firstOrderId, commission_bps: 3_000, recurring: true },
      { renews_order_id: firstOrderId, commission_bps: 3_000, recurring: true },
    ])
  })

  it('a program that is not recurring pays the first order only', async () => {
    const ctx = await planShop({ recurring: false })
    const firstOrderId = await subscribeThrough(ctx)
    await waitFor(async () => (await commissionsOf(ctx.a)).length === 1)
    const renewals = await twoRenewals(ctx.s.storeId, ctx.s.owner)
    const mine = await commissionsOf(ctx.a)
    expect(mine.map((c) => c.orderId)).toEqual([firstOrderId])
    const shares = await db()
      .selectFrom('commissions')
      .where(
        'order_id',
        'in',
        renewals.map((r) => r.id),
      )
      .selectAll()
      .execute()
    expect(shares).toEqual([])
  })

  it("refunding a renewal reverses that renewal's shares only", async () => {
    const ctx = await planShop({ recurring: true })
    await subscribeThrough(ctx)
    const [second, third] = await twoRenewals(ctx.s.storeId, ctx.s.owner)
    await waitFor(async () => (await commissionsOf(ctx.a)).length === 3)
    expect((await refund(ctx.s, second!.id, { reason: 'Cliente desistiu' })).statusCode).toBe(201)
    await waitFor(async () => (await commissionsOf(ctx.a)).some((c) => c.status === 'REVERSED'))
    await t.drain()
    const byOrder = new Map((await commissionsOf(ctx.a)).map((c) => [c.orderId, c.status]))
    expect([...byOrder.values()].filter((s) => s === 'REVERSED')).toHaveLength(1)
    expect(byOrder.get(second!.id)).toBe('REVERSED')
    expect(byOrder.get(third!.id)).toBe('PENDING')
    const sums = await db()
      .selectFrom('ledger_entries')
      .where('order_id', '=', second!.id)
      .groupBy(['account', 'bucket'])
      .select(['account', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .execute()
    expect(sums.every((x) => Number(x.cents) === 0)).toBe(true)
    const problems = await consistencyProblems(db())
    expect(Object.values(problems).flat()).toEqual([])
  })
})
