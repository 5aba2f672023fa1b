/**
 * 'Pagamento aprovado' and 'Nova venda aprovada' run as one job per relay pass (issue 36: a renewal day pays thousands
 * of orders within minutes, each of which was a job of its own). One order's failure must not keep the others'
 * messages back, and must fail the job so the queue retries it; the retry sends nothing twice.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue, Subscription } from '../../platform/jobs'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderPaid } from '../ordering'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { notificationsSubscriptions, parallelOf } from './jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { customer, post, shop, digitalOrder, card } = orderingFixtures(() => t)

const sent = (orderIds: string[]) =>
  sql<{ subject_id: string; kind: string; n: number }>`select subject_id, kind, count(*)::int as n
    from email_deliveries where subject_id in (${sql.join(orderIds)}) and state = 'SENT'
    group by subject_id, kind order by subject_id, kind`
    .execute(t.runtime.db)
    .then((r) => r.rows)

describe('order paid, a batch of orders', () => {
  it('sends every paid order both messages when one event of the batch fails, then fails the job; a retry sends nothing twice', async () => {
    const s = await shop()
    const orderIds: string[] = []
    for (const email of ['pago-a@example.com', 'pago-b@example.com', 'pago-c@example.com']) {
      const res = await post(
        '/api/checkout/create-digital-order',
        digitalOrder(s, { customer: { ...customer, email }, payment: { ...card, cardNumber: SANDBOX_CARDS.approved } }),
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().status).toBe('PAID')
      orderIds.push(res.json().orderId as string)
    }
    const both = orderIds.flatMap((id) => [
      { subject_id: id, kind: 'new_sale', n: 1 },
      { subject_id: id, kind: 'payment_approved', n: 1 },
    ])
    const expected = both.sort((a, b) => a.subject_id.localeCompare(b.subject_id) || a.kind.localeCompare(b.kind))
    await waitFor(async () => (await sent(orderIds)).length === 6, 20_000)
    await sql`delete from email_deliveries where subject_id in (${sql.join(orderIds)})`.execute(t.runtime.db)

    const { rows } = await sql<{ id: string; payload: unknown }>`
      select id, payload from outbox where event = 'order.paid' and payload->>'orderId' in (${sql.join(orderIds)})
      order by created_at`.execute(t.runtime.db)
    expect(rows).toHaveLength(3)
    const sub = notificationsSubscriptions.find((x) => x.name === 'notifications.order-paid') as Subscription<
      typeof orderPaid.schema
    >
    expect(sub.batch).toBeDefined()
    const events = rows.map((r) => ({ eventId: r.id, payload: orderPaid.schema.parse(r.payload) }))
    // An event whose store cannot be read (its settings' query fails) comes first in the pass.
    const broken = { ...events[0]!, eventId: 'broken', payload: { ...events[0]!.payload, storeId: 'not-a-uuid' } }
    const ctx = { db: t.runtime.db, config: t.config, log: t.runtime.log, jobs: t.runtime.jobs, jobId: 'b', attempt: 1 }
    await expect(sub.batch!([broken, ...events], ctx)).rejects.toThrow()
    expect(await sent(orderIds)).toEqual(expected)

    // The queue's retry of the same pass (the broken event aside): nothing goes out a second time.
    await sub.batch!(events, ctx)
    expect(await sent(orderIds)).toEqual(expected)
    const { rows: copies } = await sql<{ n: number }>`select count(*)::int as n from email_mailbox m
      join email_deliveries d on d.id = m.delivery_id where d.subject_id in (${sql.join(orderIds)})`.execute(
      t.runtime.db,
    )
    expect(copies[0]!.n).toBe(6)
  })
})

describe("a batch's orders at once", () => {
  it('takes four while the worker is free, one at a time while billing holds it back', () => {
    const jobs = (held: boolean) => ({ jobs: { heldBack: () => held } as unknown as JobQueue })
    expect(parallelOf(jobs(false), 30)).toBe(4)
    expect(parallelOf(jobs(false), 2)).toBe(2)
    expect(parallelOf(jobs(true), 30)).toBe(1)
  })
})
