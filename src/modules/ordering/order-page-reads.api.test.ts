/**
 * Issue 33 item 18: the buyer's order page (and the order e-mails that read it in the worker) reads the order once,
 * with its items in the same statement, and the order status built from that row reads nothing of the order again.
 * Counted as the SQL statements sent, so a doubled read fails here, not in a benchmark.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementLog } from '../../testing/statement-log'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderPage } from './order-page'
import { orderingFixtures } from './ordering-fixtures'
import { orderSnapshot } from './snapshot'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { post, shop, digitalOrder, physicalOrder, sandbox, orderStatus } = orderingFixtures(() => t)

/** Every select's tables, in order, and the deps whose database logs them (testing/statement-log.ts). */
function counted() {
  const log = statementLog()
  const db = t.runtime.db.withPlugin(log.plugin)
  const deps = { db, jobs: t.runtime.jobs, config: t.config, log: t.runtime.log }
  return {
    deps,
    get selects() {
      return log.statements.filter((s) => s.kind === 'SelectQueryNode').map((s) => s.tables)
    },
    reading: log.reading,
  }
}

async function place(payload: unknown, kind: 'physical' | 'digital' = 'physical') {
  const res = await post(
    kind === 'physical' ? '/api/checkout/create-order' : '/api/checkout/create-digital-order',
    payload,
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { orderId: string; paymentResult: { gatewayId: string } }
}

describe('order page, its reads', () => {
  it('reads a pending order once, its items with it, and shows its lines and charge', async () => {
    const s = await shop()
    const { orderId } = await place(physicalOrder(s))
    const c = counted()
    const page = await orderPage(c.deps, orderId)
    expect(page?.order.status).toBe('PENDING')
    expect(page?.order.items.map((i) => i.name)).toEqual(['Camiseta'])
    expect(page?.payment?.method).toBe('PIX')
    expect(c.reading('orders'), JSON.stringify(c.selects)).toBe(1)
    expect(c.reading('order_items'), JSON.stringify(c.selects)).toBe(0)
    // The order (with its items) and its latest charge: nothing else for a pending order.
    expect(c.selects.length, JSON.stringify(c.selects)).toBe(2)
  })

  it('reads a paid digital order once and still gives its access, as the order status route does', async () => {
    const s = await shop()
    const { orderId, paymentResult } = await place(digitalOrder(s), 'digital')
    await sandbox(paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await orderStatus(orderId)).status === 'PAID')
    const c = counted()
    const page = await orderPage(c.deps, orderId)
    expect(page?.order.status).toBe('PAID')
    expect(page?.digitalAccess?.url).toContain(`/api/checkout/orders/${orderId}/download?token=`)
    expect(page?.reviewToken).toBeTruthy()
    expect(c.reading('orders'), JSON.stringify(c.selects)).toBe(1)
    expect(c.reading('order_items'), JSON.stringify(c.selects)).toBe(0)
  })

  it('gives the snapshot the same lines in one statement', async () => {
    const s = await shop()
    const { orderId } = await place(physicalOrder(s))
    const c = counted()
    const snapshot = await orderSnapshot(c.deps.db, orderId)
    expect(snapshot?.items.map((i) => i.name)).toEqual(['Camiseta'])
    expect(c.selects).toEqual([['orders']])
    expect(await orderSnapshot(c.deps.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined()
  })
})
