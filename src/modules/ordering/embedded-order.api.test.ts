import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures } from './ordering-fixtures'

// Embedded mode (PGlite behind one connection, in-process jobs): the same order path, key claim and charge.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, env: { DATABASE_URL: undefined } })
})
afterAll(() => t.close())
const fixtures = orderingFixtures(() => t)

it('places, replays and pays a digital PIX order on PGlite', async () => {
  expect(t.runtime.dbHandle.kind).toBe('pglite')
  const inject = fixtures.post
  const body = fixtures.digitalOrder(await fixtures.shop({ shipping: false }))
  const key = { 'idempotency-key': randomUUID() }
  const first = await inject('/api/checkout/create-digital-order', body, key)
  expect(first.statusCode).toBe(200)
  const again = await inject('/api/checkout/create-digital-order', body, key)
  expect(again.headers['idempotent-replayed']).toBe('true')
  expect(again.json()).toEqual(first.json())

  const pay = await inject(`/sandbox/ativopay/v1/transactions/${first.json().paymentResult.gatewayId}/pay`, {}, {})
  expect(pay.json().postback.delivered).toBe(true)
  await t.drain()
  await t.drain()
  const status = await t.app.inject({ url: `/api/checkout/order-status/${first.json().orderId}` })
  expect(status.json().order.status).toBe('PAID')
})
