import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { afterEach, expect, it } from 'vitest'
import { createRuntime } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'
import { JOB_LOCK_MS, KEEP_COMPLETED, STALLED_CHECK_MS } from './queue-bullmq'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

it('hands a job whose worker died to a live worker in seconds, not after a minute', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const prefix = `test-stall-${crypto.randomUUID().slice(0, 8)}`
  const config = testConfig({ DATABASE_URL: database.url, REDIS_URL: TEST_REDIS, QUEUE_PREFIX: prefix })

  // A worker with our lock and stall-check settings (BullMQ lets one check per interval run across workers) takes the job and dies mid-way: no completion, no lock renewal.
  const connection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  let started = false
  const dying = new Worker(
    'jobs',
    async () => {
      started = true
      await new Promise(() => undefined)
    },
    { connection, prefix, lockDuration: JOB_LOCK_MS, stalledInterval: STALLED_CHECK_MS },
  )
  const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  const queue = new Queue('jobs', { connection: queueConnection, prefix })
  cleanup.push(async () => {
    await queue.close()
    await queueConnection.quit().catch(() => undefined)
  })
  await queue.add(
    'probe.paid',
    { orderId: 'o-1' },
    { jobId: 'stalled-1', attempts: 3, removeOnComplete: KEEP_COMPLETED },
  )
  await waitFor(() => started)
  await dying.close(true)
  connection.disconnect()
  const killedAt = Date.now()

  // The replacement process.
  const done: string[] = []
  const rt = await createRuntime(config, {
    workers: true,
    extraModules: [
      {
        name: 'probe',
        jobs: [{ name: 'probe.paid', handler: async (data) => void done.push((data as { orderId: string }).orderId) }],
      },
    ],
  })
  cleanup.push(() => rt.close())
  // BullMQ's defaults (30 s lock, 30 s stall check) would need up to a minute; our settings need lock + check.
  await waitFor(() => done.length === 1, 30_000)
  expect(done).toEqual(['o-1'])
  console.info(`stalled job recovered ${Date.now() - killedAt} ms after its worker died`)
}, 60_000)
