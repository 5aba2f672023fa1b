/**
 * PIX Automático end to end through our routes on an Asaas account (issue 36 review): the Asaas fake
 * (src/testing/fake-asaas-pix-automatic.ts, written from Asaas's reference) plays the gateway; a store whose PIX goes
 * to Asaas sells a plan by PIX Automático. The buyer's checkout order, the order page's mandate QR (Asaas's
 * authorisation with its immediate QR), the QR paid (Asaas's ACTIVATED webhook to our Asaas webhook route) → order
 * PAID, subscription ACTIVE by PIX Automático; the worker's scanner (the app's clock: no test clock off the sandbox)
 * schedules cycle 2 at Asaas inside D-10..D-2 (a payment on the authorisation); its debit (PAYMENT_RECEIVED) pays the
 * cycle and its order; the payer's revocation (CANCELLED webhook) stops cycle 3: nothing more is sent to Asaas, and the
 * subscription ends with its paid period.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { BILLING_JOB } from './jobs'
import type { Db } from './tables'

const DAY = 86_400_000
// Real time (Asaas's dates are the fake's today), held still by the app's clock between moves.
const START = new Date(Math.floor(Date.now() / DAY) * DAY + 15 * 3_600_000)
const clock = controlledClock(START)
let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, clock, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const { shop, post, digitalOrder, pageTokenOf, orderStatus } = orderingFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const TOKEN = 'whsec-token-of-the-merchant-000000000036'

async function asaasPlanShop() {
  const s = await shop({ payments: false, shipping: false })
  const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
    provider: 'asaas',
    label: 'Asaas',
    apiKey: '$aact_pix_automatico_0036',
    webhookToken: TOKEN,
    methods: ['pix'],
  })
  expect(account.statusCode, account.body).toBe(201)
  const plan = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
    name: 'Mensal',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    priceCents: 4990,
    methods: ['pix_automatic'],
  })
  expect(plan.statusCode, plan.body).toBe(201)
  return { s, planId: plan.json().id as string, accountId: account.json().id as string }
}

const webhook = (accountId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/asaas/webhook/${accountId}`,
    payload: body as object,
    headers: { 'asaas-access-token': TOKEN },
  })

async function detail(s: Shop, id: string) {
  const res = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions/${id}`, headers: s.owner.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const bill = () => t.runtime.jobs.run(BILLING_JOB, {}, { timeoutMs: 60_000 })
const paymentsOn = (authorizationGatewayId: string) =>
  fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      c.path === '/v3/payments' &&
      (c.body as { pixAutomaticAuthorizationId?: string } | undefined)?.pixAutomaticAuthorizationId ===
        authorizationGatewayId,
  )

describe('PIX Automático on an Asaas account, through our routes', () => {
  it('QR → ACTIVE, cycle 2 scheduled at Asaas in D-10..D-2 and debited, revocation stops the rest', async () => {
    const { s, planId, accountId } = await asaasPlanShop()
    const res = await post('/api/checkout/create-digital-order', digitalOrder(s, { planId }))
    expect(res.statusCode, res.body).toBe(200)
    const { orderId, orderPageUrl } = res.json()
    const token = pageTokenOf(orderPageUrl)
    const page = await t.app.inject({ url: `/api/checkout/orders/${orderId}/page?t=${encodeURIComponent(token)}` })
    expect(page.json().pixAutomaticPlanId, page.body).toBe(planId)

    // The mandate's QR: an Asaas authorisation with its immediate QR, paying this order's amount.
    const qr = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token, planId })
    expect(qr.statusCode, qr.body).toBe(200)
    expect(qr.json().qrcode).toContain('br.gov.bcb.pix')
    const created = fake.calls.find((c) => c.method === 'POST' && c.path === '/v3/pix/automatic/authorizations')!
    expect(created.body).toMatchObject({ frequency: 'MONTHLY', value: 49.9, immediateQrCode: { originalValue: 49.9 } })
    const gatewayId = qr.json().gatewayId as string

    // The payer pays the QR in the bank app; Asaas says so by webhook.
    fake.payAuthorizationQr(gatewayId)
    const activated = {
      id: 'evt_subs_asaas_1',
      event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED',
      authorization: fake.authorization(gatewayId),
    }
    expect((await webhook(accountId, activated)).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => (await orderStatus(orderId))?.status === 'PAID')
    let sub: { id: string } | undefined
    await waitFor(async () => {
      sub = await db().selectFrom('subscriptions').select('id').where('first_order_id', '=', orderId).executeTakeFirst()
      return Boolean(sub)
    })
    const first = await detail(s, sub!.id)
    expect(first).toMatchObject({ status: 'ACTIVE', method: 'pix_automatic' })
    const dueAt = new Date(first.currentPeriodEnd)

    // D-11: the scanner sends nothing; D-9: cycle 2's charge is at Asaas, on the authorisation, for its due date.
    clock.set(new Date(dueAt.getTime() - 11 * DAY))
    await bill()
    expect(paymentsOn(gatewayId)).toEqual([])
    clock.set(new Date(dueAt.getTime() - 9 * DAY))
    await bill()
    await t.drain()
    const sent = paymentsOn(gatewayId)
    expect(sent).toHaveLength(1)
    const dueDay = dueAt.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
    expect(sent[0]!.body).toMatchObject({ billingType: 'PIX', value: 49.9, dueDate: dueDay })
    // Asaas's payment id, as our side of the mandate recorded it.
    const { rows } = await sql<{ gateway_id: string }>`select c.gateway_id from payment_pix_charges c
      join payment_pix_authorizations a on a.id = c.authorization_id where a.gateway_id = ${gatewayId}`.execute(db())
    expect(rows).toHaveLength(1)
    const paymentId = rows[0]!.gateway_id

    // Debited on its date: Asaas's PAYMENT_RECEIVED pays cycle 2 and its order; the anchor kept.
    clock.set(new Date(dueAt.getTime() + 3_600_000))
    fake.debit(paymentId, true)
    expect(
      (await webhook(accountId, fake.webhookEvent('PAYMENT_RECEIVED', paymentId, 'evt_subs_asaas_2'))).statusCode,
    ).toBe(200)
    await t.drain()
    await bill()
    await waitFor(async () => (await detail(s, sub!.id)).cycles[1]?.status === 'PAID')
    const renewed = await detail(s, sub!.id)
    expect(renewed.status).toBe('ACTIVE')
    await t.drain()
    await waitFor(async () => (await orderStatus(renewed.cycles[1].orderId))?.status === 'PAID')

    // The payer revokes the mandate: nothing more goes to Asaas, the subscription ends with its paid period.
    fake.revokeAuthorization(gatewayId)
    const revoked = {
      id: 'evt_subs_asaas_3',
      event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED',
      authorization: fake.authorization(gatewayId),
    }
    expect((await webhook(accountId, revoked)).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => {
      const row = await db()
        .selectFrom('subscriptions')
        .select('cancel_at_period_end')
        .where('id', '=', sub!.id)
        .executeTakeFirst()
      return row?.cancel_at_period_end === true
    })
    const paidUntil = new Date(renewed.currentPeriodEnd)
    clock.set(new Date(paidUntil.getTime() - 5 * DAY))
    await bill()
    clock.set(new Date(paidUntil.getTime() + DAY))
    await bill()
    expect(paymentsOn(gatewayId)).toHaveLength(1)
    const ended = await detail(s, sub!.id)
    expect(ended.status).toBe('CANCELED')
    expect(ended.cycles.filter((c: { status: string }) => c.status === 'PAID')).toHaveLength(2)
  })
})
