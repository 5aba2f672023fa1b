import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createRuntime, type Runtime } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'
import { defineEvent, publish } from './events'
import { subscribe } from './jobs'
import type { AppModule } from './module'
import { purgeOld } from './retention'

const rang = defineEvent('test.rang', z.object({ n: z.number() }))
/** Far longer than any test: a delivery can only come from the commit's notification. */
const NO_POLL = 3_600_000

function probe() {
  const delivered: number[] = []
  const ticks: number[] = []
  const mod: AppModule = {
    name: 'probe',
    subscriptions: [subscribe(rang, 'probe.rang', async (p) => void delivered.push(p.n))],
    jobs: [{ name: 'probe.tick', everyMs: 300, handler: async () => void ticks.push(Date.now()) }],
  }
  return { delivered, ticks, mod }
}

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

async function start(mode: 'redis' | 'in-process' | 'pglite', mod: AppModule): Promise<Runtime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relay-wake-'))
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  let url: string | undefined
  if (mode !== 'pglite') {
    const database = await createDatabase()
    cleanup.push(() => database.drop())
    url = database.url
  }
  const config = testConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    REDIS_URL: mode === 'redis' ? TEST_REDIS : undefined,
    QUEUE_PREFIX: `test-wake-${crypto.randomUUID().slice(0, 8)}`,
  })
  const rt = await createRuntime(config, { extraModules: [mod], workers: true, relayPollMs: NO_POLL })
  cleanup.push(() => rt.close())
  return rt
}

for (const mode of ['redis', 'in-process', 'pglite'] as const) {
  describe(`outbox relay woken by the commit (${mode})`, () => {
    it('delivers committed events without its poll, and runs a scheduled job once per period', async () => {
      const { delivered, ticks, mod } = probe()
      const rt = await start(mode, mod)
      await rt.db.transaction().execute((trx) => publish(trx, rang, { n: 1 }))
      await waitFor(() => delivered.length === 1)
      // A burst of commits, each waking the relay.
      await Promise.all([2, 3, 4, 5].map((n) => rt.db.transaction().execute((trx) => publish(trx, rang, { n }))))
      await waitFor(() => delivered.length === 5)
      expect(delivered.sort()).toEqual([1, 2, 3, 4, 5])
      // The relay marks a row relayed after queueing its job, so a fast worker can deliver before the mark commits.
      const pending = () => rt.db.selectFrom('outbox').select('id').where('relayed_at', 'is', null).execute()
      await waitFor(async () => (await pending()).length === 0)
      expect(await pending()).toEqual([])

      await waitFor(() => ticks.length >= 2)
    }, 120_000)
  })
}

describe('retention', () => {
  it('purges sent events and finished jobs past their age, never pending ones', async () => {
    const { mod } = probe()
    const rt = await start('in-process', mod)
    const { db } = rt
    await rt.relay.stop()
    await rt.jobs.close()
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600_000)
    await db
      .insertInto('outbox')
      .values([
        { event: 'old.sent', payload: '{}', relayed_at: daysAgo(8) },
        { event: 'recent.sent', payload: '{}', relayed_at: daysAgo(1) },
        { event: 'old.pending', payload: '{}', relayed_at: null, created_at: daysAgo(30) },
      ])
      .execute()
    const job = (id: string, status: 'waiting' | 'completed' | 'failed', updatedDaysAgo: number) => ({
      id,
      name: 'x',
      data: '{}',
      status,
      run_at: daysAgo(updatedDaysAgo),
      updated_at: daysAgo(updatedDaysAgo),
    })
    await db
      .insertInto('jobs')
      .values([
        job('done-old', 'completed', 0.1),
        job('done-now', 'completed', 0),
        job('failed-old', 'failed', 40),
        job('failed-recent', 'failed', 1),
        job('waiting-old', 'waiting', 40),
      ])
      .execute()
    await db.deleteFrom('outbox').where('event', 'not in', ['old.sent', 'recent.sent', 'old.pending']).execute()
    await db.deleteFrom('jobs').where('name', '!=', 'x').execute()

    expect(await purgeOld(db)).toEqual({ outbox: 1, jobs: 2 })
    const events = await db.selectFrom('outbox').select('event').orderBy('event').execute()
    expect(events.map((e) => e.event)).toEqual(['old.pending', 'recent.sent'])
    const jobs = await db.selectFrom('jobs').select('id').orderBy('id').execute()
    expect(jobs.map((j) => j.id)).toEqual(['done-now', 'failed-recent', 'waiting-old'])
  }, 60_000)
})
