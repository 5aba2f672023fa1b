/**
 * Replicas under crashes, as an operator runs them: two api and two worker processes (production mode: PostgreSQL,
 * jobs through BullMQ on Redis) started in the same tick on an empty database, then
 *
 * 1. a worker killed -9 while UTMify pushes are in flight: every push of every order (waiting_payment, then paid)
 *    ends up answered exactly once at a local fake UTMify, none missing, none twice. The fake never answers the
 *    victim's calls (its URL is held), so at the kill every one of its claimed deliveries is a call in flight and none
 *    sits between UTMify's answer and the database write (where no sender could avoid a resend). A call whose sender
 *    died before the answer is counted apart ('cut'): UTMify never acknowledged it, and it must be sent again exactly
 *    once, by the surviving or the restarted worker, through the stale-claim recovery.
 * 2. an api killed -9 between a sandbox payment and its postback: the order was placed on the api that dies, so the
 *    gateway's postback is aimed at it and fails; the reconciliation job (shortened period) asks the gateway again and
 *    the order is PAID within the period.
 *
 * Every process gets its own ports; the database and the Redis prefix are this file's own.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { type FakeUtmifyCall, startFakeUtmify } from '../testing/fake-utmify'
import { type AppProcess, ENTRY, freePort, startProcess } from '../testing/processes'
import { clearRedisPrefix, createDatabase, TEST_REDIS, waitFor } from '../testing/test-app'

const cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

const ORDERS = 30
/** The victim worker is killed once this many of its UTMify calls are in flight. */
const IN_FLIGHT_AT_KILL = 6
const ADMIN = { email: 'admin@replicas.example.com', password: 'admin-secreto-1' }
const UTMIFY_KEY = 'utmify_token_ABCDEFGHIJ0123456789'
/** Kept short so recovery takes seconds; still many times the fake's answer time (no live call taken for dead). */
const STALE_MS = 5000
const RECONCILE = { EVERY_MS: 500, AFTER_MS: 0, MAX_INTERVAL_MS: 1000 }

type Answer = { status: number; body: Record<string, unknown> }

async function call(port: number, method: string, url: string, body?: unknown, headers = {}): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : {} }
}

const okStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status === 200,
    () => false,
  )

