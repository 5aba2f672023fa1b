/**
 * Subscriptions by PIX Automático through the API with the test clock (issue 36): the checkout's QR pays cycle 1 and
 * grants the mandate; each later charge is scheduled in the D-10..D-2 window and debited on its date; a refused
 * debit is retried at most 3 times within 7 days, then PAST_DUE and the dunning cancel; the payer's revocation stops
 * every charge and ends the subscription at the end of the paid period; one store's clock never moves another's.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { paymentsService } from '../payments'
import { subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const { post, digitalOrder, pageTokenOf, orderStatus } = orderingFixtures(() => t)
const { subscriptionShop } = subscriptionFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const T0 = '2027-03-01T12:00:00.000Z'

/** A store on the sandbox whose plan offers `methods`, its clock at T0. */
const pixShop = (methods = ['pix_automatic']) => subscriptionShop({ methods }, ['pix', 'credit_card'], new Date(T0))

const moveTo = (s: Shop, now: string) => t.send('POST', `/api/stores/${s.storeId}/test-clock`, s.owner, { now })
const simulate = (gatewayId: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/sandbox/pix-automatic/authorizations/${gatewayId}/${action}` })

/** The buyer orders the plan by PIX and asks for its PIX Automático QR. */
async function orderWithQr(s: Shop, planId: string) {
  const res = await post('/api/checkout/create-digital-order', digitalOrder(s, { planId }))
  expect(res.statusCode, res.body).toBe(200)
  const { orderId, orderPageUrl } = res.json()
  const token = pageTokenOf(orderPageUrl)
  // The order page names the plan, so any browser that opens it asks for the mandate's QR.
  const page = await t.app.inject({ url: `/api/checkout/orders/${orderId}/page?t=${encodeURIComponent(token)}` })
  expect(page.json().pixAutomaticPlanId, page.body).toBe(planId)
  const qr = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token, planId })
  expect(qr.statusCode, qr.body).toBe(200)
  return { orderId: orderId as string, token, qr: qr.json() }
}

/** Orders, pays the QR (the payer's bank app) and answers the subscription it started. */
async function subscribePix(s: Shop, planId: string) {
  const { orderId, token, qr } = await orderWithQr(s, planId)
  expect((await simulate(qr.gatewayId, 'pay')).statusCode).toBe(200)
  await t.drain()
  let sub: { id: string; status: string; method: string } | undefined
  await waitFor(async () => {
    sub = await db()
      .selectFrom('subscriptions')
      .select(['id', 'status', 'method'])
      .where('first_order_id', '=', orderId)
      .executeTakeFirst()
    return Boolean(sub)
  })
  return { ...sub!, orderId, token, gatewayId: qr.gatewayId as string, authorizationId: qr.authorizationId as string }
}

async function detail(s: Shop, id: string) {
  const res = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions/${id}`, headers: s.owner.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** Our side of the mandate's recurring charges (payments' rows), in the order they were sent. */
async function charges(authorizationId: string) {
  const { rows } = await sql<{ due_date: string; retry: number; status: string; gateway_id: string }>`
    select due_date, retry, status, gateway_id from payment_pix_charges where authorization_id = ${authorizationId}
    order by retry, created_at`.execute(db())
  return rows
}
async function sandboxStatus(gatewayId: string) {
  const { rows } = await sql<{ status: string }>`select status from payment_sandbox_pix_charges
    where id = ${gatewayId}`.execute(db())
  return rows[0]?.status
}
async function attempts(subscriptionId: string, cycle: number) {
  const { rows } = await sql<{ status: string; created_at: Date }>`select a.status, a.created_at
    from subscription_attempts a join subscription_cycles c on c.id = a.cycle_id
    where c.subscription_id = ${subscriptionId} and c.number = ${cycle} order by a.number`.execute(db())
  return rows
}
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d)
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString()

