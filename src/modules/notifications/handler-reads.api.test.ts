/**
 * Issue 33 item 18, the worker's cost per order: the 'Recebemos seu pedido' handler reads the order page once and the
 * store's e-mail settings once (it read each twice: the handler's check, then the message's compose and Reply-To).
 * Counted as the SQL statements the handler sends, so a doubled read fails here, not in a benchmark.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue, Subscription } from '../../platform/jobs'
import { followChanges, SettingsCache } from '../../platform/settings-cache'
import { statementLog } from '../../testing/statement-log'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderPlaced } from '../ordering'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { notificationsSubscriptions } from './jobs'
import { findSettings } from './repository'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { customer, post, shop, physicalOrder } = orderingFixtures(() => t)

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
    // The order page and the snapshot the message lists its lines from come from one read of the order with its
    // items (2 reads before, 5 before that). The message is kept in the mailbox with its delivery settled as sent in
    // one statement (3 before). All statements: 8 (10 before, 13 and 18 before that).
    const all = JSON.stringify(log.statements)
    expect(log.reading('orders'), all).toBe(1)
    expect(log.reading('order_items'), all).toBe(0)
    expect(log.statements.length, all).toBeLessThanOrEqual(8)

    // A worker keeps the store's look and e-mail settings across its jobs (platform/settings-cache.ts): the next
    // message of the same store reads neither, until a save of the settings says they changed.
    const settings = new SettingsCache(60_000)
    const unfollow = await followChanges(settings, t.runtime.dbHandle, t.runtime.log)
    try {
      const run = async () => {
        await sql`delete from email_deliveries where subject_id = ${orderId} and kind = 'order_received'`.execute(
          t.runtime.db,
        )
        const runLog = statementLog()
        await sub.handler(orderPlaced.schema.parse(rows[0].payload), {
          db: t.runtime.db.withPlugin(runLog.plugin),
          config: t.config,
          log: t.runtime.log,
          jobs,
          jobId: 'reads-test',
          attempt: 1,
          eventId: rows[0].id,
          settings,
        })
        expect((await delivery(orderId))?.state).toBe('SENT')
        return runLog
      }
      const storeReads = (l: ReturnType<typeof statementLog>) =>
        l.reading('email_settings') + l.reading('stores') + l.reading('checkout_customizations')
      expect(storeReads(await run())).toBe(3)
      const cached = await run()
      expect(storeReads(cached), JSON.stringify(cached.statements)).toBe(0)
      expect(cached.statements.length, JSON.stringify(cached.statements)).toBeLessThanOrEqual(5)
      // The merchant turns 'pedido recebido' off: the save's notification empties the cache, and the next run
      // reads the settings again and sends nothing.
      await sql`insert into email_settings (store_id, disabled_kinds) values (${s.storeId}, ${['order_received']})
        on conflict (store_id) do update set disabled_kinds = excluded.disabled_kinds`.execute(t.runtime.db)
      await waitFor(async () => {
        let loaded = false
        await settings.get(`email-settings:${s.storeId}`, async () => {
          loaded = true
          return findSettings(t.runtime.db, s.storeId)
        })
        return loaded
      }, 10_000)
      await sql`delete from email_deliveries where subject_id = ${orderId} and kind = 'order_received'`.execute(
        t.runtime.db,
      )
      await sub.handler(orderPlaced.schema.parse(rows[0].payload), {
        db: t.runtime.db,
        config: t.config,
        log: t.runtime.log,
        jobs,
        jobId: 'reads-test',
        attempt: 1,
        eventId: rows[0].id,
        settings,
      })
      expect(await delivery(orderId)).toBeUndefined()
    } finally {
      await unfollow()
    }
  })
})
