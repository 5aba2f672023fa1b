/**
 * Free trials and PIX/boleto renewals through the API with the test clock (issue 36): a 7-day trial charges nothing
 * until day 7, says `subscription.trial_will_end` and mails 'trial ending' on day 4 (once), then charges the kept
 * card; cancelling in the trial (now or at its end) charges nothing, ever. A PIX renewal is an order with its PIX,
 * e-mailed 3 days before the due date; paid → ACTIVE with the anchor kept; unpaid → PAST_DUE with no retry, then
 * canceled by the store's cancel-after-days. A boleto renewal takes the same path.
 *
 * The trial starts at the checkout: a R$ 0,00 order whose card is verified (payments' verifyCard) and kept, no money
 * moved; its order.paid starts the subscription TRIALING. A card refused at the check pays no order and starts
 * nothing; a trial by PIX or with a bump is refused (422).
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeWebhookReceiver, startWebhookReceiver } from '../../testing/fake-webhook-receiver'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
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

const { post, digitalOrder, card, sandbox } = orderingFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const DAY = 86_400_000
const T0 = SUBSCRIPTION_T0
const { subscriptionShop, moveTo } = subscriptionFixtures(() => t)
const at = (days: number) => new Date(T0.getTime() + days * DAY).toISOString()
const customer = (email: string) => ({ name: 'Maria Silva', email, phone: '(11) 98765-4321', cpf: '529.982.247-25' })

async function get(s: Shop, url: string) {
  const res = await t.app.inject({ url, headers: s.owner.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const detail = (s: Shop, id: string) => get(s, `/api/stores/${s.storeId}/subscriptions/${id}`)

async function subscriptionOf(s: Shop, email: string) {
  let id = ''
  await waitFor(async () => {
    const list = await get(s, `/api/stores/${s.storeId}/subscriptions`)
    id = list.items.find((i: { customerEmail: string }) => i.customerEmail === email)?.id ?? ''
    return Boolean(id)
  })
  return id
}

/** A 7-day trial started at the checkout: R$ 0,00 today, the card verified and kept (nothing charged). */
async function startTrial(s: Shop, planId: string, cardNumber: string, email: string) {
  const bought = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(s, { customer: customer(email), planId, payment: { ...card, cardNumber } }),
  )
  expect(bought.statusCode, bought.body).toBe(200)
  expect(bought.json()).toMatchObject({ status: 'PAID', total: 0 })
  await t.drain()
  return subscriptionOf(s, email)
}

/** Money the sandbox moved for a store's buyer (PAID card charges, verifications excluded by their amount 0). */
async function moneyCharged(email: string) {
  const { rows } = await sql<{ n: string }>`select coalesce(sum(amount), 0) as n from payment_sandbox_transactions
    where status = 'PAID' and customer->>'email' = ${email}`.execute(db())
  return Number(rows[0]!.n)
}

