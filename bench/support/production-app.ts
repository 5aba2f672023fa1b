// What the benches that run the app as production does share: the compiled api and worker as their own node
// processes on a fresh database and queue prefix, a fetch client for the merchant's setup, the digital PIX order a
// buyer places, and "the queue has drained" between rounds.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { freePort } from '../../src/testing/processes'
import { createDatabase, TEST_REDIS } from '../../src/testing/test-app'
import { benchBuyer } from './buyer'

export const ROOT = path.resolve(import.meta.dirname, '../..')

export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

/** How a bench starts one of the app's processes: `role` is 'api' or 'worker'. */
export type Starter = (file: string, env: Record<string, string>, role: 'api' | 'worker') => ChildProcess

/** A plain node process of the compiled build, its stderr shown (warnings and crashes), its stdout dropped. */
export const startPlain: Starter = (file, env) =>
  spawn(process.execPath, [file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })

export interface ProductionApp {
  appBase: string
  api: ChildProcess
  worker: ChildProcess
  /** The app's database, for the bench's own reads. */
  sql: pg.Pool
  databaseUrl: string
  /** Nothing left to relay and no event job waiting or running. */
  drained(): Promise<boolean>
  close(): Promise<void>
}

/**
 * Builds the server, then starts the api (waiting for its health answer) and the worker on a fresh database and queue
 * prefix. `name` tells this bench's database files and queue apart; `env` adds to the shared settings.
 */
export async function startProductionApp(opts: {
  name: string
  env?: Record<string, string>
  start?: Starter
}): Promise<ProductionApp> {
  const start = opts.start ?? startPlain
  spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), `${opts.name}-`))
  const prefix = `${opts.name}-${process.pid}`
  const port = await freePort()
  const appBase = `http://127.0.0.1:${port}`
  const env = {
    // The compiled build; NODE_ENV stays development only because production turns the built-in sandbox gateway off
    // (the only thing it changes besides requiring APP_SECRET).
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    APP_SECRET: `${opts.name}-secret-that-is-long-enough-0123456789`,
    ATIVOPAY_API_URL: '',
    // Every request comes from its own address (see digitalOrders): the per-address order limit is not measured.
    TRUST_PROXY: '1',
    ...opts.env,
  }
  const api = start(
    'dist/server/server.js',
    { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: appBase },
    'api',
  )
  await waitUntil(async () => (await fetch(`${appBase}/api/health`)).ok, 'api start')
  // Its own health port: the default (3002) is taken by any other worker on the machine (another bench, a dev worker).
  const worker = start('dist/server/worker.js', { ...env, WORKER_HEALTH_PORT: String(await freePort()) }, 'worker')
  const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  const queue = new Queue('jobs', { connection: queueConnection, prefix })
  const sql = new pg.Pool({ connectionString: database.url, max: 2 })

  return {
    appBase,
    api,
    worker,
    sql,
    databaseUrl: database.url,
    async drained() {
      const outbox = await sql.query('select count(*)::int as n from outbox where relayed_at is null')
      const jobs = await queue.getJobCounts('waiting', 'active', 'prioritized')
      return outbox.rows[0].n === 0 && jobs.waiting + jobs.active + jobs.prioritized === 0
    },
    async close() {
      await stop(worker)
      await stop(api)
      await queue.obliterate({ force: true }).catch(() => undefined)
      await queue.close()
      // A connection handed to BullMQ stays open after queue.close(), and would keep the bench alive.
      await queueConnection.quit()
      await sql.end()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type Call = <T>(method: string, url: string, payload: object, token?: string) => Promise<T>

/** A JSON call to the app as the merchant's browser makes it; anything but 2xx throws. */
export function apiClient(appBase: string): Call {
  return async <T>(method: string, url: string, payload: object, token?: string): Promise<T> => {
    const res = await fetch(`${appBase}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(payload),
    })
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
}

/** A merchant, a store, a digital product and the sandbox gateway (its key names the bench in the gateway's log). */
export async function digitalStore(
  call: Call,
  opts: { email: string; storeName: string; sandboxKey: string },
): Promise<{ token: string; storeId: string; productId: string }> {
  const merchant = { name: 'Lojista Bench', email: opts.email, password: 'senha-1234' }
  await call('POST', '/api/auth/register', merchant)
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', merchant)
  const store = await call<{ id: string }>('POST', '/api/stores', { name: opts.storeName }, token)
  const product = await call<{ id: string }>(
    'POST',
    `/api/stores/${store.id}/products`,
    { name: 'Curso Online', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/curso.pdf' },
    token,
  )
  await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: opts.sandboxKey },
    token,
  )
  return { token, storeId: store.id, productId: product.id }
}

/**
 * The digital PIX order as the buyer page sends it: a new buyer each time, every order from its own address and
 * with its own Idempotency-Key. `body` and `headers` feed http-load's `load`.
 */
export function digitalOrders(appBase: string, storeId: string, productId: string, keyPrefix: string) {
  let n = 0
  let ip = 0
  return {
    url: `${appBase}/api/checkout/create-digital-order`,
    body: () =>
      JSON.stringify({
        storeId,
        productId,
        customer: benchBuyer(++n),
        payment: { method: 'pix' },
      }),
    headers: () => ({
      'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      'idempotency-key': `${keyPrefix}-${process.pid}-${ip++}`,
    }),
  }
}
