import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createRuntime, type Runtime } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'
import { defineEvent, publish } from './events'
import { PermanentJobError, subscribe, subscribeBatch } from './jobs'
import type { AppModule } from './module'

const pinged = defineEvent('test.pinged', z.object({ n: z.number() }))

/** A module whose handler records each delivery, and can be told to fail. */
function probe(behaviour: { failTimes?: number; permanent?: boolean } = {}) {
  const calls: { eventId: string; n: number; attempt: number }[] = []
  const mod: AppModule = {
    name: 'probe',
    subscriptions: [
      subscribe(pinged, 'probe.record', async (p, ctx) => {
        calls.push({ eventId: ctx.eventId, n: p.n, attempt: ctx.attempt })
        if (behaviour.permanent) throw new PermanentJobError('never works')
        if (calls.length <= (behaviour.failTimes ?? 0)) throw new Error(`fail #${calls.length}`)
      }),
    ],
  }
  return { calls, mod }
}

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

async function setup(mode: 'redis' | 'in-process') {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const config = testConfig({
    DATABASE_URL: database.url,
    REDIS_URL: mode === 'redis' ? TEST_REDIS : undefined,
    QUEUE_PREFIX: `test-outbox-${crypto.randomUUID().slice(0, 8)}`,
  })
  const start = async (mod: AppModule, opts: { relay?: boolean; workers?: boolean } = {}) => {
    const rt = await createRuntime(config, { extraModules: [mod], workers: opts.workers ?? true, relay: opts.relay })
    cleanup.push(() => rt.close())
    return rt
  }
  return { config, start }
}

async function publishPing(rt: Runtime, n: number) {
  return rt.db.transaction().execute((trx) => publish(trx, pinged, { n }))
}

for (const mode of ['redis', 'in-process'] as const) {
  describe(`outbox and jobs (${mode})`, () => {
    it('delivers a committed event to its handler once', async () => {
      const { start } = await setup(mode)
      const { calls, mod } = probe()
      const rt = await start(mod)
      const id = await publishPing(rt, 1)
      await waitFor(() => calls.length === 1)
      await new Promise((r) => setTimeout(r, 300))
      expect(calls).toEqual([{ eventId: id, n: 1, attempt: 1 }])
    })

    it('does not deliver an event whose transaction rolled back', async () => {
      const { start } = await setup(mode)
      const { calls, mod } = probe()
      const rt = await start(mod)
      await rt.db
        .transaction()
        .execute(async (trx) => {
          await publish(trx, pinged, { n: 2 })
          throw new Error('rollback')
        })
        .catch(() => undefined)
      await rt.relay.flush()
      await new Promise((r) => setTimeout(r, 300))
      expect(calls).toEqual([])
    })

    it('delivers exactly once after a crash between commit and relay', async () => {
      const { start } = await setup(mode)
      const first = probe()
      // Process 1 commits the event and dies before relaying it.
      const rt1 = await start(first.mod, { relay: false, workers: false })
      const id = await publishPing(rt1, 3)
      await rt1.close()
      cleanup.pop()
      // Process 2 starts and relays it.
      const second = probe()
      const rt2 = await start(second.mod)
      await waitFor(() => second.calls.length === 1)
      // A relay that re-sends the same event (crash after enqueue, before marking) is a no-op.
      await rt2.db.updateTable('outbox').set({ relayed_at: null }).where('id', '=', id).execute()
      await rt2.relay.flush()
      await new Promise((r) => setTimeout(r, 400))
      expect(second.calls.map((c) => c.eventId)).toEqual([id])
      expect(first.calls).toEqual([])
    })

    it('retries a failing handler with backoff until it succeeds', async () => {
      const { start } = await setup(mode)
      const { calls, mod } = probe({ failTimes: 2 })
      const rt = await start(mod)
      await publishPing(rt, 4)
      await waitFor(() => calls.length === 3)
      expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3])
      await new Promise((r) => setTimeout(r, 200))
      expect(await rt.jobs.failed()).toEqual([])
    })

    it('keeps a job that keeps failing as failed, not lost', async () => {
      const { start, config } = await setup(mode)
      const { calls, mod } = probe({ failTimes: 99 })
      const rt = await start(mod)
      const id = await publishPing(rt, 5)
      await waitFor(async () => (await rt.jobs.failed()).length === 1)
      expect(calls).toHaveLength(config.JOB_ATTEMPTS)
      const [failed] = await rt.jobs.failed()
      expect(failed).toMatchObject({ id: `${id}__probe.record`, name: 'probe.record', attempts: config.JOB_ATTEMPTS })
      expect(failed.error).toContain('fail #')
    })

    it('fails a permanent error at once', async () => {
      const { start } = await setup(mode)
      const { calls, mod } = probe({ permanent: true })
      const rt = await start(mod)
      await publishPing(rt, 6)
      await waitFor(async () => (await rt.jobs.failed()).length === 1)
      expect(calls).toHaveLength(1)
    })

    it('runs a job and hands its result to a waiting caller', async () => {
      const { start } = await setup(mode)
      const { mod } = probe()
      mod.jobs = [{ name: 'probe.double', handler: async (data) => (data as { x: number }).x * 2 }]
      const rt = await start(mod)
      await expect(rt.jobs.run<number>('probe.double', { x: 21 }, { timeoutMs: 5000 })).resolves.toBe(42)
    })

    it('hands a batch subscriber the events of a relay pass as one job, and skips events nobody needs', async () => {
      const { start } = await setup(mode)
      const batches: number[][] = []
      const even: number[] = []
      const mod: AppModule = {
        name: 'probe',
        subscriptions: [
          subscribeBatch(pinged, 'probe.batch', async (events) => void batches.push(events.map((e) => e.payload.n))),
          subscribe(pinged, 'probe.even', async (p) => void even.push(p.n), {
            relevant: (events) => events.map((e) => e.n % 2 === 0),
          }),
        ],
      }
      // Five commits while no process relays: the next relay pass finds them together.
      const rt1 = await start(mod, { relay: false, workers: false })
      for (let n = 1; n <= 5; n++) await publishPing(rt1, n)
      await rt1.close()
      cleanup.pop()
      await start(mod)
      await waitFor(() => batches.length === 1 && even.length === 2)
      await new Promise((r) => setTimeout(r, 300))
      expect(batches).toEqual([[1, 2, 3, 4, 5]])
      expect(even.sort()).toEqual([2, 4])
    })
  })
}
