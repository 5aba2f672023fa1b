import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { digitalOrderPayloadSchema } from '../../shared/ordering'
import { createTestApp, type TestApp } from '../../testing/test-app'
import type { Database } from '../database'
import { orderingFixtures } from './ordering-fixtures'
import { placeOrder } from './place-order'

// Production mode (PostgreSQL + BullMQ): the order's SQL statements are counted through a Kysely log hook on a
// second handle to the same database, the way the api runs them, including BEGIN and COMMIT.
let t: TestApp
let counted: Kysely<Database>
const statements: string[] = []
beforeAll(async () => {
  t = await createTestApp()
  counted = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql)
    },
  })
})
afterAll(async () => {
  await counted.destroy()
  await t.close()
})

/** Statements the in-process sandbox gateway runs for itself: the gateway's cost, not ours. */
const isGateway = (sql: string) => sql.includes('payment_sandbox_transactions')

const fixtures = orderingFixtures(() => t)

/** A store with a digital product and an active sandbox key. */
async function digitalShop() {
  const s = await fixtures.shop({ shipping: false })
  return { shop: s, store: { id: s.storeId }, product: { id: s.digitalId } }
}

it('places a digital PIX order in 3 SQL statements, no transaction and no queue write, charging it from the api process', async () => {
  const { shop } = await digitalShop()

  const payload = digitalOrderPayloadSchema.parse(fixtures.digitalOrder(shop))
  // No queue round trip on the request path: a job the request would wait for fails the test, and it writes none
  // (the PIX's expiry is planned by the sweep).
  const enqueued: string[] = []
  const jobs = Object.assign(Object.create(t.runtime.jobs), {
    run: () => Promise.reject(new Error('a queue round trip on the request path')),
    enqueue: async (name: string) => void enqueued.push(name),
  })
  const deps = { db: counted, jobs, config: t.config, log: t.app.log }
  const place = () =>
    placeOrder(
      deps,
      { kind: 'DIGITAL', payload },
      { scope: 'create-digital-order', key: randomUUID(), fingerprint: 'f' },
    )

  await place()
  statements.length = 0
  const result = await place()
  expect(result.paymentResult?.pixCode).toMatch(/^000201/)
  const ours = statements.filter((s) => !isGateway(s))
  console.log(`digital PIX order: ${ours.length} SQL statements\n  ${ours.map((s) => s.slice(0, 90)).join('\n  ')}`)
  // Product with the payment configuration, then one statement for key + order + items + charge + event, and one for the
  // charge's answer on the charge, the order and the key.
  expect(ours.length).toBeLessThanOrEqual(3)
  expect(ours.filter((s) => /^(begin|commit)/i.test(s))).toEqual([])
  expect(enqueued).toEqual([])
})

it('a digital order is one statement: a repeated key writes nothing, not even a number, a charge or an event', async () => {
  const { store, product } = await digitalShop()
  const order = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      headers,
      payload: {
        storeId: store.id,
        productId: product.id,
        customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', cpf: '52998224725' },
        payment: { method: 'pix' },
      },
    })
  const headers = { 'idempotency-key': 'digital-click-1' }
  const [a, b] = await Promise.all([order(headers), order(headers)])
  expect([a.statusCode, b.statusCode]).toEqual([200, 200])
  expect(b.json().orderId).toBe(a.json().orderId)
  expect(a.json().orderNumber).toBe('#1001')
  const again = await order(headers)
  expect(again.headers['idempotent-replayed']).toBe('true')
  expect(again.json()).toEqual(a.json())
  const fresh = await order({ 'idempotency-key': 'digital-click-2' })
  expect(fresh.json().orderNumber).toBe('#1002')
  const db = t.runtime.db
  const charges = await db
    .selectFrom('payment_transactions')
    .select(['order_ref', 'status'])
    .where('store_id', '=', store.id)
    .execute()
  expect(charges.map((c) => c.order_ref).sort()).toEqual([a.json().orderId, fresh.json().orderId].sort())
  expect(charges.every((c) => c.status === 'PENDING')).toBe(true)
  const placed = await db
    .selectFrom('outbox')
    .select('payload')
    .where('event', '=', 'order.placed')
    .where(sql<boolean>`payload->>'storeId' = ${store.id}`)
    .execute()
  expect(placed.map((e) => (e.payload as { orderNumber: string }).orderNumber).sort()).toEqual(['#1001', '#1002'])
  // The order records its charge and the key its answer, written together with the charge.
  const stored = await db
    .selectFrom('orders')
    .select(['pix_code', 'gateway_id'])
    .where('id', '=', a.json().orderId)
    .executeTakeFirstOrThrow()
  expect(stored).toEqual({ pix_code: a.json().qrCode, gateway_id: a.json().paymentResult.gatewayId })
  const key = await db
    .selectFrom('order_idempotency_keys')
    .select(['status_code', 'response'])
    .where('key', '=', 'digital-click-1')
    .executeTakeFirstOrThrow()
  expect(key).toEqual({ status_code: 200, response: a.json() })
})
