import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { sweepAbandonedOrders } from './abandoned-order-sweeper'
import { orderingFixtures, type Shop } from './ordering-fixtures'
import { applyPaymentEvent } from './service'

// Embedded queue on the real PostgreSQL: t.drain() runs every relayed event, so each assertion sees the end state.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

const log = { warn() {} }
const { post, shop, physicalOrder, outboxPayloads } = orderingFixtures(() => t)

async function placePhysical(s: Shop, headers: Record<string, string> = {}) {
  const res = await post('/api/checkout/create-order', physicalOrder(s), headers)
  expect(res.statusCode).toBe(200)
  return res.json() as { orderId: string; transactionId: string; total: number; paymentResult: { gatewayId: string } }
}

async function order(id: string) {
  return t.runtime.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function stockOf(s: Shop): Promise<number> {
  const row = await t.runtime.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', s.physicalId)
    .executeTakeFirstOrThrow()
  return Number(row.stock)
}

const eventsOf = (name: string, orderId: string) => outboxPayloads(name, 'orderId', orderId)

function testCharge(storeId: string, orderRef: string, card: string, amount = 1) {
  return {
    orderRef,
    amount,
    paymentMethod: 'CREDIT_CARD',
    customer: { name: 'B', email: 'b@example.com', phone: '11987654321', document: { number: '52998224725' } },
    items: [{ title: 'x', unitPrice: amount, quantity: 1, tangible: false, externalRef: 'x' }],
    card: { number: card, holderName: 'B', expMonth: 12, expYear: 2030, cvv: '123' },
    installments: 1,
    storeId,
  }
}

describe('a payment pays only its own order', () => {
  it("another store's charge naming an order changes nothing, approved or refused", async () => {
    const a = await shop()
    const b = await shop()
    const placed = await placePhysical(a)
    const stock = await stockOf(a)
    for (const card of [SANDBOX_CARDS.approved, SANDBOX_CARDS.refused]) {
      const res = await post(
        `/api/payment/ativo-pay/transaction?storeId=${b.storeId}`,
        testCharge(b.storeId, placed.orderId, card),
        b.owner.headers,
      )
      expect(res.statusCode).toBe(201)
      expect(res.json().data.orderRef).toMatch(/^test:/)
    }
    await t.drain()
    expect((await order(placed.orderId)).status).toBe('PENDING')
    expect(await stockOf(a)).toBe(stock)
    // Even news claiming that store's charge for this order (what the old subscriber trusted) is ignored.
    for (const status of ['PAID', 'REFUSED'] as const) {
      const outcome = await applyPaymentEvent(
        t.runtime.db,
        { transactionId: randomUUID(), storeId: b.storeId, orderRef: placed.orderId, status, amountCents: 12_000 },
        log,
      )
      expect(outcome).toBe('ignored')
    }
    expect((await order(placed.orderId)).status).toBe('PENDING')
    expect(await stockOf(a)).toBe(stock)
  })

  it("the merchant's own test charge cannot name one of its orders", async () => {
    const a = await shop()
    const placed = await placePhysical(a)
    const res = await post(
      `/api/payment/ativo-pay/transaction?storeId=${a.storeId}`,
      testCharge(a.storeId, placed.orderId, SANDBOX_CARDS.approved, 12_000),
      a.owner.headers,
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().status).toBe('PAID')
    await t.drain()
    expect((await order(placed.orderId)).status).toBe('PENDING')
    expect(await eventsOf('order.paid', placed.orderId)).toHaveLength(0)
  })

  it('an underpaid charge does not pay; the exact amount of its own charge does', async () => {
    const a = await shop()
    const placed = await placePhysical(a)
    const news = { transactionId: placed.transactionId, storeId: a.storeId, orderRef: placed.orderId }
    expect(await applyPaymentEvent(t.runtime.db, { ...news, status: 'PAID', amountCents: 11_999 }, log)).toBe('ignored')
    expect((await order(placed.orderId)).status).toBe('PENDING')
    expect(await applyPaymentEvent(t.runtime.db, { ...news, status: 'PAID', amountCents: 12_000 }, log)).toBe('applied')
    expect((await order(placed.orderId)).status).toBe('PAID')
  })

  it('a payment after the cancellation is flagged for the merchant, not revived; a refund publishes order.refunded', async () => {
    const a = await shop()
    const placed = await placePhysical(a)
    const stock = await stockOf(a)
    const expire = await post(`/sandbox/ativopay/v1/transactions/${placed.paymentResult.gatewayId}/expire`, {})
    expect(expire.statusCode).toBe(200)
    // The postback's re-read job publishes the expiry; the second drain relays it to ordering.
    await t.drain()
    await t.drain()
    expect((await order(placed.orderId)).status).toBe('CANCELLED')
    expect(await stockOf(a)).toBe(stock + 1)

    const news = { transactionId: placed.transactionId, storeId: a.storeId, orderRef: placed.orderId }
    await applyPaymentEvent(t.runtime.db, { ...news, status: 'PAID', amountCents: 12_000 }, log)
    await applyPaymentEvent(t.runtime.db, { ...news, status: 'PAID', amountCents: 12_000 }, log)
    const flagged = await order(placed.orderId)
    expect(flagged.status).toBe('CANCELLED')
    expect(flagged.paid_after_cancel_transaction_id).toBe(placed.transactionId)
    expect(await stockOf(a)).toBe(stock + 1)
    expect(await eventsOf('order.paid_after_cancel', placed.orderId)).toHaveLength(1)
    expect(await eventsOf('order.paid', placed.orderId)).toHaveLength(0)
    const list = await t.app.inject({ url: `/api/stores/${a.storeId}/orders`, headers: a.owner.headers })
    const dto = list.json().find((o: { id: string }) => o.id === placed.orderId)
    expect(dto.paidAfterCancel).toEqual({ at: expect.any(String), transactionId: placed.transactionId })

    const paid = await placePhysical(a)
    const own = { transactionId: paid.transactionId, storeId: a.storeId, orderRef: paid.orderId }
    await applyPaymentEvent(t.runtime.db, { ...own, status: 'PAID', amountCents: 12_000 }, log)
    await applyPaymentEvent(t.runtime.db, { ...own, status: 'REFUNDED', amountCents: 12_000 }, log)
    await applyPaymentEvent(t.runtime.db, { ...own, status: 'REFUNDED', amountCents: 12_000 }, log)
    expect((await order(paid.orderId)).status).toBe('REFUNDED')
    const refunded = await eventsOf('order.refunded', paid.orderId)
    expect(refunded).toHaveLength(1)
    expect(refunded[0]).toMatchObject({
      totalCents: 12_000,
      paymentMethod: 'PIX',
      transactionId: paid.transactionId,
    })
  })

  it('owner payment routes check the token before the body', async () => {
    const routes = [
      ['POST', '/api/payment/ativo-pay/payment-config'],
      ['POST', '/api/payment/ativo-pay/health'],
      ['POST', '/api/payment/ativo-pay/transaction'],
      ['GET', '/api/payment/ativo-pay/payment-config'],
      ['GET', '/api/payment/ativo-pay/transactions'],
      ['GET', `/api/payment/ativo-pay/transaction/${randomUUID()}`],
    ] as const
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { nonsense: [1] } : undefined })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 })
    }
  })
})

