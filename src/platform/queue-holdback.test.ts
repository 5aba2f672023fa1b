import { afterEach, expect, it } from 'vitest'
import { createRuntime } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'
import { PRIORITY_FLOOR } from './jobs'

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

const EVENTS = 12

/**
 * A priority job (the billing run) holds the process's other jobs to the floor while it runs, and its release gives
 * them the full concurrency back: observed by the jobs the worker has taken in, never by timing. Both queues.
 */
for (const mode of ['bullmq', 'embedded'] as const) {
  it(`${mode}: a held queue takes ${PRIORITY_FLOOR} other jobs at a time, all of them once released`, async () => {
    const database = await createDatabase()
    cleanup.push(() => database.drop())
    const config = testConfig({
      DATABASE_URL: database.url,
      REDIS_URL: mode === 'bullmq' ? TEST_REDIS : undefined,
      QUEUE_PREFIX: `test-holdback-${crypto.randomUUID().slice(0, 8)}`,
      WORKER_CONCURRENCY: '32',
    })
    let active = 0
    let taken = 0
    let maxWhileHeld = 0
    let held = false
    let release: (() => void) | undefined
    let endPriority!: () => void
    const priorityDone = new Promise<void>((r) => {
      endPriority = r
    })
    let endEvents!: () => void
    const eventsDone = new Promise<void>((r) => {
      endEvents = r
    })
    const rt = await createRuntime(config, {
      workers: true,
      extraModules: [
        {
          name: 'probe',
          jobs: [
            {
              name: 'probe.priority',
              attempts: 1,
              handler: async (_data, ctx) => {
                release = ctx.jobs.holdBack?.()
                held = true
                try {
                  await priorityDone
                  throw new Error('the run failed')
                } finally {
                  held = false
                  release?.()
                }
              },
            },
            {
              name: 'probe.event',
              handler: async () => {
                active++
                taken++
                if (held) maxWhileHeld = Math.max(maxWhileHeld, active)
                await eventsDone
                active--
              },
            },
          ],
        },
      ],
    })
    cleanup.push(async () => {
      endPriority()
      endEvents()
      await rt.close()
    })
    const queue = rt.jobs as unknown as { concurrency: number }
    await rt.jobs.enqueue('probe.priority', {})
    await waitFor(() => held)
    expect(queue.concurrency).toBe(PRIORITY_FLOOR + 1)
    expect(rt.jobs.heldBack?.()).toBe(true)

    for (let i = 0; i < EVENTS; i++) await rt.jobs.enqueue('probe.event', { i })
    // Held: the floor of event jobs is taken in, the rest wait for a slot.
    await waitFor(() => taken === PRIORITY_FLOOR)
    expect((await rt.jobs.stats())[0]!.waiting).toBe(EVENTS - PRIORITY_FLOOR)

    // The priority run ends (with an error): the full concurrency is back, every waiting event job is taken in.
    endPriority()
    await waitFor(() => taken === EVENTS)
    expect(active).toBe(EVENTS)
    expect(maxWhileHeld).toBe(PRIORITY_FLOOR)
    expect(queue.concurrency).toBe(32)
    expect(rt.jobs.heldBack?.()).toBe(false)
    release?.()
    expect(queue.concurrency).toBe(32)
    endEvents()
    await waitFor(() => active === 0)
  }, 30_000)
}
