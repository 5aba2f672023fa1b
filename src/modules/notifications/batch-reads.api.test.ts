/**
 * Issue 33 item 18, the worker's cost per order: a relay pass of order e-mails reads its orders and their charges in
 * one statement each for the whole pass (it read them once per order: 2 round trips of ~0.8 ms CPU each). Counted as
 * the SQL statements the batch handler sends, so a read per order fails here, not in a benchmark. Every order still
 * gets its one message with its own code, and a failed batch read falls back to reading each order.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JobContext, JobQueue, Subscription } from '../../platform/jobs'
import { statementLog } from '../../testing/statement-log'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingService, orderPaid, orderPlaced } from '../ordering'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { notificationsSubscriptions } from './jobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { customer, post, shop, physicalOrder, digitalOrder, card } = orderingFixtures(() => t)

const subscription = <S extends Subscription['event']['schema']>(name: string) => {
  const sub = notificationsSubscriptions.find((x) => x.name === name) as Subscription<S> | undefined
  if (!sub?.batch) throw new Error(`${name} is not a batch subscriber`)
  return sub.batch
}

/** The messages of these orders as the mailbox kept them, one row per delivery of `kind`. */
const messages = (orderIds: string[], kind: string) =>
  sql<{ subject_id: string; state: string; mail_to: string | null; subject: string | null; text_body: string | null }>`
    select d.subject_id, d.state, m.mail_to, m.subject, m.text_body from email_deliveries d
    left join email_mailbox m on m.delivery_id = d.id
    where d.kind = ${kind} and d.subject_id in (${sql.join(orderIds)})`
    .execute(t.runtime.db)
    .then((r) => r.rows)

const orderFacts = (orderIds: string[]) =>
  sql<{ id: string; order_number: number; pix_code: string | null; customer_email: string }>`
    select id, order_number, pix_code, customer_email from orders where id in (${sql.join(orderIds)})`
    .execute(t.runtime.db)
    .then((r) => new Map(r.rows.map((o) => [o.id, o])))

/** The outbox events of these orders, as the relay hands a pass of them to a batch subscriber. */
async function eventsOf<S extends Subscription['event']['schema']>(
  event: { name: string; schema: S },
  orderIds: string[],
) {
  const { rows } = await sql<{ id: string; payload: unknown }>`
    select id, payload from outbox where event = ${event.name} and payload->>'orderId' in (${sql.join(orderIds)})
    order by created_at`.execute(t.runtime.db)
  return rows.map((r) => ({ eventId: r.id, payload: event.schema.parse(r.payload) }))
}

const forget = (orderIds: string[]) =>
  sql`delete from email_deliveries where subject_id in (${sql.join(orderIds)})`.execute(t.runtime.db)

function context(db: JobContext['db']): { ctx: JobContext; enqueued: string[] } {
  const enqueued: string[] = []
  const jobs = { ...t.runtime.jobs, enqueue: async (name: string) => void enqueued.push(name) } as JobQueue
  return { ctx: { db, config: t.config, log: t.runtime.log, jobs, jobId: 'batch-reads', attempt: 1 }, enqueued }
}

let pixOrders: string[] = []
let paidOrders: string[] = []
beforeAll(async () => {
  const s = await shop()
  for (const n of [1, 2, 3, 4, 5]) {
    const email = `lote-pix-${n}@example.com`
    const res = await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
    expect(res.statusCode, res.body).toBe(200)
    pixOrders.push((res.json() as { orderId: string }).orderId)
    const paid = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, {
        customer: { ...customer, email: `lote-pago-${n}@example.com` },
        payment: { ...card, cardNumber: SANDBOX_CARDS.approved },
      }),
    )
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().status).toBe('PAID')
    paidOrders.push(paid.json().orderId as string)
  }
  pixOrders = pixOrders.sort()
  paidOrders = paidOrders.sort()
  // The live worker sends them all first: the test then replays the passes on a database that counts.
  const sentAll = async (ids: string[], kind: string) =>
    (await messages(ids, kind)).filter((m) => m.state === 'SENT').length === ids.length
  await waitFor(async () => (await sentAll(pixOrders, 'order_received')) && sentAll(paidOrders, 'new_sale'), 30_000)
}, 60_000)

/** A message of the batch went out to its order's buyer, naming the order. */
function expectSentToBuyer(
  m: { state: string; mail_to: string | null; subject: string | null },
  order: { customer_email: string; order_number: number },
) {
  expect(m.state).toBe('SENT')
  expect(m.mail_to).toBe(order.customer_email)
  expect(m.subject).toContain(String(order.order_number))
}

