/**
 * Split at charge time on renewals (issue 37): a subscription bought through an affiliate's link on an Asaas store,
 * the affiliate with an Asaas wallet and a recurring program. The renewal's charge of the saved card
 * (paymentsService.chargeSavedCard, what the subscriptions' billing calls) carries the affiliate's part, the same
 * the ledger books for that renewal, which then marks the share paid by the gateway. A program that is not
 * recurring sends no split on the renewal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingService } from '../ordering'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { paymentsService } from '../payments'
import { consistencyProblems } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, moduleDeps: { clock }, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const ordering = orderingFixtures(() => t)
const { shop, post, digitalOrder } = ordering
const { db, click, commissionsOf } = affiliatesFixtures(() => t, clock, ordering)
const card = {
  method: 'credit_card',
  cardName: 'MARIA SILVA',
  cardNumber: '4111111111111111',
  expiryDate: '12/39',
  cvv: '123',
  installments: 1,
  holderPostalCode: '01310-100',
  holderAddressNumber: '1000',
}
const PRICE = 4990
const lastPayment = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v3/payments').at(-1)!

/** An Asaas store with a monthly plan, its program, an affiliate with a wallet; the buyer subscribed through the link. */
async function subscribedOnAsaas(recurring: boolean) {
  const s = await shop({ shipping: false, payments: false })
  const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
    provider: 'asaas',
    label: 'Asaas',
    apiKey: `$aact_renewal_${s.storeId.slice(0, 8)}`,
    webhookToken: 'whsec-token-of-the-merchant-000000000010',
    methods: ['credit_card'],
  })
  expect(account.statusCode, account.body).toBe(201)
  const plan = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
    name: 'Mensal',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    priceCents: PRICE,
    methods: ['credit_card'],
  })
  expect(plan.statusCode, plan.body).toBe(201)
  const program = await t.send('PUT', `/api/stores/${s.storeId}/products/${s.digitalId}/affiliate-program`, s.owner, {
    enabled: true,
    commissionBps: 3_000,
    cookieDays: 60,
    autoApprove: true,
    recurring,
  })
  expect(program.statusCode, program.body).toBe(200)
  const a = await t.login()
  const link = (await t.send('POST', '/api/affiliations', a, { productId: s.digitalId })).json().data.link as string
  const wallet = fake.walletOf(`$aact_partner_renewal_${a.id.slice(0, 8)}`)
  expect((await t.send('PUT', '/api/me/payout-settings', a, { asaasWalletId: wallet })).statusCode).toBe(200)
  const visitor = await click(link, new Date(Date.now() - 3_600_000))
  const res = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(s, { planId: plan.json().id, tracking: { aff: visitor }, payment: card }),
  )
  expect(res.statusCode, res.body).toBe(200)
  const firstOrderId = res.json().orderId as string
  await t.drain()
  await waitFor(async () => (await commissionsOf(a)).length === 1)
  const subscriptions = async () =>
    (
      (await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions`, headers: s.owner.headers })).json() as {
        items: { id: string }[]
      }
    ).items
  await waitFor(async () => (await subscriptions()).length === 1)
  const subscriptionId = (await subscriptions())[0]!.id
  const email = (digitalOrder(s).customer as { email: string }).email
  return { s, a, wallet, firstOrderId, subscriptionId, email }
}

/** The subscriptions' billing step for cycle 2: the renewal order placed, then the saved card charged. */
async function renew(ctx: Awaited<ReturnType<typeof subscribedOnAsaas>>) {
  const order = await orderingService.placeRenewalOrder(t.runtime.db, {
    fromOrderId: ctx.firstOrderId,
    storeId: ctx.s.storeId,
    subscriptionId: ctx.subscriptionId,
    cycleNumber: 2,
    amountCents: PRICE,
    paymentMethod: 'CREDIT_CARD',
  })
  // Charged at once, as the billing engine does: before the renewal's order-placed handler has run.
  const deps = { db: t.runtime.db, jobs: t.runtime.jobs, config: t.config }
  const [saved] = await paymentsService.savedCardsOf(deps, { storeId: ctx.s.storeId, buyerEmail: ctx.email })
  const result = await paymentsService.chargeSavedCard(deps, {
    storeId: ctx.s.storeId,
    cardId: saved!.id,
    buyerEmail: ctx.email,
    orderRef: order.orderId,
    amountCents: order.totalCents,
    customer: order.customer,
    items: order.items.map((i) => ({
      title: i.name,
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      tangible: false,
      externalRef: i.productId,
    })),
  })
  expect(result.status).toBe('PAID')
  await t.drain()
  return order.orderId
}

describe('split on renewals', () => {
  it("a recurring program's renewal charged on Asaas carries the affiliate's split; the ledger marks it paid", async () => {
    const ctx = await subscribedOnAsaas(true)
    const renewalId = await renew(ctx)
    const payment = lastPayment()
    expect(payment.body?.creditCardToken).toBeDefined()
    await waitFor(async () => (await commissionsOf(ctx.a)).length === 2)
    const share = (await commissionsOf(ctx.a)).find((c) => c.orderId === renewalId)!
    expect(share.amountCents).toBeGreaterThan(0)
    expect(payment.body?.split).toEqual([{ walletId: ctx.wallet, fixedValue: share.amountCents / 100 }])
    const row = await db()
      .selectFrom('commissions')
      .select('gateway_wallet_id')
      .where('order_id', '=', renewalId)
      .where('role', '=', 'AFFILIATE')
      .executeTakeFirstOrThrow()
    expect(row.gateway_wallet_id).toBe(ctx.wallet)
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])
  })

  it('a program that is not recurring sends no split on the renewal', async () => {
    const ctx = await subscribedOnAsaas(false)
    await renew(ctx)
    expect(lastPayment().body?.creditCardToken).toBeDefined()
    expect(lastPayment().body?.split).toBeUndefined()
  })
})
