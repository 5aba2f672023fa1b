/**
 * The card renewal's combined writes (the renewals bench's fast path): the attempt written in one statement only
 * while the cycle is still the biller's and its subscription may be billed (a cancel that came after the biller's read
 * wins), one key one attempt, a dead worker's PENDING attempt marked UNKNOWN; a paid attempt settling the cycle once
 * (a second settle, as when the order's news came first, neither announces nor schedules again); the renewal order
 * placed once per cycle.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingService } from '../ordering'
import type { Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { beginCardAttempt, type CycleRow, type SubscriptionRow, settleAttemptPaid } from './lifecycle'
import { subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const db = () => t.runtime.db as unknown as Db
const { subscriptionShop, subscribeByCard } = subscriptionFixtures(() => t)

/** A card subscriber whose cycle 2 is claimed (PENDING), as the scanner leaves it; answers its rows. */
async function claimedRenewal(s: Shop, planId: string, email: string) {
  const { id } = await subscribeByCard(s, planId, SANDBOX_CARDS.approved, email)
  await db()
    .updateTable('subscription_cycles')
    .set({ status: 'PENDING' })
    .where('subscription_id', '=', id)
    .where('number', '=', 2)
    .execute()
  return rows(id)
}

async function rows(id: string): Promise<{ sub: SubscriptionRow; cycle: CycleRow }> {
  const sub = await db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const cycle = await db()
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', id)
    .where('number', '=', 2)
    .executeTakeFirstOrThrow()
  return { sub, cycle }
}

const attemptsOf = (cycleId: string) =>
  db().selectFrom('subscription_attempts').selectAll().where('cycle_id', '=', cycleId).orderBy('number').execute()

async function renewalOrder(sub: SubscriptionRow) {
  return orderingService.placeRenewalOrder(db() as never, {
    fromOrderId: sub.first_order_id,
    storeId: sub.store_id,
    subscriptionId: sub.id,
    cycleNumber: 2,
    amountCents: Number(sub.price_cents),
    paymentMethod: 'CREDIT_CARD',
  })
}

