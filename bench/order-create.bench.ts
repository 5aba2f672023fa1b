// Order creation in production mode — the compiled api and worker processes (plain node, PostgreSQL, BullMQ on
// Redis), a digital product paid by PIX through the built-in sandbox — against a bare Fastify route in its own process
// doing the same writes in one pg transaction (bench/support/bare-order-server.mjs). Interleaved rounds over real
// HTTP on loopback, best of each; then, on a sequential batch with the queue drained, what one order costs: SQL
// statements (api and worker, every event handler included), Redis commands and CPU time against the bare's.
// Bounded: BENCH_ORDERS per round (1,500: a round of 300 lasted under a second, mostly ramp-up and tail), 3 rounds
// each. Run: npx tsx bench/order-create.bench.ts
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { createDatabase, TEST_REDIS } from '../src/testing/test-app'
import { fmt, type LoadResult, load } from './http-load'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1500)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = 3
const ROOT = path.resolve(import.meta.dirname, '..')
const STATS = path.join(import.meta.dirname, 'support/process-stats.mjs')

interface Stats {
  statements: number
  cpuMs: number
}

function stats(child: ChildProcess): Promise<Stats> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Stats))
    child.send('stats')
  })
}

/** BENCH_CPU_PROF=<dir>: the api and the worker write V8 CPU profiles there when they stop (Chrome DevTools opens them). */
function start(file: string, env: Record<string, string>, profile?: string): ChildProcess {
  const dir = process.env.BENCH_CPU_PROF
  const prof = profile && dir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, profile)}`] : []
  return spawn(process.execPath, [...prof, '--import', STATS, file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
const database = await createDatabase()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'))
const prefix = `bench-${process.pid}`
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
  APP_SECRET: 'order-bench-secret-that-is-long-enough-0123456789',
  ATIVOPAY_API_URL: '',
  // Every request comes from its own address below: the per-address order limit is not what is measured here.
  TRUST_PROXY: '1',
}
const api = start(
  'dist/server/server.js',
  { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: appBase },
  'api',
)
await waitUntil(async () => (await fetch(`${appBase}/api/health`)).ok, 'api start')
const worker = start('dist/server/worker.js', env, 'worker')
const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
const queue = new Queue('jobs', { connection: queueConnection, prefix })
const redis = new Redis(TEST_REDIS)
const sql = new pg.Pool({ connectionString: database.url, max: 2 })
let bare: ChildProcess | undefined

/** Nothing left to relay and no event job waiting or running. */
async function drained() {
  const outbox = await sql.query('select count(*)::int as n from outbox where relayed_at is null')
  const jobs = await queue.getJobCounts('waiting', 'active', 'prioritized')
  return outbox.rows[0].n === 0 && jobs.waiting + jobs.active + jobs.prioritized === 0
}

async function redisCommands() {
  const info = await redis.info('stats')
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1])
}

/** CPU ms the Redis server has used (shared with anything else using it: read on a quiet machine). */
async function redisCpuMs() {
  const info = await redis.info('cpu')
  const used = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? Number.NaN)
  return (used('used_cpu_sys') + used('used_cpu_user')) * 1000
}

/** CPU ms of each PostgreSQL backend on the bench's database, from /proc (Linux, same machine; empty otherwise). */
async function postgresCpuMs(): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  const cpu = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 per second).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // Another machine, or the backend ended.
    }
  }
  return cpu
}

function postgresUsed(before: Map<number, number>, after: Map<number, number>) {
  let used = 0
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0)
  return used
}

try {
  const call = async <T>(url: string, payload: object, token?: string): Promise<T> => {
    const res = await fetch(`${appBase}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(payload),
    })
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const merchant = { name: 'Lojista Bench', email: 'bench@example.com', password: 'senha-1234' }
  await call('/api/auth/register', merchant)
  const { token } = await call<{ token: string }>('/api/auth/login', merchant)
  const store = await call<{ id: string }>('/api/stores', { name: 'Bench Pedidos' }, token)
  const product = await call<{ id: string }>(
    `/api/stores/${store.id}/products`,
    { name: 'Curso Online', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/curso.pdf' },
    token,
  )
  await call(
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_bench_0004' },
    token,
  )

  bare = start(path.join(import.meta.dirname, 'support/bare-order-server.mjs'), {
    DATABASE_URL: database.url,
    STORE_ID: store.id,
    PRODUCT_ID: product.id,
  })
  const bareUrl = await new Promise<string>((resolve) =>
    bare!.once('message', (m) => resolve((m as { url: string }).url)),
  )
  const appUrl = `${appBase}/api/checkout/create-digital-order`

  let n = 0
  let ip = 0
  const body = () =>
    JSON.stringify({
      storeId: store.id,
      productId: product.id,
      customer: { name: 'Comprador Bench', email: `buyer${++n}@example.com`, phone: '11987654321', cpf: '52998224725' },
      payment: { method: 'pix' },
    })
  // As the buyer page sends them: every order with its own Idempotency-Key.
  const headers = () => ({
    'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    'idempotency-key': `bench-${process.pid}-${ip++}`,
  })
  const run = (url: string, total: number, concurrency: number) =>
    load(url, { total, concurrency, method: 'POST', body, headers })

  await run(appUrl, 30, 5)
  await run(bareUrl, 30, 5)
  let app: LoadResult | undefined
  let base: LoadResult | undefined
  for (let round = 0; round < ROUNDS; round++) {
    const a = await run(appUrl, ORDERS, CONCURRENCY)
    if (a.errors > 0) throw new Error(`${a.errors} orders failed`)
    if (!app || a.rps > app.rps) app = a
    // The worker's share of this round is still running: the bare round must not pay for it.
    await waitUntil(drained, 'queue drained')
    const b = await run(bareUrl, ORDERS, CONCURRENCY)
    if (!base || b.rps > base.rps) base = b
  }
  console.log(`create-digital-order (PIX, sandbox), ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(app!)}`)
  console.log(`bare fastify + pg transaction (5 writes)       : ${fmt(base!)}`)
  console.log(`ratio app/bare throughput: ${(app!.rps / base!.rps).toFixed(2)}`)

  // What one order costs, on a sequential batch; the worker's share counted once the queue has drained.
  const SEQ = 50
  const sum = async (...cs: ChildProcess[]) => {
    const all = await Promise.all(cs.map(stats))
    return { statements: all.reduce((s, x) => s + x.statements, 0), cpuMs: all.reduce((s, x) => s + x.cpuMs, 0) }
  }
  await waitUntil(drained, 'queue drained')
  const apiBefore = await stats(api)
  const before = await sum(api, worker)
  const redisBefore = await redisCommands()
  const redisCpuBefore = await redisCpuMs()
  const pgBefore = await postgresCpuMs()
  await run(appUrl, SEQ, 1)
  const apiAfter = await stats(api)
  await waitUntil(drained, 'queue drained')
  // The worker's last job finishes after it leaves the queue's lists.
  await new Promise((r) => setTimeout(r, 500))
  const after = await sum(api, worker)
  const redisUsed = (await redisCommands()) - redisBefore
  const redisCpu = (await redisCpuMs()) - redisCpuBefore
  const pgUsed = postgresUsed(pgBefore, await postgresCpuMs())
  const bareBefore = await stats(bare)
  const barePgBefore = await postgresCpuMs()
  await run(bareUrl, SEQ, 1)
  const bareAfter = await stats(bare)
  const barePgUsed = postgresUsed(barePgBefore, await postgresCpuMs())
  const per = (x: number) => (x / SEQ).toFixed(1)
  console.log(
    `per order: ${per(apiAfter.statements - apiBefore.statements)} SQL statements in the api, ${per(after.statements - before.statements)} with the worker's event handlers (bare: ${per(bareAfter.statements - bareBefore.statements)}); ${per(redisUsed)} Redis commands`,
  )
  console.log(
    `CPU per order: api ${per(apiAfter.cpuMs - apiBefore.cpuMs)} ms, api + worker ${per(after.cpuMs - before.cpuMs)} ms, bare ${per(bareAfter.cpuMs - bareBefore.cpuMs)} ms`,
  )
  console.log(
    `server CPU per order (10 ms ticks): PostgreSQL ${per(pgUsed)} ms for api + worker, ${per(barePgUsed)} ms for the bare; Redis ${per(redisCpu)} ms`,
  )
} finally {
  if (bare) await stop(bare)
  await stop(worker)
  await stop(api)
  await queue.obliterate({ force: true }).catch(() => undefined)
  await queue.close()
  // A connection handed to BullMQ stays open after queue.close(), and would keep this script alive.
  await queueConnection.quit()
  await redis.quit()
  await sql.end()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
