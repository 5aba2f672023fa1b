import { randomUUID } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../platform/database'
import { digitalOrderPayloadSchema } from '../../shared/ordering'
import { createTestApp, type TestApp } from '../../testing/test-app'
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

it('places a digital PIX order in 3 SQL statements and no transaction, charging it from the api process', async () => {
  const owner = await t.login()
  const inject = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: owner.headers })
  const store = (await inject('/api/stores', { name: 'Loja' })).json()
  const product = (
    await inject(`/api/stores/${store.id}/products`, {
      name: 'E-book',
      price: 49.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/e.pdf',
    })
  ).json()
  const config = await inject(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, {
    ativoPayApiKey: 'sk_sandbox_short_path_0001',
  })
  expect(config.json().ativoPayActive).toBe(true)

  const payload = digitalOrderPayloadSchema.parse({
    storeId: store.id,
    productId: product.id,
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    shipping: {
      address: 'Produto digital',
      number: '0',
      city: 'Digital',
      state: 'DG',
      zipCode: '00000000',
      method: 'digital',
    },
    payment: { method: 'pix' },
  })
  // No queue round trip on the request path: a job the request would wait for fails the test.
  const jobs = Object.assign(Object.create(t.runtime.jobs), {
    run: () => Promise.reject(new Error('a queue round trip on the request path')),
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
})
