/** Issue 26: a refused card attempt is not an order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { orderingFixtures, type Shop } from './ordering-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { card, post, shop, physicalOrder, stockOf, orders } = orderingFixtures(() => t)

async function capBump(s: Shop, stock: number) {
  const cap = await post(
    `/api/stores/${s.storeId}/products`,
    { name: 'Boné', price: 40, type: 'PHYSICAL', stock },
    s.owner.headers,
  )
  expect(cap.statusCode).toBe(201)
  const bump = await post(
    `/api/stores/${s.storeId}/order-bumps`,
    { title: 'Leve também', productId: cap.json().id },
    s.owner.headers,
  )
  expect(bump.statusCode, bump.body).toBe(201)
  return { capId: cap.json().id as string, bumpId: bump.json().id as string }
}

async function get(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('a refused card', () => {
  it('is an attempt: a refused then an approved card make 1 order, 1 in every figure, stock taken once', async () => {
    const s = await shop({ stock: 5 })
    const { capId, bumpId } = await capBump(s, 3)
    await post(`/api/stores/${s.storeId}/order-bumps/${bumpId}/display`, { visitId: 'visit-refused-0001' })
    const withBump = (cardNumber: string) =>
      physicalOrder(s, { payment: { ...card, cardNumber }, orderBumps: [bumpId] })

    const refused = await post('/api/checkout/create-order', withBump(SANDBOX_CARDS.refused), {
      'idempotency-key': 'attempt-key-000001',
    })
    expect(refused.statusCode).toBe(422)
    // its stock and its bump's stock are back at once, and there is no order
    expect(await stockOf(s)).toBe(5)
    expect((await get(`/api/stores/${s.storeId}/products/${capId}`, s.owner.headers)).stock).toBe(3)
    expect(await orders(s)).toEqual([])
    // a retry of the same key replays the refusal; it places nothing
    const replay = await post('/api/checkout/create-order', withBump(SANDBOX_CARDS.refused), {
      'idempotency-key': 'attempt-key-000001',
    })
    expect(replay.statusCode).toBe(422)

    const approved = await post('/api/checkout/create-order', withBump(SANDBOX_CARDS.approved), {
      'idempotency-key': 'attempt-key-000002',
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().status).toBe('PAID')
    // the refusal took no order number (issue 33 item 5): the first order of the store is #1001
    expect(approved.json().orderNumber).toBe('#1001')
    await t.drain()

    expect((await orders(s)).map((o) => o.status)).toEqual(['PAID'])
    expect(await stockOf(s)).toBe(4)
    await waitFor(async () => {
      const d = await get(`/api/stores/${s.storeId}/dashboard?period=30days`, s.owner.headers)
      return d.metrics.paidOrdersCount === 1
    })
    const dashboard = await get(`/api/stores/${s.storeId}/dashboard?period=30days`, s.owner.headers)
    expect(dashboard.metrics).toMatchObject({ totalOrders: 1, paidOrdersCount: 1, cancelledOrdersCount: 0 })
    expect(dashboard.metrics.conversionRate).toBe(100)
    expect(dashboard.metrics.recentOrders).toHaveLength(1)
    await waitFor(
      async () =>
        (await get(`/api/stores/${s.storeId}/order-bumps/${bumpId}`, s.owner.headers)).paidConversionCount === 1,
    )
    const b = await get(`/api/stores/${s.storeId}/order-bumps/${bumpId}`, s.owner.headers)
    expect(b).toMatchObject({ displayCount: 1, conversionCount: 1 })
    expect(b.conversionCount).toBeLessThanOrEqual(b.displayCount)

    // the attempt is kept, refused, for the recovery list
    const attempts = await t.runtime.db.selectFrom('checkout_attempts').selectAll().execute()
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ store_id: s.storeId, status: 'REFUSED', customer_email: 'maria@example.com' })
    expect((attempts[0].items as { bumpId: string | null }[]).map((i) => i.bumpId)).toContain(bumpId)
  })
})