it('starts 2 apis + 2 workers together; a worker and an api killed -9 under load lose no push and no payment', async () => {
  const t0 = Date.now()
  const phases: string[] = []
  const mark = (label: string) => phases.push(`${label} +${Date.now() - t0}`)
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const prefix = `test-replicas-${randomUUID().slice(0, 8)}`
  cleanup.push(() => clearRedisPrefix(prefix))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-replicas-'))
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const fake = await startFakeUtmify()
  cleanup.push(() => fake.close())
  fake.delay(200)
  fake.hold('w1')

  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'replicas-test-secret-that-is-long-enough-0123456789',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ATIVOPAY_API_URL: '',
    SMTP_URL: '',
    SEED_DEMO: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PASSWORD_HASH_COST: '4',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ORDER_MAX: '100000',
    JOB_BACKOFF_MS: '200',
    DELIVERY_CLAIM_STALE_MS: String(STALE_MS),
    RECONCILE_EVERY_MS: String(RECONCILE.EVERY_MS),
    RECONCILE_AFTER_MS: String(RECONCILE.AFTER_MS),
    RECONCILE_MAX_INTERVAL_MS: String(RECONCILE.MAX_INTERVAL_MS),
  }
  const processes: AppProcess[] = []
  cleanup.push(() => Promise.all(processes.map((p) => p.crash())))
  const startApi = (name: string, port: number) => {
    const p = startProcess(name, ENTRY.api, {
      ...common,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Four buyers at most: a small pool keeps the file's connections well under max_connections beside other tests.
      DB_POOL_MAX: '5',
      UTMIFY_API_URL: fake.urlFor(name),
    })
    processes.push(p)
    return { ...p, port, ready: `http://127.0.0.1:${port}/api/health/ready` }
  }
  const startWorker = (name: string, healthPort: number) => {
    const p = startProcess(name, ENTRY.worker, {
      ...common,
      PORT: '0',
      WORKER_HEALTH_PORT: String(healthPort),
      UTMIFY_API_URL: fake.urlFor(name),
    })
    processes.push(p)
    return { ...p, ready: `http://127.0.0.1:${healthPort}/health/ready` }
  }
  const healthy = (p: Pick<AppProcess, 'name' | 'alive' | 'exited'> & { ready: string }) =>
    waitFor(
      async () => {
        if (!p.alive()) throw new Error(`${p.name} exited before becoming ready (${await p.exited})`)
        return okStatus(p.ready)
      },
      90_000,
      100,
    )

  // The four start in the same tick, on an empty database, all racing to migrate and to create the admin.
  const [port1, port2, health1, health2, health3] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()))
  const api1 = startApi('api1', port1!)
  const api2 = startApi('api2', port2!)
  const w1 = startWorker('w1', health1!)
  const w2 = startWorker('w2', health2!)
  await Promise.all([api1, api2, w1, w2].map(healthy))
  const startupMs = Date.now() - t0
  mark('healthy')

  const db = new pg.Client({ connectionString: database.url })
  await db.connect()
  cleanup.push(() => db.end())
  const admins = await db.query('select role from users where email = $1', [ADMIN.email])
  expect(admins.rows).toEqual([{ role: 'ADMIN' }])
  expect((await call(api2.port, 'POST', '/api/auth/login', ADMIN)).status).toBe(200)

  // A merchant with a sandbox gateway and UTMify on.
  const merchant = { name: 'Lojista', email: 'lojista@replicas.example.com', password: 'segredo1' }
  expect((await call(api1.port, 'POST', '/api/auth/register', merchant)).status).toBe(201)
  const login = await call(api2.port, 'POST', '/api/auth/login', merchant)
  const auth = { authorization: `Bearer ${login.body.token}` }
  const storeId = (await call(api1.port, 'POST', '/api/stores', { name: 'Loja' }, auth)).body.id as string
  const product = await call(
    api2.port,
    'POST',
    `/api/stores/${storeId}/products`,
    { name: 'Curso', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/c.zip' },
    auth,
  )
  const productId = product.body.id as string
  const gateway = { ativoPayApiKey: 'sk_sandbox_replicas_0001' }
  expect(
    (await call(api1.port, 'POST', `/api/payment/ativo-pay/payment-config?storeId=${storeId}`, gateway, auth)).status,
  ).toBe(200)
  const utmify = { utmfyApiKey: UTMIFY_KEY, utmfyActive: true }
  expect((await call(api2.port, 'PUT', `/api/integrations/utmfy/config/${storeId}`, utmify, auth)).status).toBe(200)

  const placeOrder = async (port: number, i: number) => {
    const res = await call(port, 'POST', '/api/checkout/create-digital-order', {
      storeId,
      productId,
      customer: { name: `Comprador ${i}`, email: `c${i}@example.com`, phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      payment: { method: 'pix' },
    })
    expect(res.status).toBe(200)
    return {
      orderId: res.body.orderId as string,
      gatewayId: (res.body.paymentResult as { gatewayId: string }).gatewayId,
    }
  }
  const pay = (port: number, gatewayId: string) =>
    call(port, 'POST', `/sandbox/ativopay/v1/transactions/${gatewayId}/pay`, {})

  // 1. Orders across both apis, each paid through the sandbox (its postback to the api that placed it): two UTMify
  //    pushes per order, from whichever worker takes the job. The victim's calls are held in flight until it dies.
  const orderIds: string[] = []
  const buyers = Array.from({ length: 4 }, async (_, b) => {
    for (let i = b; i < ORDERS; i += 4) {
      const api = i % 2 === 0 ? api1 : api2
      const order = await placeOrder(api.port, i)
      orderIds.push(order.orderId)
      const paid = await pay(api.port, order.gatewayId)
      expect(paid.status).toBe(200)
      expect(paid.body.postback).toMatchObject({ delivered: true })
    }
  })
  const inFlight = (via: string) => fake.calls.filter((c) => c.via === via && c.outcome === 'pending')
  await waitFor(() => inFlight('w1').length >= IN_FLIGHT_AT_KILL, 60_000, 10)
  const callsBeforeKill = fake.calls.length
  await w1.crash()
  const workerKilledAt = Date.now()
  mark('worker killed')
  // The kernel closed the dead worker's connections: its calls were never answered.
  await waitFor(() => inFlight('w1').length === 0, 10_000)
  const cutAtKill = fake.calls.filter((c) => c.via === 'w1' && c.outcome === 'cut').length
  fake.release('w1')
  // A replacement, as an orchestrator would start one.
  const w3 = startWorker('w3', health3!)
  const w3Ready = healthy(w3).then(() => mark('w3 healthy'))
  await Promise.all(buyers)
  mark('orders paid')

  // 2. An order placed on api1, api1 killed, the charge paid at the gateway: its postback, aimed at the dead api1, is
  //    lost; only the reconciliation job can tell the order it was paid.
  const lost = await placeOrder(api1.port, ORDERS)
  orderIds.push(lost.orderId)
  await api1.crash()
  const paidAt = Date.now()
  const paid = await pay(api2.port, lost.gatewayId)
  expect(paid.status).toBe(200)
  expect(paid.body.postback).toEqual({ delivered: false, statusCode: null })
  const orderStatus = async (id: string) =>
    (await db.query('select status from orders where id = $1', [id])).rows[0]?.status as string | undefined
  await waitFor(async () => (await orderStatus(lost.orderId)) === 'PAID', 30_000, 50)
  const reconciledMs = Date.now() - paidAt
  mark('reconciled')
  const charge = await db.query('select status, reconcile_attempts from payment_transactions where gateway_id = $1', [
    lost.gatewayId,
  ])
  expect(charge.rows[0]).toMatchObject({ status: 'PAID' })
  expect(charge.rows[0].reconcile_attempts).toBeGreaterThan(0)

  // Every push answered once at the fake, and every delivery settled SENT (so nothing can be sent again later).
  const keys = orderIds.flatMap((id) => [`${id}/waiting_payment`, `${id}/paid`])
  const keyOf = (c: FakeUtmifyCall) => `${c.body.orderId}/${c.body.status}`
  const answeredKeys = () => new Set(fake.calls.filter((c) => c.outcome === 'answered').map(keyOf))
  await waitFor(() => keys.every((k) => answeredKeys().has(k)), 60_000, 50)
  const recoveredMs = Date.now() - workerKilledAt
  mark('pushes answered')
  await waitFor(
    async () => {
      const { rows } = await db.query("select count(*)::int as n from utmify_deliveries where state = 'SENT'")
      return rows[0].n === keys.length
    },
    30_000,
    50,
  )
  const { rows: states } = await db.query('select state, count(*)::int as n from utmify_deliveries group by state')
  expect(states).toEqual([{ state: 'SENT', n: keys.length }])

  const byKey = new Map<string, FakeUtmifyCall[]>()
  for (const c of fake.calls) byKey.set(keyOf(c), [...(byKey.get(keyOf(c)) ?? []), c])
  expect([...byKey.keys()].sort()).toEqual([...keys].sort())
  const answeredTwice = [...byKey].filter(([, cs]) => cs.filter((c) => c.outcome === 'answered').length !== 1)
  expect(answeredTwice).toEqual([])
  // Only the killed worker's calls were cut, and each was sent again once.
  const cut = fake.calls.filter((c) => c.outcome === 'cut')
  expect(cut.every((c) => c.via === 'w1')).toBe(true)
  expect(cut.length).toBe(cutAtKill)
  expect(fake.calls.length).toBe(keys.length + cut.length)
  expect(fake.calls.every((c) => c.token === UTMIFY_KEY)).toBe(true)

  // The survivors never went down; only the killed ones exited.
  await w3Ready
  for (const p of [api2, w2, w3]) expect(p.alive()).toBe(true)
  expect(await w1.exited).toBe('SIGKILL')
  expect(await api1.exited).toBe('SIGKILL')
  expect(await okStatus(api2.ready)).toBe(true)
  expect(await okStatus(w2.ready)).toBe(true)

  // How long the killed worker's in-flight pushes took to be answered by another worker.
  const cutKeys = new Set(cut.map(keyOf))
  const resentAt = fake.calls.filter((c) => c.outcome === 'answered' && cutKeys.has(keyOf(c))).map((c) => c.at)
  const resentMs = Math.max(...resentAt) - workerKilledAt

  console.info(
    `replicas: start ${startupMs} ms; ${fake.calls.length} UTMify calls for ${keys.length} pushes ` +
      `(${callsBeforeKill} before the kill, ${cut.length} cut by it and sent again), 0 missing, 0 twice; ` +
      `the cut ones answered ${resentMs} ms and every push ${recoveredMs} ms after the worker kill; lost postback reconciled in ${reconciledMs} ms; ` +
      `total ${Date.now() - t0} ms (${phases.join(', ')})`,
  )
}, 240_000)
