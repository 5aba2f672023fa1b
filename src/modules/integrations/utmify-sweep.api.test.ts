import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { FakeUtmify } from '../../testing/fake-utmify'
import { type TestApp, waitFor } from '../../testing/test-app'
import { UTMIFY_SWEEP_JOB } from './jobs'
import { staleDeliveries } from './service'
import { utmifyFixtures, utmifySuite } from './utmify-fixtures'

let t: TestApp
let fake: FakeUtmify
utmifySuite((s) => ({ t, fake } = s))
const fixtures = utmifyFixtures(() => t)

async function shopWithOrder() {
  const shop = await fixtures.shop({ storeName: 'Loja', sandboxKey: 'sk_sandbox_sweep_0001' })
  return (await fixtures.placeOrder(shop)).orderId
}

const row = (orderId: string) =>
  t.runtime.db.selectFrom('utmify_deliveries').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()
const callsFor = (orderId: string) => fake.calls.filter((c) => c.body.orderId === orderId).length
/** The state a worker killed mid-call leaves behind: SENDING, claimed `agoMs` ago, never settled. */
const dieWhileSending = (orderId: string, agoMs: number) =>
  sql`update utmify_deliveries set state = 'SENDING', sent_at = null,
        claimed_at = now() - (${agoMs} * interval '1 millisecond') where order_id = ${orderId}`.execute(t.runtime.db)
const sweep = () => t.runtime.jobs.run(UTMIFY_SWEEP_JOB, {}, { timeoutMs: 10_000 })

describe('UTMify stale-claim sweeper', () => {
  it("re-queues a dead worker's delivery once, leaves a fresh claim alone and never resends a settled one", async () => {
    const orderId = await shopWithOrder()
    await t.drain()
    await waitFor(async () => (await row(orderId).catch(() => undefined))?.state === 'SENT', 30_000)
    expect(callsFor(orderId)).toBe(1)

    // A claim younger than the stale window may still be a live worker's call: not swept.
    await dieWhileSending(orderId, 1000)
    expect((await staleDeliveries(t.runtime)).some((d) => d.row.order_id === orderId)).toBe(false)

    await dieWhileSending(orderId, t.config.DELIVERY_CLAIM_STALE_MS + 1000)
    await sweep()
    await sweep()
    await waitFor(async () => (await row(orderId).catch(() => undefined))?.state === 'SENT', 30_000)
    expect(callsFor(orderId)).toBe(2)
    expect((await row(orderId)).attempts).toBe(2)

    // Settled: a later sweep finds nothing to send.
    await sweep()
    expect((await staleDeliveries(t.runtime)).length).toBe(0)
    expect(callsFor(orderId)).toBe(2)
  })
})
