// Order creation throughput with e-mail on vs off, in production mode (compiled api and worker, PostgreSQL, BullMQ on
// Redis, a digital product paid by PIX through the built-in sandbox). "On": the store sends every message and the
// worker delivers them over SMTP to a local server (smtp-server, in this process) — 'Recebemos seu pedido' with its
// QR code for each order. "Off": the store switched every message off (the handlers still run and find nothing to
// send). Interleaved rounds on the same processes, each started with the queue drained, best of each; the e-mails'
// cost lands in the worker, so the api's request path must keep ≥ 0.95× the throughput.
// Run: npx tsx bench/email.bench.ts   (BENCH_ORDERS per round, default 600; BENCH_CONCURRENCY, default 20)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { BUYER_EMAIL_KINDS } from '../src/shared/notifications'
import { createDatabase, TEST_REDIS } from '../src/testing/test-app'
import { fmt, type LoadResult, load } from './http-load'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 600)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = 3
const ROOT = path.resolve(import.meta.dirname, '..')

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

function start(file: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

let received = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, cb) {
    stream.resume()
    stream.on('end', () => {
      received++
      cb()
    })
  },
})
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r))
const smtpPort = (smtp.server.address() as AddressInfo).port

spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' })
const database = await createDatabase()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-email-'))
const prefix = `bench-email-${process.pid}`
const port = await freePort()
const appBase = `http://127.0.0.1:${port}`
const env = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  REDIS_URL: TEST_REDIS,
  QUEUE_PREFIX: prefix,
  DATA_DIR: dataDir,
  APP_SECRET: 'email-bench-secret-that-is-long-enough-0123456789',
  ATIVOPAY_API_URL: '',
  TRUST_PROXY: '1',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
}
const api = start('dist/server/server.js', { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: appBase })
await waitUntil(async () => (await fetch(`${appBase}/api/health`)).ok, 'api start')
const worker = start('dist/server/worker.js', env)
const queueConnection = new Redis(TEST_REDIS, { maxRetriesPerRequest: null })
const queue = new Queue('jobs', { connection: queueConnection, prefix })
const sql = new pg.Pool({ connectionString: database.url, max: 2 })

async function drained() {
  const outbox = await sql.query('select count(*)::int as n from outbox where relayed_at is null')
  const jobs = await queue.getJobCounts('waiting', 'active', 'prioritized')
  return outbox.rows[0].n === 0 && jobs.waiting + jobs.active + jobs.prioritized === 0
}

try {
  const call = async <T>(method: string, url: string, payload: object, token?: string): Promise<T> => {
    const res = await fetch(`${appBase}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(payload),
    })
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  const merchant = { name: 'Lojista Bench', email: 'bench-email@example.com', password: 'senha-1234' }
  await call('POST', '/api/auth/register', merchant)
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', merchant)
  const store = await call<{ id: string }>('POST', '/api/stores', { name: 'Bench E-mail' }, token)
  const product = await call<{ id: string }>(
    'POST',
    `/api/stores/${store.id}/products`,
    { name: 'Curso Online', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/curso.pdf' },
    token,
  )
  await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_bench_0005' },
    token,
  )
  const emails = (on: boolean) =>
    call(
      'PUT',
      `/api/stores/${store.id}/emails/settings`,
      {
        notifyNewSale: on,
        replyTo: null,
        buyerKinds: Object.fromEntries(BUYER_EMAIL_KINDS.map((k) => [k, on])),
      },
      token,
    )

  let n = 0
  let ip = 0
  const url = `${appBase}/api/checkout/create-digital-order`
  const body = () =>
    JSON.stringify({
      storeId: store.id,
      productId: product.id,
      customer: { name: 'Comprador Bench', email: `buyer${++n}@example.com`, phone: '11987654321', cpf: '52998224725' },
      payment: { method: 'pix' },
    })
  const headers = () => ({
    'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    'idempotency-key': `bench-email-${process.pid}-${ip++}`,
  })
  const run = () => load(url, { total: ORDERS, concurrency: CONCURRENCY, method: 'POST', body, headers })

  await emails(true)
  await load(url, { total: 30, concurrency: 5, method: 'POST', body, headers })
  let on: LoadResult | undefined
  let off: LoadResult | undefined
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of [true, false]) {
      await waitUntil(drained, 'queue drained')
      await emails(mode)
      const r = await run()
      if (r.errors > 0) throw new Error(`${r.errors} orders failed`)
      if (mode && (!on || r.rps > on.rps)) on = r
      if (!mode && (!off || r.rps > off.rps)) off = r
    }
  }
  await waitUntil(drained, 'queue drained')
  console.log(`create-digital-order, e-mail on  (SMTP), ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(on!)}`)
  console.log(`create-digital-order, e-mail off        , ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(off!)}`)
  console.log(
    `ratio on/off throughput: ${(on!.rps / off!.rps).toFixed(2)} (messages received by the SMTP server: ${received})`,
  )
} finally {
  await stop(worker)
  await stop(api)
  await queue.obliterate({ force: true }).catch(() => undefined)
  await queue.close()
  await queueConnection.quit()
  await sql.end()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
  await new Promise<void>((r) => smtp.close(() => r()))
}
