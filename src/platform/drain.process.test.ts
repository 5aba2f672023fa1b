/**
 * SIGTERM under keep-alive load, against a real api process (production mode over PostgreSQL, jobs in-process):
 * buyers keep placing orders over kept-alive connections while the api drains, until readiness says 503 (as a
 * balancer would). Checked: readiness turned 503 while the listener was still open, not one connection reset or cut
 * response, the idle kept-alive connection closed by the server, every order answered 200 stored, and the process
 * exited by itself (code 0).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { freePort } from '../testing/processes'
import { createDatabase, waitFor } from '../testing/test-app'

const root = path.resolve(import.meta.dirname, '../..')
const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

type Outcome = { status: number; body: string; connection?: string } | { error: string }

function send(agent: Agent, port: number, method: string, url: string, body?: unknown, headers = {}) {
  return new Promise<Outcome>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }))
        res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }))
      },
    )
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }))
    req.end(payload)
  })
}

it('drains on SIGTERM under keep-alive load: no reset, every answered order stored, a clean exit', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'drain-test-secret-that-is-long-enough-0123456789',
      DATABASE_URL: database.url,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PASSWORD_HASH_COST: '4',
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_ORDER_MAX: '100000',
      SEED_DEMO: '0',
      // A balancer must see readiness 503 within the delay; this test's balancer is a poll from a process that shares
      // two loaded cores with the api, so the delay is generous (a connection opened after it is refused or reset).
      SHUTDOWN_DELAY_MS: '4000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  const setup = new Agent({ keepAlive: false })
  const call = async (method: string, url: string, body?: unknown, headers = {}) => {
    const r = await send(setup, port, method, url, body, headers)
    if ('error' in r) throw new Error(`${url}: ${r.error}`)
    return { status: r.status, json: r.body ? JSON.parse(r.body) : undefined }
  }
  await waitFor(
    async () => {
      const r = await send(setup, port, 'GET', '/api/health/ready')
      return 'status' in r && r.status === 200
    },
    60_000,
    100,
  )

  await call('POST', '/api/auth/register', { name: 'Lojista', email: 'l@example.com', password: 'segredo1' })
  const token = (await call('POST', '/api/auth/login', { email: 'l@example.com', password: 'segredo1' })).json.token
  const auth = { authorization: `Bearer ${token}` }
  const store = (await call('POST', '/api/stores', { name: 'Loja' }, auth)).json
  const product = (
    await call(
      'POST',
      `/api/stores/${store.id}/products`,
      { name: 'Curso', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/c.zip' },
      auth,
    )
  ).json
  const cfg = await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_drain_test_0001' },
    auth,
  )
  expect(cfg.status).toBe(200)

  // Buyers on kept-alive connections, each placing orders back to back until the server is gone.
  const answered: string[] = []
  const outcomes: Outcome[] = []
  // What a balancer does once readiness says 503: no new requests to this replica. Requests already sent, on
  // kept-alive connections, must still be answered in full.
  let balancerMovedOn = false
  const buyer = async (i: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    while (!balancerMovedOn) {
      const r = await send(
        agent,
        port,
        'POST',
        '/api/checkout/create-digital-order',
        {
          storeId: store.id,
          productId: product.id,
          customer: {
            name: `Comprador ${i}`,
            email: `c${i}@example.com`,
            phone: '(11) 98765-4321',
            cpf: '529.982.247-25',
          },
          payment: { method: 'pix' },
        },
        { 'idempotency-key': randomUUID() },
      )
      outcomes.push(r)
      if ('status' in r && r.status === 200) answered.push(JSON.parse(r.body).orderId)
      // Any error is a failure the test reports: stop there.
      if ('error' in r) break
    }
    agent.destroy()
  }
  const buyers = Promise.all(Array.from({ length: 6 }, (_, i) => buyer(i)))
  await waitFor(() => answered.length >= 20, 60_000)

  // One more client: a kept-alive connection that goes idle before the SIGTERM and stays idle.
  const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 })
  const idleSocket = new Promise<import('node:net').Socket>((resolve) =>
    idleAgent.once('free', (socket) => resolve(socket)),
  )
  expect(await send(idleAgent, port, 'GET', '/api/health/live')).toMatchObject({ status: 200 })
  const idleClosed = idleSocket.then(
    (socket) => new Promise<boolean>((resolve) => socket.once('close', (hadError) => resolve(!hadError))),
  )

  child.kill('SIGTERM')
  // Readiness says 'draining' while the listener is still open (SHUTDOWN_DELAY_MS).
  let sawDraining = false
  await waitFor(
    async () => {
      const r = await send(setup, port, 'GET', '/api/health/ready')
      if ('status' in r && r.status === 503) {
        sawDraining = true
        balancerMovedOn = true
      }
      return sawDraining || ('error' in r && r.error === 'ECONNREFUSED')
    },
    30_000,
    20,
  )
  expect(sawDraining).toBe(true)
  expect(await exited).toBe(0)
  await buyers

  expect(outcomes.filter((o) => 'error' in o)).toEqual([])
  expect(outcomes.filter((o) => 'status' in o && o.status !== 200)).toEqual([])
  // A kept-alive connection idle since before the SIGTERM is closed by the server, not left to time out.
  expect(await idleClosed).toBe(true)

  const db = new pg.Client({ connectionString: database.url })
  await db.connect()
  const { rows } = await db.query('select id from orders where id = any($1::uuid[])', [answered])
  await db.end()
  expect(rows.length).toBe(answered.length)
}, 120_000)
