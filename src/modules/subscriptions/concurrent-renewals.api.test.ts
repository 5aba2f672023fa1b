/**
 * Five renewals due at once, billed concurrently through the API (issue 36 review): by a sandbox store's test clock
 * moved by five requests at the same moment, and by the worker's scanner (a store without a test clock, the app's
 * clock moved past the due date) run as three billing jobs at once. Either way: five paid cycles, five renewal
 * orders paid, one attempt, one charge of ours and one approved charge at the gateway per subscription — no cycle
 * billed twice, no duplicate order.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { PRIORITY_FLOOR } from '../../platform/jobs'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { BILLING_JOB } from './jobs'
import { SUBSCRIPTION_T0, subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

const clock = controlledClock(SUBSCRIPTION_T0)
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, clock })
})
afterAll(async () => {
  await t?.close()
})

const { shop } = orderingFixtures(() => t)
const { subscriptionShop, subscribeByCard, moveTo } = subscriptionFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const FIVE = 5

async function subscribeFive(s: Shop, planId: string, tag: string) {
  const ids: string[] = []
  for (let i = 0; i < FIVE; i++) {
    const { id, orderStatus } = await subscribeByCard(s, planId, SANDBOX_CARDS.approved, `${tag}${i}@example.com`)
    expect(orderStatus).toBe('PAID')
    ids.push(id)
  }
  return ids
}

/** Cycle 2 of each subscription, with everything billing left behind for it. */
async function cycleTwo(ids: string[]) {
  const { rows } = await sql<{
    subscription_id: string
    status: string
    attempts: string[]
    orders: number
    paid_orders: number
    our_charges: number
    gateway_charges: number
    approved: number
  }>`select c.subscription_id, c.status,
       array(select a.status from subscription_attempts a where a.cycle_id = c.id order by a.number) as attempts,
       (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2) as orders,
       (select count(*)::int from orders o where o.subscription_id = c.subscription_id and o.cycle_number = 2
          and o.status = 'PAID') as paid_orders,
       (select count(*)::int from payment_transactions t where t.order_ref = c.order_id::text) as our_charges,
       (select count(*)::int from payment_sandbox_transactions s where s.metadata->>'orderRef' = c.order_id::text)
          as gateway_charges,
       (select count(*)::int from payment_sandbox_transactions s where s.metadata->>'orderRef' = c.order_id::text
          and s.status = 'PAID') as approved
     from subscription_cycles c where c.subscription_id = any(${ids}::uuid[]) and c.number = 2`.execute(db())
  return rows
}

async function expectFivePaidOnce(s: Shop, ids: string[], periodEnd: string) {
  await t.drain()
  const rows = await cycleTwo(ids)
  expect(rows).toHaveLength(FIVE)
  for (const r of rows)
    expect(r).toMatchObject({
      status: 'PAID',
      attempts: ['PAID'],
      orders: 1,
      paid_orders: 1,
      our_charges: 1,
      gateway_charges: 1,
      approved: 1,
    })
  // Five renewal orders in the store, one per subscription: no duplicate anywhere.
  const { rows: orders } = await sql<{ n: number; subs: number }>`select count(*)::int as n,
      count(distinct subscription_id)::int as subs from orders
    where store_id = ${s.storeId} and cycle_number = 2`.execute(db())
  expect(orders[0]).toEqual({ n: FIVE, subs: FIVE })
  for (const id of ids) {
    const res = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions/${id}`, headers: s.owner.headers })
    expect(res.json()).toMatchObject({ status: 'ACTIVE', currentPeriodEnd: periodEnd })
    expect(res.json().cycles[1]).toMatchObject({ number: 2, status: 'PAID' })
  }
}

describe('five renewals due at once', () => {
  it('test clock moved by five requests at the same moment: five paid cycles, five orders, each charged once', async () => {
    const { s, planId } = await subscriptionShop()
    const ids = await subscribeFive(s, planId, 'clock')
    const target = '2027-02-28T13:00:00.000Z'
    const moves = await Promise.all(Array.from({ length: FIVE }, () => moveTo(s, target)))
    expect(moves.map((m) => m.statusCode)).toEqual(Array(FIVE).fill(200))
    await expectFivePaidOnce(s, ids, '2027-03-31T12:00:00.000Z')
  })

  it("the worker's scanner, three billing jobs at once over a store without a test clock: each cycle billed once", async () => {
    // A store on the sandbox with no test clock: the app's clock (the worker's) is its billing time.
    const s = await shop({ payments: false, shipping: false })
    const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: `sk_sandbox_five_${s.storeId.slice(0, 8)}`,
      methods: ['credit_card'],
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
    clock.set(SUBSCRIPTION_T0)
    const ids = await subscribeFive(s, plan.json().id, 'scanner')
    // Billing first: a run that finds due cycles holds the queue's other jobs to the floor until it ends.
    const queue = t.runtime.jobs as typeof t.runtime.jobs & { concurrency: number }
    const full = queue.concurrency
    const holdBack = queue.holdBack!.bind(queue)
    const held: number[] = []
    let releases = 0
    queue.holdBack = () => {
      const release = holdBack()
      held.push(queue.concurrency)
      return () => {
        releases++
        release()
      }
    }
    // Not due yet: the scanner bills nothing, and holds nothing back.
    await t.runtime.jobs.run(BILLING_JOB, {}, { timeoutMs: 60_000 })
    expect((await cycleTwo(ids)).every((r) => r.attempts.length === 0)).toBe(true)
    expect(held).toEqual([])
    clock.set(new Date('2027-02-28T13:00:00.000Z'))
    await Promise.all(Array.from({ length: 3 }, () => t.runtime.jobs.run(BILLING_JOB, {}, { timeoutMs: 60_000 })))
    expect(held.length).toBeGreaterThan(0)
    for (const limit of held) expect(limit).toBeLessThanOrEqual(PRIORITY_FLOOR + 3)
    expect(releases).toBe(held.length)
    expect(queue.concurrency).toBe(full)
    await expectFivePaidOnce(s, ids, '2027-03-31T12:00:00.000Z')
  })
})