describe('a pass of order e-mails, its reads', () => {
  it("reads the pass's orders and their charges once for 'Recebemos seu pedido', each order its message and code", async () => {
    await forget(pixOrders)
    const events = await eventsOf(orderPlaced, pixOrders)
    expect(events).toHaveLength(5)
    const log = statementLog()
    const { ctx, enqueued } = context(t.runtime.db.withPlugin(log.plugin))
    await subscription<typeof orderPlaced.schema>('notifications.order-placed')(events, ctx)

    const all = JSON.stringify(log.statements)
    // 5 each before: one read of the order with its items and one of its charge, per order.
    expect(log.reading('orders'), all).toBe(1)
    expect(log.reading('payment_transactions'), all).toBe(1)
    expect(log.reading('order_items'), all).toBe(0)
    // One memo for the pass: the store's settings once for its five orders (once per order before).
    expect(log.reading('email_settings'), all).toBe(1)
    // All statements of the pass of five: 28 (40 before).
    expect(log.statements.length, all).toBeLessThanOrEqual(28)
    expect(enqueued.filter((n) => n === 'notifications.payment-reminder')).toHaveLength(5)

    const facts = await orderFacts(pixOrders)
    const sent = await messages(pixOrders, 'order_received')
    expect(sent.map((m) => m.subject_id).sort()).toEqual(pixOrders)
    for (const m of sent) {
      const order = facts.get(m.subject_id)!
      expectSentToBuyer(m, order)
      expect(order.pix_code).toBeTruthy()
      expect(m.text_body).toContain(order.pix_code)
      // No other order's code in it: each message is composed from its own page of the batch.
      for (const other of pixOrders.filter((id) => id !== m.subject_id))
        expect(m.text_body).not.toContain(facts.get(other)!.pix_code)
    }
  })

  it("reads the pass's orders and their charges once for 'Pagamento aprovado' and 'Nova venda'", async () => {
    await forget(paidOrders)
    const events = await eventsOf(orderPaid, paidOrders)
    expect(events).toHaveLength(5)
    const log = statementLog()
    const { ctx } = context(t.runtime.db.withPlugin(log.plugin))
    await subscription<typeof orderPaid.schema>('notifications.order-paid')(events, ctx)

    const all = JSON.stringify(log.statements)
    expect(log.reading('orders'), all).toBe(1)
    expect(log.reading('payment_transactions'), all).toBe(1)
    expect(log.reading('order_items'), all).toBe(0)
    // All statements of the pass of five, both messages of each: 60 (68 before).
    expect(log.statements.length, all).toBeLessThanOrEqual(60)

    const facts = await orderFacts(paidOrders)
    const approved = await messages(paidOrders, 'payment_approved')
    expect(approved.map((m) => m.subject_id).sort()).toEqual(paidOrders)
    for (const m of approved) expectSentToBuyer(m, facts.get(m.subject_id)!)
    const newSale = await messages(paidOrders, 'new_sale')
    expect(newSale.map((m) => [m.subject_id, m.state]).sort()).toEqual(paidOrders.map((id) => [id, 'SENT']))
  })

  it('sends every message when the batch read fails, reading each order on its own', async () => {
    await forget(pixOrders)
    const events = await eventsOf(orderPlaced, pixOrders)
    let refused = 0
    const log = statementLog((s) => s.tables.includes('orders') && s.kind === 'SelectQueryNode' && refused++ === 0)
    const { ctx } = context(t.runtime.db.withPlugin(log.plugin))
    await subscription<typeof orderPlaced.schema>('notifications.order-placed')(events, ctx)

    const sent = await messages(pixOrders, 'order_received')
    expect(sent.map((m) => [m.subject_id, m.state]).sort()).toEqual(pixOrders.map((id) => [id, 'SENT']))
    // The refused batch read, then one read per order as before.
    expect(log.reading('orders'), JSON.stringify(log.statements)).toBe(1 + 5)
  })

  it('derives each page of the batch as the single read does', async () => {
    const deps = { db: t.runtime.db, config: t.config, log: t.runtime.log as never, jobs: t.runtime.jobs }
    const missing = '00000000-0000-4000-8000-000000000000'
    const ids = [...pixOrders, ...paidOrders, missing, 'not-a-uuid', pixOrders[0]!]
    // A paid digital order's download link expires a day from now, in seconds: one instant for both reads.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const batch = await orderingService.orderPagesAndSnapshots(deps, ids)
      expect([...batch.keys()].sort()).toEqual([...pixOrders, ...paidOrders].sort())
      for (const id of ids) expect(batch.get(id), id).toEqual(await orderingService.orderPageAndSnapshot(deps, id))
      expect(batch.get(paidOrders[0]!)?.page.digitalAccess).toBeDefined()
    } finally {
      vi.useRealTimers()
    }
    expect((await orderingService.orderPagesAndSnapshots(deps, [])).size).toBe(0)
  })
})
