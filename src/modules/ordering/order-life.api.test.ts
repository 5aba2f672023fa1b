import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from './ordering-fixtures'
import { applyPaymentStatus } from './service'

// An order after it is placed: payment outcomes at the gateway, stock given back once, and the merchant's views.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { customer, post, shop, physicalOrder, digitalOrder, stockOf, orderStatus, pageTokenOf, sandbox } =
  orderingFixtures(() => t)

describe('payment status', () => {
  it('turns an order PAID through the sandbox and publishes order.paid once', async () => {
    const s = await shop()
    const body = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    await sandbox(body.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await orderStatus(body.orderId)).status === 'PAID')
    await applyPaymentStatus(t.runtime.db, body.orderId, 'PAID', body.transactionId)
    await t.drain()
    const events = await t.runtime.db
      .selectFrom('outbox')
      .select('payload')
      .where('event', '=', 'order.paid')
      .where(({ ref }) => ref('payload'), '@>', JSON.stringify({ orderId: body.orderId }) as never)
      .execute()
    expect(events).toHaveLength(1)
    expect(await stockOf(s)).toBe(9)
  })

  it('gives the stock back exactly once on expiry or refusal', async () => {
    const s = await shop({ stock: 3 })
    const body = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    expect(await stockOf(s)).toBe(2)
    await sandbox(body.paymentResult.gatewayId, 'expire')
    await waitFor(async () => (await orderStatus(body.orderId)).status === 'CANCELLED')
    expect(await stockOf(s)).toBe(3)
    for (const status of ['EXPIRED', 'REFUSED', 'CANCELLED'] as const)
      await applyPaymentStatus(t.runtime.db, body.orderId, status, body.transactionId)
    expect(await stockOf(s)).toBe(3)

    const other = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    await Promise.all([
      applyPaymentStatus(t.runtime.db, other.orderId, 'REFUSED', other.transactionId),
      applyPaymentStatus(t.runtime.db, other.orderId, 'EXPIRED', other.transactionId),
    ])
    expect(await stockOf(s)).toBe(3)
  })

  it('hides the digital access until the order is PAID', async () => {
    const s = await shop()
    const res = await post('/api/checkout/create-digital-order', digitalOrder(s))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.total).toBe(49.9)
    const before = await orderStatus(body.orderId)
    expect(before).toMatchObject({ status: 'PENDING', productType: 'DIGITAL', orderNumber: '#1001' })
    expect(before.digitalAccess).toBeUndefined()

    await sandbox(body.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await orderStatus(body.orderId)).status === 'PAID')
    // the order id alone (which the merchant and the logs see) opens nothing: the page token does
    expect((await orderStatus(body.orderId)).digitalAccess).toBeUndefined()
    expect((await orderStatus(body.orderId, 'wrong-token')).digitalAccess).toBeUndefined()
    const after = await orderStatus(body.orderId, pageTokenOf(body.orderPageUrl))
    expect(after.digitalAccess).toMatchObject({ productName: 'E-book' })
    const download = await t.app.inject({ url: after.digitalAccess.url })
    expect(download.statusCode).toBe(302)
    expect(download.headers.location).toBe('https://files.example.com/ebook.pdf')
    const forged = await t.app.inject({ url: `/api/checkout/orders/${body.orderId}/download?token=9999999999.abc` })
    expect(forged.statusCode).toBe(403)
    const unknown = await t.app.inject({ url: '/api/checkout/order-status/00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('store views', () => {
  it('lists orders only for the owner', async () => {
    const s = await shop()
    await post('/api/checkout/create-order', physicalOrder(s))
    const stranger = await t.login()
    const res = await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: stranger.headers })
    expect(res.statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/stores/${s.storeId}/orders` })).statusCode).toBe(401)
    const page = await t.app.inject({
      url: `/api/stores/${s.storeId}/orders?limit=1&offset=1`,
      headers: s.owner.headers,
    })
    expect(page.json()).toEqual([])
  })

  it('computes the store dashboard and the admin dashboard', async () => {
    const s = await shop()
    const paid = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email: 'joao@example.com' } }))
    await post('/api/checkout/create-digital-order', digitalOrder(s))
    await sandbox(paid.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await orderStatus(paid.orderId)).status === 'PAID')

    // The dashboards read rollups the worker keeps from the order events: wait until it has seen the payment.
    const today = () =>
      t.app.inject({ url: `/api/stores/${s.storeId}/dashboard?period=today`, headers: s.owner.headers })
    await waitFor(async () => (await today()).json().metrics?.paidOrdersCount === 1)
    const res = await today()
    expect(res.statusCode).toBe(200)
    const m = res.json().metrics
    expect(m).toMatchObject({
      totalOrders: 3,
      paidRevenue: 120,
      paidOrdersCount: 1,
      pendingOrdersCount: 2,
      pendingRevenue: 169.9,
      totalRevenue: 289.9,
      averageOrderValue: 120,
      conversionRate: 33.3,
      pixOrdersCount: 3,
      cardOrdersCount: 0,
      totalCustomers: 2,
      returningCustomers: 1,
    })
    expect(m.recentOrders).toHaveLength(3)
    expect(m.revenueByMonth.at(-1).revenue).toBe(120)
    const yesterday = (
      await t.app.inject({ url: `/api/stores/${s.storeId}/dashboard?period=yesterday`, headers: s.owner.headers })
    ).json()
    expect(yesterday.metrics.totalOrders).toBe(0)
    expect(
      (await t.app.inject({ url: `/api/stores/${s.storeId}/dashboard?period=bad`, headers: s.owner.headers }))
        .statusCode,
    ).toBe(400)

    const admin = await t.login({ role: 'ADMIN' })
    const dash = await t.app.inject({ url: '/api/admin/dashboard?period=7days', headers: admin.headers })
    expect(dash.statusCode).toBe(200)
    const body = dash.json()
    expect(body.systemMetrics.platformFeePercentage).toBe(5)
    expect(body.systemMetrics.totalUsers).toBeGreaterThanOrEqual(2)
    expect(body.systemMetrics.totalStores).toBeGreaterThanOrEqual(1)
    expect(body.systemMetrics.activeStores).toBeLessThanOrEqual(body.systemMetrics.totalStores)
    // 5 % of the revenue in whole cents: at most half a cent from the exact product (R$ 289,90 gives R$ 14,50).
    const feeGap = Math.abs(body.systemMetrics.platformFee - body.systemMetrics.totalRevenue * 0.05)
    expect(feeGap).toBeLessThanOrEqual(0.005 + 1e-9)
    expect(body.topStores[0]).toMatchObject({ owner: expect.any(String), name: expect.any(String) })
    expect(body.systemMetrics.totalRevenue).toBeGreaterThanOrEqual(120)
    expect(body.topStores.length).toBeGreaterThan(0)
    expect(body.topStores.length).toBeLessThanOrEqual(5)
    expect(body.recentOrders.length).toBeLessThanOrEqual(5)
    expect(body.recentOrders[0].storeName).toBeTruthy()
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: s.owner.headers })).statusCode).toBe(403)

    const details = await t.app.inject({ url: `/api/admin/users/${s.owner.id}`, headers: admin.headers })
    expect(details.json().summary).toMatchObject({ totalOrders: 1, totalRevenue: 120 })
  })
})