/**
 * The state a SIGKILL between the order's commit and its gateway call leaves: the order (stock taken), its key with
 * no answer, its charge CREATING with a lease nobody renews. Written exactly as placeOrder's transaction writes it.
 */
async function strand(s: Shop, opts: { method: 'PIX' | 'CREDIT_CARD'; key?: string; reachedGateway: boolean }) {
  const res = await post(
    '/api/checkout/create-order',
    physicalOrder(s),
    opts.key ? { 'idempotency-key': opts.key } : {},
  )
  expect(res.statusCode).toBe(200)
  const placed = res.json()
  // Rewind what happened after the commit: no gateway answer, no order details, no stored answer.
  const db = t.runtime.db
  await db
    .updateTable('payment_transactions')
    .set({
      status: 'CREATING',
      gateway_id: null,
      pix_code: null,
      method: opts.method,
      create_lease_until: new Date(Date.now() - 1000),
    })
    .where('id', '=', placed.transactionId)
    .execute()
  await db
    .updateTable('orders')
    .set({
      gateway_id: null,
      pix_code: null,
      pix_expires_at: null,
      payment_method: opts.method === 'PIX' ? 'PIX' : 'CREDIT_CARD',
    })
    .where('id', '=', placed.orderId)
    .execute()
  // Whether the killed request's create call reached the gateway before it died.
  if (!opts.reachedGateway)
    await db.deleteFrom('payment_sandbox_transactions').where('external_ref', '=', placed.transactionId).execute()
  if (opts.key)
    await db
      .updateTable('order_idempotency_keys')
      .set({ status_code: null, response: null })
      .where('key', '=', opts.key)
      .execute()
  return placed as { orderId: string; transactionId: string }
}

