/**
 * Issue 33 item 18, the worker's cost per order: the 'Recebemos seu pedido' handler reads the order page once and the
 * store's e-mail settings once (it read each twice: the handler's check, then the message's compose and Reply-To).
 * Counted as the SQL statements the handler sends, so a doubled read fails here, not in a benchmark.
 */
import { type KyselyPlugin, sql } from 'kysely'
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

/** Every statement's kind and the tables it names, in order (a Kysely plugin sees each before it runs). */
function statementLog() {
  const statements: { kind: string; tables: string[] }[] = []
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const tables = new Set<string>()
      JSON.stringify(node, (key, value) => {
        if (key === 'table' && value?.identifier?.name) tables.add(value.identifier.name)
        return value
      })
      statements.push({ kind: node.kind, tables: [...tables] })
      return node
    },
    transformResult: async ({ result }) => result,
  }
  const reading = (table: string) =>
    statements.filter((s) => s.kind === 'SelectQueryNode' && s.tables.includes(table)).length
  return { plugin, statements, reading }
}

const delivery = (orderId: string) =>
  sql<{ state: string }>`select state from email_deliveries where subject_id = ${orderId} and kind = 'order_received'`
    .execute(t.runtime.db)
    .then((r) => r.rows[0])

describe('order received, its reads', () => {
  it('sends the PIX order its message reading the order page once and the e-mail settings once', async () => {
    const s = await shop()
    const email = 'leituras@example.com'
    const res = await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
    expect(res.statusCode, res.body).toBe(200)
    const { orderId } = res.json() as { orderId: string }
    await waitFor(async () => (await delivery(orderId))?.state === 'SENT', 20_000)

    // The same event again, on a database that counts, with the first message forgotten so the handler sends it anew.
    await sql`delete from email_deliveries where subject_id = ${orderId} and kind = 'order_received'`.execute(
      t.runtime.db,
    )
    const { rows } = await sql<{ id: string; payload: unknown }>`
      select id, payload from outbox where event = 'order.placed' and payload->>'orderId' = ${orderId}`.execute(
      t.runtime.db,
    )
    const sub = notificationsSubscriptions.find((x) => x.name === 'notifications.order-placed') as Subscription<
      typeof orderPlaced.schema
    >
    const log = statementLog()
    const enqueued: string[] = []
    const jobs = { ...t.runtime.jobs, enqueue: async (name: string) => void enqueued.push(name) } as JobQueue
    await sub.handler(orderPlaced.schema.parse(rows[0].payload), {
      db: t.runtime.db.withPlugin(log.plugin),
      config: t.config,
      log: t.runtime.log,
      jobs,
      jobId: 'reads-test',
      attempt: 1,
      eventId: rows[0].id,
    })

    expect((await delivery(orderId))?.state).toBe('SENT')
    // The PIX reminder is scheduled by the same run: the handler went the whole way.
    expect(enqueued).toContain('notifications.payment-reminder')
    expect(log.reading('email_settings')).toBe(1)
    // The order page reads the order with its items in one statement (beside its charge), and so does the snapshot
    // the message lists its lines from: 2 reads of the order, none of its items alone (5 and 2 before, when the page
    // read the order twice and each reader its items apart). All statements: 10 (13 before, 18 before that).
    const all = JSON.stringify(log.statements)
    expect(log.reading('orders'), all).toBe(2)
    expect(log.reading('order_items'), all).toBe(0)
    expect(log.statements.length, all).toBeLessThanOrEqual(10)
  })
})
