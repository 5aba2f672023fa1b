import { spawn } from 'node:child_process'
import { getPriority } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildApp, createRuntime } from '../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../testing/test-app'

const root = path.resolve(import.meta.dirname, '../..')
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

it('runs the api and the worker as two processes over PostgreSQL and Redis', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS, QUEUE_PREFIX: `test-worker-${Date.now()}` }
  const config = testConfig(env)
  expect(config.runWorkers).toBe(false)

  // The api process: runs no handler and leaves the outbox relay to the worker.
  const runtime = await createRuntime(config)
  const app = await buildApp(runtime)
  cleanup.push(async () => {
    await app.close()
    await runtime.close()
  })

  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      APP_SECRET: config.APP_SECRET,
      LOG_LEVEL: 'warn',
      WORKER_HEALTH_PORT: '0',
    },
    stdio: 'inherit',
  })
  cleanup.push(async () => {
    worker.kill('SIGTERM')
    await new Promise((r) => (worker.exitCode !== null ? r(null) : worker.once('exit', r)))
  })

  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'W', email: 'w@example.com', password: 'segredo1' },
  })
  expect(reg.statusCode).toBe(201)
  const userId = reg.json().user.id
  await waitFor(async () => {
    const rows = await runtime.db.selectFrom('activity_log').select('kind').where('user_id', '=', userId).execute()
    return rows.length === 1
  }, 30_000)
  expect(worker.exitCode).toBeNull()
  // Below the api's priority (WORKER_NICE, 5), so asynchronous work never starves the checkout; never raised.
  expect(getPriority(worker.pid)).toBe(Math.max(getPriority(), 5))
}, 60_000)
