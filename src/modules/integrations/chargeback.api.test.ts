/**
 * A chargeback end to end through the sandbox gateway: the sandbox action, its postback, the re-read of the
 * transaction, the order REFUNDED and flagged, and UTMify told 'chargedback' — while a plain refund stays 'refunded'.
 */
import { describe, expect, it } from 'vitest'
import type { FakeUtmify } from '../../testing/fake-utmify'
import { type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { utmifyFixtures, utmifySuite } from './utmify-fixtures'

let t: TestApp
let fake: FakeUtmify
utmifySuite((s) => ({ t, fake } = s), { reset: true })
const fixtures = utmifyFixtures(() => t)

const UTMIFY_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

async function req(method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) {
  return t.app.inject({ method, url, payload, headers: user?.headers })
}

/** A store with a sandbox gateway, UTMify on, and a R$ 97 digital product. */
const shop = () => fixtures.shop({ storeName: 'Loja Chargeback', sandboxKey: 'sk_sandbox_chargeback_0001' })
const placeOrder = (s: { storeId: string; productId: string }) => fixtures.placeOrder(s)

const sandbox = (gatewayId: string, action: string) =>
  req('POST', `/sandbox/ativopay/v1/transactions/${gatewayId}/${action}`, undefined, {})

async function deliveries(s: { owner: TestUser; storeId: string }) {
  const res = await req('GET', `/api/integrations/utmfy/deliveries/${s.storeId}`, s.owner)
  return res.json().deliveries as { status: string; state: string }[]
}

const sent = (s: { owner: TestUser; storeId: string }, status: string) => async () =>
  (await deliveries(s)).some((d) => d.status === status && d.state === 'SENT')

/** A paid sandbox PIX order whose 'paid' UTMify delivery went out. */
async function paidOrder() {
  const s = await shop()
  const order = await placeOrder(s)
  const paid = await sandbox(order.paymentResult.gatewayId, 'pay')
  expect(paid.statusCode).toBe(200)
  await waitFor(sent(s, 'paid'))
  return { s, order }
}

/** What the merchant's screens get: the store's orders page and the sales list. */
async function merchantView(s: { owner: TestUser; storeId: string }, orderId: string) {
  const orders = await req('GET', `/api/stores/${s.storeId}/orders`, s.owner)
  expect(orders.statusCode).toBe(200)
  const sales = await req('GET', '/api/sales', s.owner)
  expect(sales.statusCode).toBe(200)
  const dashboard = await req('GET', `/api/stores/${s.storeId}/dashboard`, s.owner)
  expect(dashboard.statusCode).toBe(200)
  type Row = { id: string; status: string; chargeback?: boolean }
  return {
    order: (orders.json() as Row[]).find((o) => o.id === orderId),
    sale: (sales.json().sales as Row[]).find((o) => o.id === orderId),
    recent: (dashboard.json().metrics.recentOrders as Row[]).find((o) => o.id === orderId),
  }
}

const transaction = (id: string) =>
  t.runtime.db.selectFrom('payment_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const orderRow = (id: string) =>
  t.runtime.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

type Paid = Awaited<ReturnType<typeof paidOrder>>

/** The gateway reports `action` on the paid order; resolves once UTMify has been told and the jobs have run. */
async function gatewayReports(
  s: Paid['s'],
  order: Paid['order'],
  action: 'chargeback' | 'refund',
  expected: { status: string; utmify: string },
) {
  const res = await sandbox(order.paymentResult.gatewayId, action)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toMatchObject({ data: { status: expected.status }, postback: { delivered: true } })
  await waitFor(sent(s, expected.utmify))
  await t.drain()
}

/** The charge, the order and the merchant's three screens all say refunded, flagged as a chargeback or not. */
async function expectRefunded(s: Paid['s'], order: Paid['order'], { chargeback }: { chargeback: boolean }) {
  expect(await transaction(order.transactionId)).toMatchObject({ status: 'REFUNDED', charged_back: chargeback })
  expect(await orderRow(order.orderId)).toMatchObject({ status: 'REFUNDED', charged_back: chargeback })
  expect(await merchantView(s, order.orderId)).toMatchObject({
    order: { status: 'REFUNDED', chargeback },
    sale: { status: 'Reembolsado', chargeback },
    recent: { status: 'REFUNDED', chargeback },
  })
}

describe('chargeback through the sandbox gateway', () => {
  it('a chargeback makes the order REFUNDED, flags the charge and the order, and tells UTMify "chargedback"', async () => {
    const { s, order } = await paidOrder()
    await gatewayReports(s, order, 'chargeback', { status: 'CHARGEDBACK', utmify: 'chargedback' })
    await expectRefunded(s, order, { chargeback: true })

    expect(fake.calls.map((c) => c.body.status)).toEqual(['waiting_payment', 'paid', 'chargedback'])
    const chargedback = fake.calls[2]!.body
    expect(chargedback.refundedAt).toMatch(UTMIFY_DATE)
    expect(chargedback.approvedDate).toMatch(UTMIFY_DATE)
    expect(chargedback.createdAt).toBe(fake.calls[0]!.body.createdAt)
    expect((await deliveries(s)).map((d) => d.status)).not.toContain('refunded')
  })

  it('a refund stays a refund: REFUNDED, not flagged, UTMify told "refunded"', async () => {
    const { s, order } = await paidOrder()
    await gatewayReports(s, order, 'refund', { status: 'REFUNDED', utmify: 'refunded' })
    await expectRefunded(s, order, { chargeback: false })
    expect(fake.calls.map((c) => c.body.status)).toEqual(['waiting_payment', 'paid', 'refunded'])
    expect(fake.calls[2]!.body.refundedAt).toMatch(UTMIFY_DATE)
  })

  it('refund and chargeback need a PAID transaction; pay needs a waiting one (409 with the reason)', async () => {
    const s = await shop()
    const order = await placeOrder(s)
    const gatewayId = order.paymentResult.gatewayId
    for (const action of ['refund', 'chargeback']) {
      const early = await sandbox(gatewayId, action)
      expect(early.statusCode, action).toBe(409)
      expect(early.json().message).toBe(
        'Só é possível estornar ou contestar uma transação paga (status WAITING_PAYMENT)',
      )
    }
    expect((await sandbox(gatewayId, 'pay')).statusCode).toBe(200)
    const again = await sandbox(gatewayId, 'pay')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Transação não está aguardando pagamento (status PAID)')

    expect((await sandbox(gatewayId, 'refund')).statusCode).toBe(200)
    const late = await sandbox(gatewayId, 'chargeback')
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('Só é possível estornar ou contestar uma transação paga (status REFUNDED)')

    expect((await sandbox(gatewayId, 'void')).statusCode).toBe(400)
    expect((await sandbox('00000000-0000-4000-8000-000000000000', 'chargeback')).statusCode).toBe(404)
  })
})

describe('events written before chargebacks were told apart', () => {
  it('still parse, as a plain refund', async () => {
    const { orderRefunded } = await import('../ordering')
    const { paymentStatusChanged } = await import('../payments')
    const facts = {
      orderId: 'o1',
      storeId: 's1',
      orderNumber: '#0001',
      productType: 'DIGITAL',
      totalCents: 9700,
      paymentMethod: 'PIX',
      customer: { name: 'Ana', email: 'ana@example.com', phone: '11987654321' },
      items: [],
    }
    const refunded = { ...facts, transactionId: 't1', refundedAt: new Date().toISOString(), paidAt: null }
    expect(orderRefunded.schema.parse(refunded).chargeback).toBe(false)
    const payment = {
      transactionId: 't1',
      gatewayId: 'g1',
      storeId: 's1',
      orderRef: 'o1',
      status: 'REFUNDED',
      previousStatus: 'PAID',
      amountCents: 9700,
      method: 'PIX',
    }
    expect(paymentStatusChanged.schema.parse(payment).chargedBack).toBe(false)
  })
})
