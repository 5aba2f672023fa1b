/**
 * A stop whose deadline passes with a job still running (a due day's billing run, a slow webhook) ends within the
 * deadline and a short grace: the job keeps its database connection, and closing the pool used to wait for it to be
 * given back — a stopped worker stayed alive for minutes. The job is left to the stall check (stalled.test.ts).
 */

import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, expect, it } from 'vitest'
import { createRuntime, FORCED_CLOSE_GRACE_MS } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

it('a forced stop does not wait for a running job to give its connection back', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const prefix = `test-forced-${crypto.randomUUID().slice(0, 8)}`
  const config = testConfig({ DATABASE_URL: database.url, REDIS_URL: TEST_REDIS, QUEUE_PREFIX: prefix })
  let started = false
  const rt = await createRuntime(config, {
    workers: true,
    extraModules: [
      {
        name: 'probe',
        jobs: [
          {
            name: 'probe.long',
            attempts: 1,
            handler: async (_data, ctx) => {
              started = true
              // Holds a pooled connection far longer than the test would wait.
              await sql`select pg_sleep(120)`.execute(ctx.db)
            },
          },
        ],
      },
    ],
  })
  cleanup.push(async () => {
    // The sleeping statement outlives the stop: end it so the database can be dropped.
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`)
    await admin.end()
  })
  await rt.jobs.enqueue('probe.long', {})
  await waitFor(() => started, 20_000)

  const stopping = rt.stop(200)
  const outcome = await Promise.race([
    stopping,
    new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 200 + FORCED_CLOSE_GRACE_MS + 10_000)),
  ])
  expect(outcome).toBe(false)
}, 60_000)
