/**
 * A subscription's order refunded by the merchant through the ordinary refund route (issue 36 review): in full, the
 * subscription is canceled now with its access and never billed again; in part, it goes on. An order paid by
 * PIX Automático (the mandate's QR) is refunded through the PIX Automático port (the sandbox's refund of that
 * payment), and its mandate ends with the subscription: nothing is debited after.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const { refund, shop, post, digitalOrder, pageTokenOf } = orderingFixtures(() => t)
const { subscriptionShop, subscribeByCard, moveTo } = subscriptionFixtures(() => t)
const db = () => t.runtime.db as unknown as Db

async function detail(s: Shop, id: string) {
  const res = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions/${id}`, headers: s.owner.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const firstOrderOf = async (id: string) =>
  (await db().selectFrom('subscriptions').select('first_order_id').where('id', '=', id).executeTakeFirstOrThrow())
    .first_order_id
async function chargesOf(subscriptionId: string) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from payment_transactions
    where order_ref in (select id::text from orders where subscription_id = ${subscriptionId})`.execute(db())
  return rows[0]!.n
}

describe("refunds of a subscription's orders", () => {
  it('a full refund of the paid order cancels the subscription now, ends its access, and nothing is billed after', async () => {
    const { s, planId } = await subscriptionShop()
    const { id } = await subscribeByCard(s, planId, SANDBOX_CARDS.approved, 'reembolso@example.com')
    expect(await detail(s, id)).toMatchObject({ status: 'ACTIVE', hasAccess: true })
    const res = await refund(s, await firstOrderOf(id), { reason: 'Cliente desistiu' })
    expect(res.statusCode, res.body).toBe(201)
    await t.drain()
    await waitFor(async () => (await detail(s, id)).status === 'CANCELED')
    expect(await detail(s, id)).toMatchObject({ status: 'CANCELED', hasAccess: false })
    // The renewal date passes: no charge, no renewal order.
    expect((await moveTo(s, '2027-03-01T12:00:00.000Z')).statusCode).toBe(200)
    expect(await chargesOf(id)).toBe(0)
  })

  it('a renewal order refunded in full cancels too; a partial refund leaves the subscription running', async () => {
    const { s, planId } = await subscriptionShop()
    const { id } = await subscribeByCard(s, planId, SANDBOX_CARDS.approved, 'parcial@example.com')
    expect((await moveTo(s, '2027-02-28T13:00:00.000Z')).statusCode).toBe(200)
    await t.drain()
    const renewal = (await detail(s, id)).cycles[1]
    expect(renewal.status).toBe('PAID')
    await waitFor(async () => {
      const o = await t.runtime.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', renewal.orderId)
        .executeTakeFirst()
      return o?.status === 'PAID'
    })
    const part = await refund(s, renewal.orderId, { amount: 10, reason: 'Desconto prometido' })
    expect(part.statusCode, part.body).toBe(201)
    await t.drain()
    expect(await detail(s, id)).toMatchObject({ status: 'ACTIVE', hasAccess: true })
    const rest = await refund(s, renewal.orderId, { reason: 'Cancelamento' })
    expect(rest.statusCode, rest.body).toBe(201)
    await t.drain()
    await waitFor(async () => (await detail(s, id)).status === 'CANCELED')
    expect((await detail(s, id)).hasAccess).toBe(false)
  })

  it('an order paid by PIX Automático: refunded at the gateway, order REFUNDED, subscription canceled, mandate ended', async () => {
    const s = await shop({ payments: false, shipping: false })
    const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: `sk_sandbox_pixrefund_${s.storeId.slice(0, 8)}`,
      methods: ['pix', 'credit_card'],
    })
    expect(account.statusCode).toBe(201)
    const plan = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
      name: 'Mensal',
      intervalUnit: 'MONTH',
      intervalCount: 1,
      priceCents: 4990,
      methods: ['pix_automatic'],
    })
    expect(plan.statusCode).toBe(201)
    const planId = plan.json().id as string
    expect((await moveTo(s, '2027-03-01T12:00:00.000Z')).statusCode).toBe(200)
    const placed = await post('/api/checkout/create-digital-order', digitalOrder(s, { planId }))
    expect(placed.statusCode, placed.body).toBe(200)
    const orderId = placed.json().orderId as string
    const token = pageTokenOf(placed.json().orderPageUrl)
    const qr = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token, planId })
    expect(qr.statusCode, qr.body).toBe(200)
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pix-automatic/authorizations/${qr.json().gatewayId}/pay`,
    })
    expect(paid.statusCode).toBe(200)
    await t.drain()
    let id = ''
    await waitFor(async () => {
      const row = await db()
        .selectFrom('subscriptions')
        .select('id')
        .where('first_order_id', '=', orderId)
        .executeTakeFirst()
      id = row?.id ?? ''
      return Boolean(id)
    })
    expect(await detail(s, id)).toMatchObject({ status: 'ACTIVE', method: 'pix_automatic', hasAccess: true })

    const res = await refund(s, orderId, { reason: 'Cliente desistiu' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ status: 'SUCCEEDED', amount: 49.9 })
    // The sandbox refunded the QR's payment, once.
    const { rows: refunds } = await sql<{ amount_cents: number }>`select amount_cents from payment_sandbox_pix_refunds
      where payment_id = ${qr.json().gatewayId}`.execute(db())
    expect(refunds).toEqual([{ amount_cents: 4990 }])
    await t.drain()
    const order = await t.runtime.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst()
    expect(order?.status).toBe('REFUNDED')
    await waitFor(async () => (await detail(s, id)).status === 'CANCELED')
    expect((await detail(s, id)).hasAccess).toBe(false)
    // The mandate ended with it: past the next due date, nothing was scheduled or debited.
    await t.drain()
    const { rows: auths } = await sql<{ status: string }>`select status from payment_sandbox_pix_authorizations
      where id = ${qr.json().gatewayId}`.execute(db())
    expect(auths[0]!.status).toBe('CANCELLED')
    expect((await moveTo(s, '2027-04-05T12:00:00.000Z')).statusCode).toBe(200)
    const { rows: debits } = await sql<{ n: number }>`select count(*)::int as n from payment_sandbox_pix_charges
      where authorization_id = ${qr.json().gatewayId}`.execute(db())
    expect(debits[0]!.n).toBe(0)
    // Refunding again: nothing left to refund.
    const again = await refund(s, orderId, { reason: 'De novo' })
    expect(again.statusCode).toBeGreaterThanOrEqual(400)
  })
})