describe('subscriptions by PIX Automático with the test clock', () => {
  it('the QR pays cycle 1 (ACTIVE); each later charge is scheduled in D-10..D-2, debited on its date, anchor kept', async () => {
    const { s, planId } = await pixShop()
    const sub = await subscribePix(s, planId)
    expect(sub).toMatchObject({ status: 'ACTIVE', method: 'pix_automatic' })
    await waitFor(async () => (await orderStatus(sub.orderId))?.status === 'PAID')
    expect((await detail(s, sub.id)).currentPeriodEnd).toBe('2027-04-01T12:00:00.000Z')

    // D-11: nothing is sent yet; D-7: the charge for 1 April went out on D-10.
    expect((await moveTo(s, '2027-03-21T11:00:00.000Z')).statusCode).toBe(200)
    expect(await charges(sub.authorizationId)).toEqual([])
    expect((await moveTo(s, '2027-03-25T12:00:00.000Z')).statusCode).toBe(200)
    const [scheduled] = await charges(sub.authorizationId)
    expect(scheduled).toMatchObject({ due_date: '2027-04-01', retry: 0, status: 'SCHEDULED' })
    const [sent] = await attempts(sub.id, 2)
    expect(day(sent!.created_at) >= '2027-03-22' && day(sent!.created_at) <= '2027-03-30').toBe(true)

    // The due date passes: debited, cycle 2 PAID, its order PAID, the period keeps the 1st.
    expect((await moveTo(s, '2027-04-02T12:00:00.000Z')).statusCode).toBe(200)
    expect((await charges(sub.authorizationId))[0]!.status).toBe('PAID')
    const after = await detail(s, sub.id)
    expect(after.status).toBe('ACTIVE')
    expect(after.currentPeriodEnd).toBe('2027-05-01T12:00:00.000Z')
    expect(after.accessUntil).toBe('2027-05-01T12:00:00.000Z')
    const cycle2 = after.cycles.find((c: { number: number }) => c.number === 2)
    expect(cycle2.status).toBe('PAID')
    await t.drain()
    await waitFor(async () => (await orderStatus(cycle2.orderId))?.status === 'PAID')

    // A month later: cycle 3 the same way (scheduled 21 April, debited 1 May).
    expect((await moveTo(s, '2027-05-01T13:00:00.000Z')).statusCode).toBe(200)
    const all = await charges(sub.authorizationId)
    expect(all.map((c) => [c.due_date, c.status])).toEqual([
      ['2027-04-01', 'PAID'],
      ['2027-05-01', 'PAID'],
    ])
    expect((await detail(s, sub.id)).currentPeriodEnd).toBe('2027-06-01T12:00:00.000Z')
  })

  it('a debit refused for lack of funds is retried 3 times within 7 days, then PAST_DUE and the dunning cancel', async () => {
    const { s, planId } = await pixShop()
    const sub = await subscribePix(s, planId)
    expect((await simulate(sub.gatewayId, 'insufficient-funds')).statusCode).toBe(200)
    expect((await moveTo(s, '2027-04-01T13:00:00.000Z')).statusCode).toBe(200)
    // Refused on its date: a retry is out, the subscription still ACTIVE within the BCB's 7 days.
    expect((await charges(sub.authorizationId)).map((c) => [c.due_date, c.retry, c.status])).toEqual([
      ['2027-04-01', 0, 'FAILED'],
      ['2027-04-02', 1, 'SCHEDULED'],
    ])
    expect((await detail(s, sub.id)).status).toBe('ACTIVE')

    expect((await moveTo(s, '2027-04-12T12:00:00.000Z')).statusCode).toBe(200)
    const sent = await charges(sub.authorizationId)
    // Exactly 1 + 3 debits, the last within 7 days of the due date.
    expect(sent.map((c) => [c.due_date, c.retry, c.status])).toEqual([
      ['2027-04-01', 0, 'FAILED'],
      ['2027-04-02', 1, 'FAILED'],
      ['2027-04-04', 2, 'FAILED'],
      ['2027-04-08', 3, 'FAILED'],
    ])
    expect(sent.every((c) => c.due_date <= plusDays('2027-04-01', 7).slice(0, 10))).toBe(true)
    const past = await detail(s, sub.id)
    expect(past.status).toBe('PAST_DUE')
    expect((await attempts(sub.id, 2)).map((a) => a.status)).toEqual(Array(4).fill('SOFT_DECLINED'))

    // The store's dunning (default: cancel 15 days past due): canceled on 16 April, no new debit meanwhile.
    expect((await moveTo(s, '2027-04-17T12:00:00.000Z')).statusCode).toBe(200)
    const ended = await detail(s, sub.id)
    expect(ended.status).toBe('CANCELED')
    expect(await charges(sub.authorizationId)).toHaveLength(4)
  })

  it("the payer's revocation stops every charge; the subscription ends when the paid period ends", async () => {
    const { s, planId } = await pixShop()
    const sub = await subscribePix(s, planId)
    expect((await moveTo(s, '2027-03-25T12:00:00.000Z')).statusCode).toBe(200)
    const [scheduled] = await charges(sub.authorizationId)
    expect(scheduled?.status).toBe('SCHEDULED')

    expect((await simulate(sub.gatewayId, 'revoke')).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => {
      const row = await db()
        .selectFrom('subscriptions')
        .select('cancel_at_period_end')
        .where('id', '=', sub.id)
        .executeTakeFirst()
      return row?.cancel_at_period_end === true
    })
    // Paid until 1 April: access stays until then.
    expect((await detail(s, sub.id)).status).toBe('ACTIVE')
    expect(await sandboxStatus(scheduled!.gateway_id)).toBe('CANCELLED')

    expect((await moveTo(s, '2027-06-05T12:00:00.000Z')).statusCode).toBe(200)
    const ended = await detail(s, sub.id)
    expect(ended.status).toBe('CANCELED')
    expect(ended.accessUntil).toBe('2027-04-01T12:00:00.000Z')
    expect(ended.cycles.filter((c: { status: string }) => c.status === 'PAID')).toHaveLength(1)
    // No debit ever happened after the revocation, and none was sent.
    expect(await charges(sub.authorizationId)).toHaveLength(1)
    expect(await sandboxStatus(scheduled!.gateway_id)).toBe('CANCELLED')
  })

  it('a subscription canceled now has its scheduled charge cancelled and its mandate ended: never debited', async () => {
    const { s, planId } = await pixShop()
    const sub = await subscribePix(s, planId)
    expect((await moveTo(s, '2027-03-25T12:00:00.000Z')).statusCode).toBe(200)
    const [scheduled] = await charges(sub.authorizationId)
    expect(scheduled?.status).toBe('SCHEDULED')
    const cancel = await t.send('POST', `/api/stores/${s.storeId}/subscriptions/${sub.id}/cancel`, s.owner, {
      atPeriodEnd: false,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    await t.drain()
    await waitFor(async () => (await sandboxStatus(scheduled!.gateway_id)) === 'CANCELLED')
    const deps = { db: t.runtime.db, jobs: t.runtime.jobs, config: t.config }
    await waitFor(
      async () =>
        (await paymentsService.pixAuthorizationOf(deps, { storeId: s.storeId, id: sub.authorizationId })).status ===
        'CANCELLED',
    )
    expect((await moveTo(s, '2027-04-05T12:00:00.000Z')).statusCode).toBe(200)
    await paymentsService.advancePixAutomatic(deps, { storeId: s.storeId, now: new Date('2027-04-05T12:00:00.000Z') })
    expect(await sandboxStatus(scheduled!.gateway_id)).toBe('CANCELLED')
    expect((await detail(s, sub.id)).status).toBe('CANCELED')
  })

  it("one store's clock moves only its own authorisations and charges", async () => {
    const a = await pixShop()
    const b = await pixShop()
    const subA = await subscribePix(a.s, a.planId)
    const subB = await subscribePix(b.s, b.planId)
    // Store B also has a QR nobody paid (it expires an hour after it was made, on B's clock).
    const unpaid = await orderWithQr(b.s, b.planId)
    expect((await moveTo(a.s, '2027-03-25T12:00:00.000Z')).statusCode).toBe(200)
    expect((await moveTo(b.s, '2027-03-25T12:00:00.000Z')).statusCode).toBe(200)
    const [chargeB] = await charges(subB.authorizationId)
    expect(chargeB?.status).toBe('SCHEDULED')

    expect((await moveTo(a.s, '2027-04-02T12:00:00.000Z')).statusCode).toBe(200)
    expect((await charges(subA.authorizationId))[0]!.status).toBe('PAID')
    // B's debit is due by A's time, but B's clock has not reached it: nothing of B moved.
    expect(await sandboxStatus(chargeB!.gateway_id)).toBe('SCHEDULED')
    expect((await charges(subB.authorizationId))[0]!.status).toBe('SCHEDULED')
    const deps = { db: t.runtime.db, jobs: t.runtime.jobs, config: t.config }
    const moved = await paymentsService.advancePixAutomatic(deps, {
      storeId: a.s.storeId,
      now: new Date('2027-12-31T12:00:00.000Z'),
    })
    expect(moved.expired).toBe(0)
    const pending = await paymentsService.pixAuthorizationOf(deps, {
      storeId: b.s.storeId,
      id: unpaid.qr.authorizationId,
    })
    expect(pending.status).toBe('PENDING')
    expect(await sandboxStatus(chargeB!.gateway_id)).toBe('SCHEDULED')

    // B's own clock moves B's.
    expect((await moveTo(b.s, '2027-04-02T12:00:00.000Z')).statusCode).toBe(200)
    expect((await charges(subB.authorizationId))[0]!.status).toBe('PAID')
  })

  it('bad input: a tampered token or another order is 404; a plan without PIX Automático is 422', async () => {
    const { s, planId } = await pixShop(['pix_automatic'])
    const { orderId, token } = await orderWithQr(s, planId)
    const tampered = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token: `${token}x`, planId })
    expect(tampered.statusCode).toBe(404)
    expect(tampered.json().message).toBe('Pedido não encontrado')
    const other = await pixShop(['pix'])
    const res = await post('/api/checkout/create-digital-order', digitalOrder(other.s, { planId: other.planId }))
    expect(res.statusCode, res.body).toBe(200)
    const plain = await post(`/api/checkout/orders/${res.json().orderId}/pix-automatic`, {
      token: pageTokenOf(res.json().orderPageUrl),
      planId: other.planId,
    })
    expect(plain.statusCode).toBe(422)
    expect(plain.json().message).toBe('Este plano não aceita Pix Automático')
    // Another store's plan for this order: not found.
    const foreign = await post(`/api/checkout/orders/${orderId}/pix-automatic`, { token, planId: other.planId })
    expect(foreign.statusCode).toBe(404)
  })
})