describe('order placement a crash cannot strand', () => {
  it('schedules the sweeper from the start (embedded queue: one job per period)', async () => {
    const jobs = await t.runtime.db.selectFrom('jobs').select('id').where('name', '=', 'ordering.sweep').execute()
    expect(jobs.length).toBeGreaterThanOrEqual(1)
  })

  it('a retry with the same Idempotency-Key after a crash gets its one order, charged', async () => {
    const s = await shop()
    const key = randomUUID()
    const stranded = await strand(s, { method: 'PIX', key, reachedGateway: false })
    const stock = await stockOf(s)
    const retry = await post('/api/checkout/create-order', physicalOrder(s), { 'idempotency-key': key })
    expect(retry.statusCode).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    // The gateway never got the killed request's call: the retry created the PIX for that same order and charge.
    expect(retry.json()).toMatchObject({ orderId: stranded.orderId, transactionId: stranded.transactionId })
    expect(retry.json().qrCode).toMatch(/^000201/)
    const again = await post('/api/checkout/create-order', physicalOrder(s), { 'idempotency-key': key })
    expect(again.json()).toEqual(retry.json())
    const orders = await t.runtime.db.selectFrom('orders').select('id').where('store_id', '=', s.storeId).execute()
    expect(orders).toHaveLength(1)
    expect(await stockOf(s)).toBe(stock)
    expect((await order(stranded.orderId)).gateway_id).not.toBeNull()
  })

  it('the sweeper finishes an order whose charge landed at the gateway and cancels the orphans once (stock once)', async () => {
    const s = await shop()
    const deps = { db: t.runtime.db, jobs: t.runtime.jobs, config: t.config, log: t.app.log }
    const pix = await strand(s, { method: 'PIX', reachedGateway: true })
    const card = await strand(s, { method: 'CREDIT_CARD', reachedGateway: false })
    // A PIX the gateway never got: nobody is waiting for its code any more, so it is not created now.
    const lost = await strand(s, { method: 'PIX', reachedGateway: false })
    const stock = await stockOf(s)
    const first = await sweepAbandonedOrders(deps, 0)
    expect(first).toMatchObject({ finished: 1, cancelled: 2 })
    await t.drain()
    expect(await sweepAbandonedOrders(deps, 0)).toMatchObject({ finished: 0, cancelled: 0, waiting: 0 })
    await t.drain()

    expect((await order(pix.orderId)).status).toBe('PENDING')
    expect((await order(pix.orderId)).pix_code).toMatch(/^000201/)
    for (const cancelled of [card, lost]) {
      expect((await order(cancelled.orderId)).status).toBe('CANCELLED')
      expect(await eventsOf('order.cancelled', cancelled.orderId)).toHaveLength(1)
    }
    expect(await stockOf(s)).toBe(stock + 2)
    const status = async (id: string) =>
      (
        await t.runtime.db
          .selectFrom('payment_transactions')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status
    expect([
      await status(pix.transactionId),
      await status(card.transactionId),
      await status(lost.transactionId),
    ]).toEqual(['PENDING', 'FAILED', 'FAILED'])
  })
})
