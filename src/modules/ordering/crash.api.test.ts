/**
 * Crash test in production mode: the api and the worker as real child processes over PostgreSQL and Redis, killed
 * with SIGKILL. The api dies while 20 buyers place orders, each with its Idempotency-Key; it restarts and the
 * buyers retry (four of them give up instead). The sweeper runs. Then payments land: the worker is killed while the
 * first half is being processed, the second half lands while it is dead; the worker restarts. Checked: no acknowledged order lost, every retried intent answered with its one order, no order
 * left PENDING without its charge, stock taken exactly by the live orders, every paid charge's order PAID within
 * 10 s of the worker's restart.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../app'
import { createDatabase, TEST_REDIS, testConfig, waitFor } from '../../testing/test-app'
import { sweepAbandonedOrders } from './abandoned-order-sweeper'

const root = path.resolve(import.meta.dirname, '../../..')
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

const BUYERS = 20
const GIVE_UP = (i: number) => i % 5 === 4

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

function start(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  cleanup.push(() => stop(child, 'SIGTERM'))
  return child
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill(signal)
  await new Promise((r) => child.once('exit', r))
}

it('loses no acknowledged order, answers every retried intent with its one order, pays after a worker kill', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS,
    QUEUE_PREFIX: `test-crash-${randomUUID().slice(0, 8)}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    PASSWORD_HASH_COST: '4',
    // Each worker process picks a free health port: test files run side by side.
    WORKER_HEALTH_PORT: '0',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ORDER_MAX: '100000',
    JOB_BACKOFF_MS: '50',
  }
  const startApi = async () => {
    const api = start('src/server.ts', env)
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.ok === true, 30_000, 100)
    return api
  }
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, body: await res.json().catch(() => undefined) }
  }

  let api = await startApi()
  let worker = start('src/worker/main.ts', env)
  // The test's own view of the database and queue (migrated by the api): checks, and the sweeper's run.
  const config = testConfig({ ...env })
  const rt: Runtime = await createRuntime(config, { workers: false, relay: false, migrate: false })
  cleanup.push(() => rt.close())
  const db = rt.db

  // A merchant, a physical product with 100 in stock, PIX through the sandbox gateway.
  const reg = await call('POST', '/api/auth/register', {
    name: 'Lojista',
    email: 'l@example.com',
    password: 'segredo1',
  })
  expect(reg.status).toBe(201)
  const login = await call('POST', '/api/auth/login', { email: 'l@example.com', password: 'segredo1' })
  const auth = { authorization: `Bearer ${login.body.token}` }
  const store = (await call('POST', '/api/stores', { name: 'Loja' }, auth)).body
  const product = (
    await call(
      'POST',
      `/api/stores/${store.id}/products`,
      { name: 'Camiseta', price: 100, type: 'PHYSICAL', stock: 100 },
      auth,
    )
  ).body
  const option = (
    await call('POST', `/api/stores/${store.id}/shipping`, { name: 'Sedex', basePrice: 20, estimatedDays: 3 }, auth)
  ).body
  const cfg = await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_crash_test_0001' },
    auth,
  )
  expect(cfg.status).toBe(200)
  // The key is verified by a health job in the worker, which may still be starting: re-check until it answers.
  await waitFor(
    async () =>
      (await call('GET', `/api/payment/ativo-pay/health?storeId=${store.id}`, undefined, auth)).status === 200,
    30_000,
    200,
  )

  const intents = Array.from({ length: BUYERS }, (_, i) => ({
    key: randomUUID(),
    body: {
      storeId: store.id,
      productId: product.id,
      customer: {
        name: `Comprador ${i}`,
        email: `buyer${i}@example.com`,
        phone: '(11) 98765-4321',
        cpf: '529.982.247-25',
      },
      shipping: {
        zipCode: '01310-100',
        address: 'Avenida Paulista',
        number: String(i + 1),
        city: 'São Paulo',
        state: 'SP',
        method: option.id,
      },
      payment: { method: 'pix' },
    },
  }))
  const place = (i: number) =>
    call('POST', '/api/checkout/create-order', intents[i].body, { 'idempotency-key': intents[i].key })

  // 1. The api dies (SIGKILL) while the 20 buyers are placing their orders: right after the 5th answer.
  const acknowledged = new Map<number, string>()
  let answers = 0
  const firstTry = intents.map((_, i) =>
    place(i)
      .then((res) => {
        if (res.status === 200) acknowledged.set(i, res.body.orderId)
        if (++answers === 5) api.kill('SIGKILL')
      })
      .catch(() => undefined),
  )
  await Promise.all(firstTry)
  await stop(api, 'SIGKILL')
  const stranded = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .where('gateway_id', 'is', null)
    .executeTakeFirstOrThrow()
  console.log(`crash: ${acknowledged.size} acknowledged, ${Number(stranded.n)} orders committed without their charge`)

  // 2. Restarted; every buyer but the ones who gave up retries with the same key.
  api = await startApi()
  const retried = new Map<number, string>()
  await Promise.all(
    intents.map(async (_, i) => {
      if (GIVE_UP(i) && !acknowledged.has(i)) return
      const res = await place(i)
      expect(res.status).toBe(200)
      retried.set(i, res.body.orderId)
    }),
  )
  for (const [i, orderId] of acknowledged) expect(retried.get(i)).toBe(orderId)

  // 3. The sweeper (scheduled every minute, for what is two minutes old; here for everything, once the dead api's
  // charges are past their lease — the sweeper never takes a charge its owner may still be calling the gateway for).
  await waitFor(
    async () => {
      const held = await db
        .selectFrom('payment_transactions')
        .select('id')
        .where('status', '=', 'CREATING')
        .where('create_lease_until', '>', new Date())
        .execute()
      return held.length === 0
    },
    15_000,
    200,
  )
  const swept = await sweepAbandonedOrders({ db, jobs: rt.jobs, config, log: rt.log }, 0)
  console.log(`sweep after the restart: ${JSON.stringify(swept)}`)
  const pendingWithoutCharge = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('gateway_id', 'is', null)
    .execute()
  expect(pendingWithoutCharge).toEqual([])

  const all = await db.selectFrom('orders').select(['id', 'customer_email', 'status', 'gateway_id']).execute()
  for (const [i, orderId] of retried) {
    const mine = all.filter((o) => o.customer_email === `buyer${i}@example.com`)
    expect(mine.map((o) => o.id)).toEqual([orderId])
  }
  for (const orderId of acknowledged.values()) expect(all.some((o) => o.id === orderId)).toBe(true)
  const live = all.filter((o) => o.status !== 'CANCELLED')
  const stock = await db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()
  expect(Number(stock.stock)).toBe(100 - live.length)

  // 4. Payments land: half with the worker up, the rest while it is dead; then it restarts.
  const payable = live.filter((o) => o.gateway_id)
  const pay = async (o: (typeof payable)[number]) => {
    const res = await call('POST', `/sandbox/ativopay/v1/transactions/${o.gateway_id}/pay`, {})
    expect(res.body.postback.delivered).toBe(true)
  }
  const paidBy = async (ids: string[]) => {
    const rows = await db.selectFrom('orders').select('status').where('id', 'in', ids).execute()
    return rows.length === ids.length && rows.every((r) => r.status === 'PAID')
  }
  const half = Math.floor(payable.length / 2)
  // Killed while the first half's jobs are landing (some may be running: BullMQ's stall check hands them back).
  await Promise.all(payable.slice(0, half).map(pay))
  await stop(worker, 'SIGKILL')
  for (const o of payable.slice(half)) await pay(o)
  const spawnedAt = Date.now()
  worker = start('src/worker/main.ts', env)
  // Restarted = its BullMQ worker connected (booting the process itself is tsx's time, slow on a loaded machine).
  const redis = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
  const queue = new Queue('jobs', { connection: redis, prefix: env.QUEUE_PREFIX })
  cleanup.push(async () => {
    await queue.close()
    redis.disconnect()
  })
  await waitFor(async () => (await queue.getWorkersCount()) > 0, 60_000, 50)
  const restartedAt = Date.now()
  await waitFor(() => paidBy(payable.map((o) => o.id)), 10_000, 100)
  console.log(
    `worker restart: booted in ${restartedAt - spawnedAt} ms; every paid order PAID ${Date.now() - restartedAt} ms after`,
  )

  const paidCharges = await db
    .selectFrom('payment_transactions')
    .select('order_ref')
    .where('status', '=', 'PAID')
    .where('store_id', '=', store.id)
    .execute()
  expect(paidCharges).toHaveLength(payable.length)
  expect(await paidBy(paidCharges.map((c) => c.order_ref))).toBe(true)
}, 120_000)
