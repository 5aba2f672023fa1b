/**
 * kill -9 of the worker during a `commission.created` webhook delivery (issue 37): production mode (an api process,
 * a worker process, PostgreSQL, BullMQ on Redis). An affiliate's sale is paid; the merchant's receiver holds the
 * first commission webhook without answering, and the worker delivering it is killed with SIGKILL. A second worker
 * takes the delivery over once its claim is stale (DELIVERY_CLAIM_STALE_MS, shortened here) and sends it again with
 * the same `webhook-id`; the order still has exactly one share per partner and one SALE ledger transaction — the
 * commission was not credited twice.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { afterAll, expect, it } from 'vitest'
import { apiClient } from '../../../bench/support/production-app'
import { type AppProcess, ENTRY, freePort, startProcess } from '../../testing/processes'
import { clearRedisPrefix, createDatabase, TEST_REDIS, waitFor } from '../../testing/test-app'

const cleanup: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined)
})

const STALE_MS = 11_000

/** The merchant's receiver: records every request; holds the first one unanswered (the worker dies meanwhile). */
async function holdingReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const held: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      if (received.length === 1) return void held.push(res)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/checkout`,
    received,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const okStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status === 200,
    () => false,
  )

it('the worker killed -9 mid-delivery: the commission webhook is delivered again (same id), the commission not doubled', async () => {
  const database = await createDatabase()
  cleanup.push(() => database.drop())
  const prefix = `test-commission-kill-${randomUUID().slice(0, 8)}`
  cleanup.push(() => clearRedisPrefix(prefix))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-commission-kill-'))
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const sql = new pg.Pool({ connectionString: database.url, max: 2 })
  cleanup.push(() => sql.end())
  const receiver = await holdingReceiver()
  cleanup.push(() => receiver.close())

  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'commission-kill-test-secret-long-enough-0123456789',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ATIVOPAY_API_URL: '',
    SMTP_URL: '',
    SEED_DEMO: '0',
    PASSWORD_HASH_COST: '4',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ORDER_MAX: '100000',
    JOB_BACKOFF_MS: '200',
    DB_POOL_MAX: '5',
    DELIVERY_CLAIM_STALE_MS: String(STALE_MS),
    WEBHOOK_RETRY_SCHEDULE_MS: '500,500,500',
  }
  const processes: AppProcess[] = []
  cleanup.push(() => Promise.all(processes.map((p) => p.crash())))
  const [apiPort, health1, health2] = await Promise.all([1, 2, 3].map(() => freePort()))
  const api = startProcess('api', ENTRY.api, {
    ...common,
    PORT: String(apiPort),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
  })
  processes.push(api)
  const startWorker = (name: string, healthPort: number) => {
    const p = startProcess(name, ENTRY.worker, {
      ...common,
      PORT: '0',
      WORKER_HEALTH_PORT: String(healthPort),
      WORKER_CONCURRENCY: '1',
    })
    processes.push(p)
    return { ...p, ready: `http://127.0.0.1:${healthPort}/health/ready` }
  }
  const ready = (p: Pick<AppProcess, 'name' | 'alive' | 'exited'>, url: string) =>
    waitFor(
      async () => {
        if (!p.alive()) throw new Error(`${p.name} exited before becoming ready (${await p.exited})`)
        return okStatus(url)
      },
      90_000,
      100,
    )
  const victim = startWorker('commission-victim', health1!)
  await Promise.all([ready(api, `http://127.0.0.1:${apiPort}/api/health/ready`), ready(victim, victim.ready)])

  const base = `http://127.0.0.1:${apiPort}`
  const call = apiClient(base)
  const account = async (email: string) => {
    const user = { name: 'Pessoa Teste', email, password: 'senha-1234' }
    await call('POST', '/api/auth/register', user)
    return (await call<{ token: string }>('POST', '/api/auth/login', user)).token
  }
  const owner = await account('produtora@kill.example.com')
  const store = await call<{ id: string }>('POST', '/api/stores', { name: 'Loja Comissões' }, owner)
  const product = await call<{ id: string }>(
    'POST',
    `/api/stores/${store.id}/products`,
    { name: 'Curso Online', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/curso.pdf' },
    owner,
  )
  await call(
    'POST',
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_commission_kill_01' },
    owner,
  )
  await call(
    'PUT',
    `/api/stores/${store.id}/products/${product.id}/affiliate-program`,
    { enabled: true, commissionBps: 3_000, cookieDays: 60, autoApprove: true },
    owner,
  )
  const hook = await call<{ secret: string }>(
    'POST',
    `/api/stores/${store.id}/webhooks`,
    { url: receiver.url, events: ['commission.created'] },
    owner,
  )
  const affiliate = await account('afiliada@kill.example.com')
  const { data } = await call<{ data: { link: string } }>(
    'POST',
    '/api/affiliations',
    { productId: product.id },
    affiliate,
  )
  const clicked = await fetch(`${base}${new URL(data.link, base).pathname}`, { redirect: 'manual' })
  expect(clicked.status).toBe(302)
  const visitor = /aff_v=([^;]+)/.exec(String(clicked.headers.get('set-cookie')))![1]!

  const order = await call<{ orderId: string; paymentResult: { gatewayId: string } }>(
    'POST',
    '/api/checkout/create-digital-order',
    {
      storeId: store.id,
      productId: product.id,
      productType: 'DIGITAL',
      customer: {
        name: 'Comprador Teste',
        email: 'comprador@kill.example.com',
        phone: '11987654321',
        cpf: '52998224725',
      },
      shipping: {
        address: 'Produto digital',
        number: '0',
        city: 'Digital',
        state: 'DG',
        zipCode: '00000000',
        method: 'digital',
      },
      payment: { method: 'pix' },
      tracking: { aff: visitor },
    },
  )
  await call('POST', `/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/pay`, {})

  // The first commission.created reaches the receiver, which holds it: the worker is inside that delivery.
  await waitFor(() => receiver.held.length === 1, 60_000, 50)
  const shares = async () =>
    (await sql.query('select role, amount_cents from commissions where order_id = $1 order by role', [order.orderId]))
      .rows
  expect(await shares()).toHaveLength(2)
  await victim.crash()
  for (const res of receiver.held) res.destroy()

  const survivor = startWorker('commission-survivor', health2!)
  await ready(survivor, survivor.ready)
  const verified = () =>
    receiver.received.map((r) => ({
      id: String(r.headers['webhook-id']),
      message: new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string
        data: { role: string; orderId: string }
      },
    }))
  const firstId = verified()[0]!.id
  // Delivered again after the dead worker's claim went stale, with the same webhook-id; and the other share's too.
  await waitFor(() => verified().filter((m) => m.id === firstId).length >= 2, 90_000, 100)
  await waitFor(() => new Set(verified().map((m) => m.id)).size === 2, 60_000, 100)
  const delivered = verified()
  expect(
    delivered.every((m) => m.message.type === 'commission.created' && m.message.data.orderId === order.orderId),
  ).toBe(true)
  expect(new Set(delivered.map((m) => m.message.data.role))).toEqual(new Set(['AFFILIATE', 'PRODUCER']))

  // Nothing was credited twice: one share per partner, one SALE transaction, the ledger of the order balanced.
  expect((await shares()).map((r) => r.role)).toEqual(['AFFILIATE', 'PRODUCER'])
  const sales = await sql.query(`select count(*)::int as n from ledger_transactions where key = $1`, [
    `sale:${order.orderId}`,
  ])
  expect(sales.rows[0].n).toBe(1)
  const sum = await sql.query(
    'select coalesce(sum(amount_cents), 0)::int as s from ledger_entries where order_id = $1',
    [order.orderId],
  )
  expect(sum.rows[0].s).toBe(0)
}, 300_000)