describe('card renewal writes', () => {
  it('the attempt is written only while the cycle is claimed and the subscription billable; one per key', async () => {
    const { s, planId } = await subscriptionShop()
    const at = new Date('2027-02-28T12:00:00.000Z')
    const { sub, cycle } = await claimedRenewal(s, planId, 'ana@example.com')
    const order = await renewalOrder(sub)
    // Placed once per cycle: asking again answers the same order.
    expect((await renewalOrder(sub)).orderId).toBe(order.orderId)
    const again = await sql<{ n: number }>`select count(*)::int as n from orders
      where subscription_id = ${sub.id} and cycle_number = 2`.execute(db())
    expect(again.rows[0]!.n).toBe(1)
    expect(order).toMatchObject({ status: 'PENDING', totalCents: 4990, customer: { email: 'ana@example.com' } })

    // Canceled after the biller read it ACTIVE: no attempt, so no gateway call.
    await db().updateTable('subscriptions').set({ status: 'CANCELED' }).where('id', '=', sub.id).execute()
    const input = { number: 1, transactionId: randomUUID(), orderId: order.orderId, at }
    expect(await beginCardAttempt(db(), sub, cycle, input)).toBeUndefined()
    // Canceled at the end of a period already over: neither.
    await db()
      .updateTable('subscriptions')
      .set({ status: 'ACTIVE', cancel_at_period_end: true, current_period_end: at })
      .where('id', '=', sub.id)
      .execute()
    expect(await beginCardAttempt(db(), sub, cycle, input)).toBeUndefined()
    // The cycle no longer the biller's (a cancel canceled it): neither.
    await db()
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: false, current_period_end: sub.current_period_end })
      .where('id', '=', sub.id)
      .execute()
    await db().updateTable('subscription_cycles').set({ status: 'CANCELED' }).where('id', '=', cycle.id).execute()
    expect(await beginCardAttempt(db(), sub, cycle, input)).toBeUndefined()
    expect(await attemptsOf(cycle.id)).toHaveLength(0)

    await db().updateTable('subscription_cycles').set({ status: 'PENDING' }).where('id', '=', cycle.id).execute()
    const first = await beginCardAttempt(db(), sub, cycle, input)
    expect(first?.id).toBeTruthy()
    // The same key again (another scanner): not written, so that one must not call the gateway.
    expect(await beginCardAttempt(db(), sub, cycle, input)).toBeUndefined()
    const attempts = await attemptsOf(cycle.id)
    // Its charge's id is written with it, before any gateway call (a crash is read back by it).
    expect(attempts.map((a) => [a.number, a.status, a.idempotency_key, a.transaction_id])).toEqual([
      [1, 'PENDING', `${sub.id}:2:1`, input.transactionId],
    ])
    const linked = await rows(sub.id)
    expect(linked.cycle.order_id).toBe(order.orderId)
  })

  it('a paid attempt settles the cycle once: ACTIVE, access + grace, the next cycle on the anchor, one webhook', async () => {
    const { s, planId } = await subscriptionShop()
    await t.send('PUT', `/api/stores/${s.storeId}/dunning`, s.owner, {
      retryDays: [1, 3, 7],
      cancelAfterDays: 15,
      graceDays: 2,
    })
    const at = new Date('2027-03-01T12:00:00.000Z')
    const { sub, cycle } = await claimedRenewal(s, planId, 'bia@example.com')
    // Fell PAST_DUE on this cycle meanwhile: a paid attempt revives it.
    await db()
      .updateTable('subscriptions')
      .set({ status: 'PAST_DUE', past_due_since: cycle.due_at })
      .where('id', '=', sub.id)
      .execute()
    const order = await renewalOrder(sub)
    const written = randomUUID()
    const attempt = (await beginCardAttempt(db(), sub, cycle, {
      number: 1,
      transactionId: written,
      orderId: order.orderId,
      at,
    }))!
    // An answer read back without naming the charge: the attempt keeps the id it was written with.
    const paid = { attemptId: attempt.id, transactionId: null, orderId: null, at }
    expect(await settleAttemptPaid(db(), sub, cycle, paid)).toBe(true)
    // Settled already (the order's news came first, or a second biller): nothing more.
    expect(await settleAttemptPaid(db(), sub, cycle, paid)).toBe(false)

    const after = await rows(sub.id)
    expect(after.sub).toMatchObject({ status: 'ACTIVE', past_due_since: null })
    expect(after.sub.current_period_end.toISOString()).toBe('2027-03-31T12:00:00.000Z')
    expect(after.sub.access_until?.toISOString()).toBe('2027-04-02T12:00:00.000Z')
    expect(after.cycle).toMatchObject({
      status: 'PAID',
      next_attempt_at: null,
      lease_until: null,
      order_id: order.orderId,
    })
    expect((await attemptsOf(cycle.id)).map((a) => [a.status, a.transaction_id])).toEqual([['PAID', written]])
    const next = await db()
      .selectFrom('subscription_cycles')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .where('number', '=', 3)
      .executeTakeFirstOrThrow()
    expect(next).toMatchObject({ status: 'SCHEDULED', amount_cents: 4990 })
    expect([next.period_start, next.period_end, next.next_attempt_at].map((d) => d?.toISOString())).toEqual([
      '2027-03-31T12:00:00.000Z',
      '2027-04-30T12:00:00.000Z',
      '2027-03-31T12:00:00.000Z',
    ])
    const events = await db()
      .selectFrom('subscription_events')
      .select(['type', 'data'])
      .where('subscription_id', '=', sub.id)
      .where('type', '=', 'renewed')
      .execute()
    expect(events).toEqual([{ type: 'renewed', data: { cycle: 2, amountCents: 4990 } }])
    const announced = await sql<{ payload: { type: string; status: string; cycleNumber: number } }>`
      select payload from outbox where event = 'subscription.changed' and payload->>'subscriptionId' = ${sub.id}
        and payload->>'type' = 'subscription.renewed'`.execute(db())
    expect(announced.rows.map((r) => r.payload)).toMatchObject([{ status: 'ACTIVE', cycleNumber: 2 }])
  })

  it('the last cycle of a capped plan schedules none after it', async () => {
    const { s, planId } = await subscriptionShop({ maxCycles: 2 })
    const { sub, cycle } = await claimedRenewal(s, planId, 'caio@example.com')
    const order = await renewalOrder(sub)
    const at = new Date('2027-02-28T12:00:00.000Z')
    const attempt = (await beginCardAttempt(db(), sub, cycle, {
      number: 1,
      transactionId: randomUUID(),
      orderId: order.orderId,
      at,
    }))!
    expect(
      await settleAttemptPaid(db(), sub, cycle, {
        attemptId: attempt.id,
        transactionId: null,
        orderId: order.orderId,
        at,
      }),
    ).toBe(true)
    const cycles = await db()
      .selectFrom('subscription_cycles')
      .select('number')
      .where('subscription_id', '=', sub.id)
      .execute()
    expect(cycles.map((c) => c.number).sort()).toEqual([1, 2])
  })
})
