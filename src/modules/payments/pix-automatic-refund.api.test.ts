/**
 * Issue 36: an order paid by PIX Automático is refunded from the order screen like any order, on the sandbox and on
 * Asaas (the fake, from Asaas's reference: POST /v3/payments/{id}/refund of the payment the QR created), and the refund
 * goes through the charge's bookkeeping: a payment_refunds row per gateway refund, the charge REFUNDED once nothing is
 * left (PAID after a partial one), payment.refunded announced once each.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { type GatewayTransport, httpTransport, TransportError } from './gateway-client'
import { paymentsService } from './index'

let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const { refund, shop, post, digitalOrder, pageTokenOf } = orderingFixtures(() => t)
const TOKEN = 'whsec-token-pix-refund-000000000000001'

async function storeWith(provider: 'sandbox' | 'asaas') {
  const s = await shop({ payments: false, shipping: false })
  const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
    provider,
    label: provider,
    apiKey:
      provider === 'asaas' ? `$aact_pixrefund_${s.storeId.slice(0, 8)}` : `sk_sandbox_pixref_${s.storeId.slice(0, 8)}`,
    ...(provider === 'asaas' ? { webhookToken: TOKEN } : {}),
    methods: ['pix', 'credit_card'],
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
  return { s, accountId: account.json().id as string, planId: plan.json().id as string }
}

/** The buyer pays the order's PIX Automático QR; answers the order id once payments holds its PAID charge. */
async function paidByPixAutomatic(provider: 'sandbox' | 'asaas') {
  const { s, accountId, planId } = await storeWith(provider)
  const placed = await post('/api/checkout/create-digital-order', digitalOrder(s, { planId }))
  expect(placed.statusCode, placed.body).toBe(200)
  const orderId = placed.json().orderId as string
  const token = pageTokenOf(placed.json().orderPageUrl)
  const qr = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token, planId })
  expect(qr.statusCode, qr.body).toBe(200)
  const authId = qr.json().gatewayId as string
  if (provider === 'sandbox') {
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/pix-automatic/authorizations/${authId}/pay` })
    expect(paid.statusCode).toBe(200)
  } else {
    fake.payAuthorizationQr(authId)
    const event = {
      id: `evt_pixrefund_${authId}`,
      event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED',
      authorization: fake.authorization(authId),
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/asaas/webhook/${accountId}`,
      payload: event,
      headers: { 'asaas-access-token': TOKEN },
    })
    expect(res.statusCode).toBe(200)
  }
  await t.drain()
  await waitFor(async () => (await orderOf(orderId))?.status === 'PAID')
  return { s, orderId, authId }
}

const orderOf = (id: string) =>
  t.runtime.db
    .selectFrom('orders')
    .select(['status', 'transaction_id', 'refunded_cents'])
    .where('id', '=', id)
    .executeTakeFirst()

async function chargeOf(orderId: string) {
  // The charge the order records as paying it (the order's first PIX charge, never paid, is another row).
  const { rows } = await sql<{ id: string; status: string; gateway_id: string }>`select id, status, gateway_id
    from payment_transactions where id::text = (select transaction_id::text from orders where id = ${orderId})`.execute(
    t.runtime.db,
  )
  expect(rows).toHaveLength(1)
  const refunds = await sql<{ amount_cents: number; external_ref: string | null }>`select amount_cents, external_ref
    from payment_refunds where transaction_id = ${rows[0]!.id} order by created_at`.execute(t.runtime.db)
  const announced = await sql<{ n: number }>`select count(*)::int as n from outbox
    where event = 'payment.refunded' and payload->>'transactionId' = ${rows[0]!.id}`.execute(t.runtime.db)
  return { ...rows[0]!, refunds: refunds.rows, announced: announced.rows[0]!.n }
}

async function refundIn(s: Shop, orderId: string, body: Record<string, unknown>) {
  const res = await refund(s, orderId, body)
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json().status).toBe('SUCCEEDED')
  await t.drain()
  return res.json() as { id: string }
}

