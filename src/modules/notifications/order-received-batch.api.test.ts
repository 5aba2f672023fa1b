/**
 * 'Recebemos seu pedido' runs as one job per relay pass (issue 33 item 18: a job per order cost the queue ~35 Redis
 * commands each). One order's failure must not keep the others' messages back, and must fail the job so the queue
 * retries it; the retry skips what was sent.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue, Subscription } from '../../platform/jobs'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderPlaced } from '../ordering'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { notificationsSubscriptions } from './jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { customer, post, shop, physicalOrder } = orderingFixtures(() => t)

const sent = (orderId: string) =>
  sql<{ n: number }>`select count(*)::int as n from email_deliveries
    where subject_id = ${orderId} and kind = 'order_received' and state = 'SENT'`
    .execute(t.runtime.db)
    .then((r) => r.rows[0].n)

describe('order received, a batch of orders', () => {
  it('sends every order its message when one of them fails, then fails the job; a retry sends nothing twice', async () => {
    const s = await shop()
    const orderIds: string[] = []
    for (const email of ['lote-a@example.com', 'lote-b@example.com', 'lote-c@example.com']) {
      const res = await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
      expect(res.statusCode, res.body).toBe(200)
      orderIds.push((res.json() as { orderId: string }).orderId)
    }
    for (const id of orderIds) await waitFor(async () => (await sent(id)) === 1, 20_000)
    await sql`delete from email_deliveries where kind = 'order_received' and subject_id in (${sql.join(orderIds)})`.execute(
      t.runtime.db,
    )
    const { rows } = await sql<{ id: string; payload: unknown }>`
      select id, payload from outbox where event = 'order.placed' and payload->>'orderId' in (${sql.join(orderIds)})
      order by created_at`.execute(t.runtime.db)
    expect(rows).toHaveLength(3)
    const sub = notificationsSubscriptions.find((x) => x.name === 'notifications.order-placed') as Subscription<
      typeof orderPlaced.schema
    >
    expect(sub.batch).toBeDefined()
    // The first order's reminder cannot be scheduled (Redis hiccup): its run fails after its message went out.
    const first = orderIds[0]
    const jobs = {
      ...t.runtime.jobs,
      enqueue: async (_name: string, data: unknown) => {
        if ((data as { orderId: string }).orderId === first) throw new Error('redis down')
      },
    } as JobQueue
    const events = rows.map((r) => ({ eventId: r.id, payload: orderPlaced.schema.parse(r.payload) }))
    const ctx = { db: t.runtime.db, config: t.config, log: t.runtime.log, jobs, jobId: 'batch-test', attempt: 1 }
    await expect(sub.batch!(events, ctx)).rejects.toThrow('redis down')
    for (const id of orderIds) expect(await sent(id), id).toBe(1)

    // The queue's retry of the same batch: the reminder is scheduled now, and no message goes out a second time.
    await sub.batch!(events, { ...ctx, jobs: { ...t.runtime.jobs, enqueue: async () => undefined } as JobQueue })
    for (const id of orderIds) expect(await sent(id), id).toBe(1)
    const { rows: copies } = await sql<{ n: number }>`select count(*)::int as n from email_mailbox m
      join email_deliveries d on d.id = m.delivery_id
      where d.kind = 'order_received' and d.subject_id in (${sql.join(orderIds)})`.execute(t.runtime.db)
    expect(copies[0].n).toBe(3)
  })
})