/** Gateway calls made for the subscription's own orders (payments' rows). */
async function chargesOf(subscriptionId: string) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from payment_transactions
    where order_ref in (select id::text from orders where subscription_id = ${subscriptionId})`.execute(db())
  return Number(rows[0]!.n)
}

const mails = (email: string, kind: string) =>
  t.runtime.db
    .selectFrom('email_mailbox')
    .select(['subject', 'html', 'kind'])
    .where('mail_to', 'like', `%${email}%`)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .execute()

async function renewalOrder(subscriptionId: string, cycle: number) {
  return t.runtime.db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_method', 'gateway_id', 'pix_code', 'boleto_line', 'total_cents'])
    .where('subscription_id', '=', subscriptionId)
    .where('cycle_number', '=', cycle)
    .executeTakeFirst()
}

describe('free trials', () => {
  it('7 days: nothing charged until day 7, trial_will_end + e-mail on day 4 (once), then the kept card', async () => {
    const { s, planId } = await subscriptionShop({ trialDays: 7, methods: ['credit_card'] })
    const hook = await post(
      `/api/stores/${s.storeId}/webhooks`,
      { url: receiver.url, events: ['subscription.created', 'subscription.trial_will_end', 'subscription.renewed'] },
      s.owner.headers,
    )
    expect(hook.statusCode).toBe(201)
    // The checkout's plan tells the trial and the first charge's date (the store's billing time + 7 days).
    const plans = (await t.app.inject({ url: `/api/checkout/products/${s.digitalId}/plans` })).json()
    expect(plans[0]).toMatchObject({
      trialLabel: '7 dias grátis',
      firstChargeAt: at(7),
      trialNote: '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.',
    })
    const email = 'trial@example.com'
    const id = await startTrial(s, planId, SANDBOX_CARDS.approved, email)
    let d = await detail(s, id)
    expect(d).toMatchObject({ status: 'TRIALING', trialEnd: at(7), accessUntil: at(7), hasAccess: true })
    expect(d.cycles).toMatchObject([{ number: 1, status: 'SCHEDULED', dueAt: at(7), amountCents: 4990 }])
    expect(d.events.map((e: { type: string }) => e.type)).toContain('trial_started')
    const metrics = await get(s, `/api/stores/${s.storeId}/subscriptions/metrics`)
    expect(metrics).toMatchObject({ trialing: 1, mrrCents: 0 })

    await moveTo(s, at(3.9))
    await t.drain()
    expect(await mails(email, 'subscriptions.trial_ending')).toHaveLength(0)
    await moveTo(s, at(4))
    await t.drain()
    await waitFor(async () => (await mails(email, 'subscriptions.trial_ending')).length === 1)
    const mail = (await mails(email, 'subscriptions.trial_ending'))[0]!
    expect(mail.subject).toContain('Seu teste grátis termina em 07/02/2027')
    expect(mail.html).toContain('Gerenciar assinatura')
    await waitFor(() => receiver.received.some((r) => r.body.includes(id) && r.body.includes('trial_will_end')))
    expect(await chargesOf(id)).toBe(0)
    await moveTo(s, at(6.9))
    await t.drain()
    expect(await mails(email, 'subscriptions.trial_ending')).toHaveLength(1)
    expect((await detail(s, id)).status).toBe('TRIALING')
    expect(await chargesOf(id)).toBe(0)

    await moveTo(s, at(7))
    d = await detail(s, id)
    expect(d).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: '2027-03-07T12:00:00.000Z' })
    expect(d.accessUntil).toBe('2027-03-07T12:00:00.000Z')
    expect(d.cycles[0]).toMatchObject({ number: 1, status: 'PAID', dueAt: at(7) })
    expect(await chargesOf(id)).toBe(1)
    await t.drain()
    await waitFor(async () => (await renewalOrder(id, 1))?.status === 'PAID')
    // The anchor is the trial's end: the next charge a month after it.
    await moveTo(s, '2027-03-07T12:00:00.000Z')
    expect((await detail(s, id)).cycles.map((c: { status: string }) => c.status)).toEqual(['PAID', 'PAID', 'SCHEDULED'])
    expect(await chargesOf(id)).toBe(2)
    // created, trial_will_end, then renewed for the trial's first charge and for cycle 2.
    await waitFor(() => receiver.received.filter((r) => r.body.includes(id)).length >= 4)
    const types = receiver.received
      .filter((r) => r.body.includes(id))
      .map((r) => (JSON.parse(r.body) as { type: string }).type)
    expect(types.sort()).toEqual([
      'subscription.created',
      'subscription.renewed',
      'subscription.renewed',
      'subscription.trial_will_end',
    ])
    expect(receiver.received.filter((r) => r.body.includes(id) && r.body.includes('trial_will_end'))).toHaveLength(1)
  })

  it('at the checkout: R$ 0,00 PAID order, card verified and kept, 0 charged; the kept card pays day 7', async () => {
    const { s, planId } = await subscriptionShop({ trialDays: 7, methods: ['credit_card', 'pix'] })
    const email = 'checkout-trial@example.com'
    const id = await startTrial(s, planId, SANDBOX_CARDS.approved, email)
    expect((await detail(s, id)).status).toBe('TRIALING')
    const order = await t.runtime.db
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents', 'transaction_id'])
      .where('customer_email', '=', email)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 'PAID' })
    expect(Number(order.total_cents)).toBe(0)
    const charge = await t.runtime.db
      .selectFrom('payment_transactions')
      .select(['status', 'amount_cents', 'card_last4'])
      .where('id', '=', order.transaction_id!)
      .executeTakeFirstOrThrow()
    expect(charge).toMatchObject({ status: 'PAID', card_last4: '1111' })
    expect(Number(charge.amount_cents)).toBe(0)
    expect(await moneyCharged(email)).toBe(0)
    const kept = await t.runtime.db
      .selectFrom('payment_instruments')
      .select(['last4', 'expires_at'])
      .where('buyer_email', '=', email)
      .execute()
    expect(kept).toMatchObject([{ last4: '1111', expires_at: null }])
    await moveTo(s, at(7))
    expect((await detail(s, id)).status).toBe('ACTIVE')
    expect(await moneyCharged(email)).toBe(4990)
  })

  it('a card refused at the check: no order paid, no subscription; PIX or a bump on a trial → 422', async () => {
    const { s, planId } = await subscriptionShop({ trialDays: 7, methods: ['credit_card', 'pix'] })
    const email = 'refused-trial@example.com'
    const refused = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { customer: customer(email), planId, payment: { ...card, cardNumber: SANDBOX_CARDS.refused } }),
    )
    expect(refused.statusCode, refused.body).toBe(422)
    await t.drain()
    const paid = await t.runtime.db
      .selectFrom('orders')
      .select('id')
      .where('customer_email', '=', email)
      .where('status', '=', 'PAID')
      .execute()
    expect(paid).toHaveLength(0)
    const list = await get(s, `/api/stores/${s.storeId}/subscriptions`)
    expect(list.items.filter((i: { customerEmail: string }) => i.customerEmail === email)).toHaveLength(0)
    expect(await moneyCharged(email)).toBe(0)

    const byPix = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { customer: customer(email), planId, payment: { method: 'pix' } }),
    )
    expect(byPix.statusCode, byPix.body).toBe(422)
    expect(byPix.json().message).toBe('O período de teste grátis só pode ser iniciado com cartão de crédito')
  })

  it('cancelled in the trial (now, twice; or at its end): 0 charged, ever', async () => {
    const { s, planId } = await subscriptionShop({ trialDays: 7, methods: ['credit_card'] })
    const now = await startTrial(s, planId, SANDBOX_CARDS.approved, 'now@example.com')
    const atEnd = await startTrial(s, planId, SANDBOX_CARDS.approved, 'end@example.com')
    await moveTo(s, at(2))
    const cancel = (id: string, atPeriodEnd: boolean) =>
      t.send('POST', `/api/stores/${s.storeId}/subscriptions/${id}/cancel`, s.owner, { atPeriodEnd })
    expect((await cancel(now, false)).statusCode).toBe(200)
    expect((await cancel(now, false)).statusCode).toBe(200)
    expect((await cancel(atEnd, true)).statusCode).toBe(200)
    expect(await detail(s, now)).toMatchObject({ status: 'CANCELED', hasAccess: false })
    expect(await detail(s, atEnd)).toMatchObject({ status: 'TRIALING', cancelAtPeriodEnd: true, hasAccess: true })
    await moveTo(s, at(60))
    expect(await detail(s, now)).toMatchObject({ status: 'CANCELED', canceledAt: at(2) })
    expect(await detail(s, atEnd)).toMatchObject({ status: 'CANCELED', canceledAt: at(7), hasAccess: false })
    expect(await chargesOf(now)).toBe(0)
    expect(await chargesOf(atEnd)).toBe(0)
    // Neither is told its trial ends: one ended, the other will not be charged.
    await t.drain()
    expect(await mails('now@example.com', 'subscriptions.trial_ending')).toHaveLength(0)
    expect(await mails('end@example.com', 'subscriptions.trial_ending')).toHaveLength(0)
  })

  it("the trial's first charge declined: PAST_DUE and the same dunning", async () => {
    const { s, planId } = await subscriptionShop({ trialDays: 7, methods: ['credit_card'] })
    const id = await startTrial(s, planId, SANDBOX_CARDS.renewalSoftDecline, 'decline@example.com')
    await moveTo(s, at(7.5))
    const d = await detail(s, id)
    expect(d).toMatchObject({ status: 'PAST_DUE', hasAccess: false })
    expect(d.cycles[0]).toMatchObject({ number: 1, nextAttemptAt: at(8) })
    await moveTo(s, at(30))
    expect((await detail(s, id)).status).toBe('CANCELED')
    expect(await chargesOf(id)).toBe(4)
  })
})

describe('PIX and boleto renewals', () => {
  async function subscribeBy(s: Shop, planId: string, method: 'pix' | 'bank_slip', email: string) {
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { planId, customer: customer(email), payment: { method } }),
    )
    expect(res.statusCode, res.body).toBe(200)
    await sandbox(res.json().paymentResult.gatewayId, 'pay')
    return subscriptionOf(s, email)
  }

  it('PIX: the order and its e-mail at D-3, paid → ACTIVE with the anchor kept; unpaid → PAST_DUE, canceled at +15', async () => {
    const { s, planId } = await subscriptionShop({ methods: ['pix'] })
    const email = 'pix@example.com'
    const id = await subscribeBy(s, planId, 'pix', email)
    expect(await detail(s, id)).toMatchObject({ status: 'ACTIVE', method: 'pix', currentPeriodEnd: at(28) })
    await moveTo(s, '2027-02-25T11:59:00.000Z')
    expect(await renewalOrder(id, 2)).toBeUndefined()
    await moveTo(s, '2027-02-25T12:00:00.000Z')
    const order = (await renewalOrder(id, 2))!
    expect(order).toMatchObject({ status: 'PENDING', payment_method: 'PIX', total_cents: 4990 })
    expect(order.pix_code).toMatch(/^000201/)
    expect(await chargesOf(id)).toBe(1)
    await t.drain()
    await waitFor(async () => (await mails(email, 'order_received')).some((m) => m.html.includes(order.pix_code!)))
    // Still before the due date: nothing more happens, the subscription is ACTIVE.
    await moveTo(s, '2027-02-27T12:00:00.000Z')
    expect((await detail(s, id)).status).toBe('ACTIVE')
    await sandbox(order.gateway_id!, 'pay')
    await waitFor(async () => (await detail(s, id)).cycles[1].status === 'PAID')
    let d = await detail(s, id)
    expect(d).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: '2027-03-31T12:00:00.000Z' })
    expect(d.cycles[2]).toMatchObject({ number: 3, status: 'SCHEDULED', dueAt: '2027-03-31T12:00:00.000Z' })

    // Cycle 3 is not paid: PAST_DUE at the due date, no retry (no new charge), canceled 15 days later.
    await moveTo(s, '2027-03-31T12:00:00.000Z')
    d = await detail(s, id)
    expect(d).toMatchObject({ status: 'PAST_DUE', hasAccess: false })
    expect(d.cycles[2]).toMatchObject({ status: 'FAILED', nextAttemptAt: null })
    expect(await chargesOf(id)).toBe(2)
    await t.drain()
    await waitFor(async () => (await mails(email, 'subscriptions.payment_failed')).length === 1)
    const failed = (await mails(email, 'subscriptions.payment_failed'))[0]!
    expect(failed.html).toContain('Pagar agora')
    expect(failed.html).not.toContain('Atualizar cartão')
    await moveTo(s, '2027-04-15T11:59:00.000Z')
    expect((await detail(s, id)).status).toBe('PAST_DUE')
    await moveTo(s, '2027-04-15T12:00:00.000Z')
    expect(await detail(s, id)).toMatchObject({ status: 'CANCELED', canceledAt: '2027-04-15T12:00:00.000Z' })
    expect(await chargesOf(id)).toBe(2)
    await t.drain()
    expect((await renewalOrder(id, 3))?.status).toBe('CANCELLED')
  })

  it("an expired renewal PIX: PAST_DUE at the due date; the e-mail's link gives a new code, paid → ACTIVE", async () => {
    const { s, planId } = await subscriptionShop({ methods: ['pix'] })
    const email = 'expired@example.com'
    const id = await subscribeBy(s, planId, 'pix', email)
    await moveTo(s, '2027-02-25T12:00:00.000Z')
    const order = (await renewalOrder(id, 2))!
    await sandbox(order.gateway_id!, 'expire')
    await waitFor(async () => (await renewalOrder(id, 2))?.status === 'CANCELLED')
    await moveTo(s, '2027-02-28T12:00:00.000Z')
    expect((await detail(s, id)).status).toBe('PAST_DUE')
    await t.drain()
    await waitFor(async () => (await mails(email, 'subscriptions.payment_failed')).length === 1)
    const html = (await mails(email, 'subscriptions.payment_failed'))[0]!.html
    const link = /href="[^"]*\/pedido\/([0-9a-f-]{36})\?t=([^"&]+)"/.exec(html)
    expect(link?.[1]).toBe(order.id)
    const token = decodeURIComponent(link![2]!)
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${order.id}/renew-pix?t=${encodeURIComponent(token)}`,
    })
    expect(renewed.statusCode, renewed.body).toBe(200)
    await sandbox(renewed.json().payment.sandboxGatewayId, 'pay')
    await waitFor(async () => (await detail(s, id)).status === 'ACTIVE')
    // Paid late, the anchor stays: the period is the cycle's own.
    expect(await detail(s, id)).toMatchObject({ currentPeriodEnd: '2027-03-31T12:00:00.000Z', hasAccess: true })
  })

  it('boleto: the same path — order with its line at D-3, e-mailed, paid → ACTIVE', async () => {
    const { s, planId } = await subscriptionShop({ methods: ['bank_slip'] })
    const email = 'boleto@example.com'
    const id = await subscribeBy(s, planId, 'bank_slip', email)
    expect((await detail(s, id)).method).toBe('bank_slip')
    await moveTo(s, '2027-02-25T12:00:00.000Z')
    const order = (await renewalOrder(id, 2))!
    expect(order).toMatchObject({ status: 'PENDING', payment_method: 'BANK_SLIP' })
    expect(order.boleto_line).toBeTruthy()
    await t.drain()
    await waitFor(async () => (await mails(email, 'order_received')).some((m) => m.html.includes(order.boleto_line!)))
    await sandbox(order.gateway_id!, 'pay')
    await waitFor(
      async () => (await detail(s, id)).status === 'ACTIVE' && (await detail(s, id)).cycles[1].status === 'PAID',
    )
    await moveTo(s, '2027-02-28T12:00:00.000Z')
    expect(await detail(s, id)).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: '2027-03-31T12:00:00.000Z' })
    expect(await chargesOf(id)).toBe(1)
  })
})