describe('refund of an order paid by PIX Automático', () => {
  for (const provider of ['sandbox', 'asaas'] as const) {
    it(`${provider}: a partial refund records it and keeps the charge PAID; the rest makes it REFUNDED`, async () => {
      const { s, orderId } = await paidByPixAutomatic(provider)
      const part = await refundIn(s, orderId, { amount: 10.1, reason: 'Desconto prometido' })
      let charge = await chargeOf(orderId)
      expect(charge.status).toBe('PAID')
      expect(charge.refunds).toEqual([{ amount_cents: 1010, external_ref: part.id }])
      expect(charge.announced).toBe(1)
      expect(await orderOf(orderId)).toMatchObject({ status: 'PAID', refunded_cents: 1010 })

      const rest = await refundIn(s, orderId, { reason: 'Cancelamento' })
      charge = await chargeOf(orderId)
      expect(charge.status).toBe('REFUNDED')
      expect(charge.refunds).toEqual([
        { amount_cents: 1010, external_ref: part.id },
        { amount_cents: 3980, external_ref: rest.id },
      ])
      expect(charge.announced).toBe(2)
      expect(await orderOf(orderId)).toMatchObject({ status: 'REFUNDED', refunded_cents: 4990 })
      if (provider === 'asaas') {
        // Asaas refunded the payment the QR created (R$ 10,10 then R$ 39,80, to the centavo), nothing else.
        const calls = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/refund'))
        const paymentId = calls.at(-1)!.path.split('/')[3]!
        expect(paymentId).toMatch(/^pay_/)
        expect(fake.payment(paymentId)).toMatchObject({ status: 'REFUNDED', value: 49.9 })
        expect(fake.payment(paymentId)!.refunds!.map((r) => r.value)).toEqual([10.1, 39.8])
      }
      // Nothing left: a third refund is refused and changes nothing.
      const again = await refund(s, orderId, { reason: 'De novo' })
      expect(again.statusCode).toBe(409)
      expect((await chargeOf(orderId)).refunds).toHaveLength(2)
    })
  }

  it("asaas: a refund whose answer was lost is found by the look-up (the sweeper's) and recorded once", async () => {
    const { s, orderId } = await paidByPixAutomatic('asaas')
    const { id: transactionId } = await chargeOf(orderId)
    const http = httpTransport(fake.url)
    const lostAnswer: GatewayTransport = async (req) => {
      const res = await http(req)
      if (req.method === 'POST' && req.path.endsWith('/refund')) throw new TransportError('timeout', true)
      return res
    }
    const deps = { db: t.runtime.db, jobs: t.runtime.jobs, config: t.config }
    const externalRef = crypto.randomUUID()
    const asked = { storeId: s.storeId, transactionId, amountCents: 4990, externalRef }
    // The answer is lost on the way back (a timeout): the refund may have been made.
    const lostDeps = { ...deps, asaasTransport: lostAnswer }
    expect(await paymentsService.refundCharge(lostDeps, asked)).toMatchObject({ ok: false, kind: 'unavailable' })
    expect((await chargeOf(orderId)).refunds).toEqual([])
    const log = { info() {}, warn() {}, error() {} }
    const found = await paymentsService.lookUpRefund(
      { ...deps, log },
      { storeId: s.storeId, transactionId, externalRef },
    )
    expect(found).toMatchObject({ state: 'made', amountCents: 4990 })
    expect(await paymentsService.lookUpRefund({ ...deps, log }, { ...asked, externalRef: 'another' })).toEqual({
      state: 'absent',
    })
    const charge = await chargeOf(orderId)
    expect(charge).toMatchObject({ status: 'REFUNDED', announced: 1 })
    expect(charge.refunds).toEqual([{ amount_cents: 4990, external_ref: externalRef }])
  })

  it('asaas: a whole refund at once turns the charge REFUNDED with one refund row', async () => {
    const { s, orderId, authId } = await paidByPixAutomatic('asaas')
    const done = await refundIn(s, orderId, { reason: 'Cliente desistiu' })
    const charge = await chargeOf(orderId)
    expect(charge).toMatchObject({ status: 'REFUNDED', gateway_id: authId, announced: 1 })
    expect(charge.refunds).toEqual([{ amount_cents: 4990, external_ref: done.id }])
    expect(await orderOf(orderId)).toMatchObject({ status: 'REFUNDED', refunded_cents: 4990 })
  })
})
