/**
 * Refunds through the sandbox gateway: the merchant's refund call, the gateway's answer and its later postback
 * (re-read, payment.refunded), whole and partial, concurrent clicks, refusals and forged postbacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCents } from '../../shared/money'
import { aboveLeft, REFUND_MESSAGES } from '../../shared/refunds'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from './ordering-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const {
  card,
  outboxPayloads,
  post,
  shop,
  physicalOrder,
  digitalOrder,
  stockOf,
  orderStatus,
  pageTokenOf,
  sandbox,
  refundsUrl,
  refund,
  refundList,
} = orderingFixtures(() => t)

async function storeOrder(s: Shop, orderId: string) {
  const res = await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
  return (
    res.json() as { id: string; status: string; refunded: number; items: { id: string; refunded: boolean }[] }[]
  ).find((o) => o.id === orderId)!
}

/** The order.refunded payloads of an order, oldest first. */
const refundEvents = (orderId: string) =>
  outboxPayloads<{ amountCents: number; partial: boolean; refundedTotalCents: number }>(
    'order.refunded',
    'orderId',
    orderId,
  )

/** Gateway refunds of the sandbox transaction. */
async function gatewayRefunds(gatewayId: string) {
  const row = await t.runtime.db
    .selectFrom('payment_sandbox_transactions')
    .select(['refunds', 'refunded_amount', 'status'])
    .where('id', '=', gatewayId)
    .executeTakeFirstOrThrow()
  return row
}

/** The payment.refunded events (one per gateway refund the postbacks reported). */
const paymentRefundedCount = async (transactionId: string) =>
  (await outboxPayloads('payment.refunded', 'transactionId', transactionId)).length

async function paidPixOrder(s: Shop, body: Record<string, unknown> = physicalOrder(s)) {
  const url = body.productType === 'DIGITAL' ? '/api/checkout/create-digital-order' : '/api/checkout/create-order'
  const placed = await post(url, body)
  expect(placed.statusCode).toBe(200)
  const order = placed.json() as {
    orderId: string
    transactionId: string
    orderPageUrl: string
    paymentResult: { gatewayId: string }
  }
  await sandbox(order.paymentResult.gatewayId, 'pay')
  await waitFor(async () => (await storeOrder(s, order.orderId)).status === 'PAID')
  return order
}

describe('refunds', () => {
  it('refunds a whole PIX order: REFUNDED, stock back, one event; the postback changes nothing twice', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    expect(await stockOf(s)).toBe(4)
    const res = await refund(s, order.orderId, { reason: 'Cliente desistiu' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ amount: 120, status: 'SUCCEEDED', itemId: null })
    expect((await storeOrder(s, order.orderId)).status).toBe('REFUNDED')
    expect(await stockOf(s)).toBe(5)

    // The gateway's postback arrives, is re-read, announced once, and finds the refund already applied.
    await waitFor(async () => (await paymentRefundedCount(order.transactionId)) === 1)
    await t.drain()
    expect((await gatewayRefunds(order.paymentResult.gatewayId)).status).toBe('REFUNDED')
    const events = await refundEvents(order.orderId)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ amountCents: 12_000, partial: false, refundedTotalCents: 12_000 })
    const list = await refundList(s, order.orderId)
    expect(list.refunds).toHaveLength(1)
    expect(list).toMatchObject({ refunded: 120, refundable: 0 })
    expect(await stockOf(s)).toBe(5)

    const again = await refund(s, order.orderId, { reason: 'De novo' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(REFUND_MESSAGES.alreadyRefunded)
  })

  it('refunds part of an order by amount, then the rest; the order stays PAID until nothing is left', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    const part = await refund(s, order.orderId, { amount: 20.5, reason: 'Desconto prometido' })
    expect(part.statusCode).toBe(201)
    expect(part.json().amount).toBe(20.5)
    let seen = await storeOrder(s, order.orderId)
    expect(seen).toMatchObject({ status: 'PAID', refunded: 20.5 })
    expect(await stockOf(s)).toBe(4)
    await waitFor(async () => (await paymentRefundedCount(order.transactionId)) === 1)
    await t.drain()
    expect((await gatewayRefunds(order.paymentResult.gatewayId)).status).toBe('PAID')

    const tooMuch = await refund(s, order.orderId, { amount: 100, reason: 'Demais' })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().message).toBe(aboveLeft(formatCents(9950)))

    const rest = await refund(s, order.orderId, { reason: 'Devolução do restante' })
    expect(rest.statusCode).toBe(201)
    expect(rest.json().amount).toBe(99.5)
    seen = await storeOrder(s, order.orderId)
    expect(seen).toMatchObject({ status: 'REFUNDED', refunded: 120 })
    await waitFor(async () => (await paymentRefundedCount(order.transactionId)) === 2)
    await t.drain()
    const events = await refundEvents(order.orderId)
    expect(events.map((e) => [e.amountCents, e.partial, e.refundedTotalCents])).toEqual([
      [2050, true, 2050],
      [9950, false, 12_000],
    ])
    const list = await refundList(s, order.orderId)
    expect(list.refunds.map((r) => [r.amount, r.status])).toEqual([
      [20.5, 'SUCCEEDED'],
      [99.5, 'SUCCEEDED'],
    ])
    // The whole refund gives the stock back once.
    expect(await stockOf(s)).toBe(5)
  })

  it('refunds one line: its amount by default, its stock back, the line marked; never twice', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    const [line] = (await storeOrder(s, order.orderId)).items
    const res = await refund(s, order.orderId, { itemId: line!.id, reason: 'Produto com defeito' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ amount: 100, itemId: line!.id })
    const seen = await storeOrder(s, order.orderId)
    expect(seen).toMatchObject({ status: 'PAID', refunded: 100 })
    expect(seen.items[0]!.refunded).toBe(true)
    expect(await stockOf(s)).toBe(5)
    const twice = await refund(s, order.orderId, { itemId: line!.id, reason: 'De novo' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(REFUND_MESSAGES.itemAlreadyRefunded)
    // The shipping left is refunded without giving the stock back a second time.
    expect((await refund(s, order.orderId, { reason: 'Frete' })).statusCode).toBe(201)
    expect(await stockOf(s)).toBe(5)
  })

  it("stops a digital buyer's access once the order is refunded", async () => {
    const s = await shop()
    const order = await paidPixOrder(s, digitalOrder(s))
    const token = pageTokenOf(order.orderPageUrl)
    const before = await orderStatus(order.orderId, token)
    expect(before.digitalAccess?.url).toBeTruthy()
    const download = await t.app.inject({ url: before.digitalAccess.url })
    expect(download.statusCode).toBe(302)
    expect((await refund(s, order.orderId, { reason: 'Arrependimento (7 dias)' })).statusCode).toBe(201)
    const after = await orderStatus(order.orderId, token)
    expect(after.status).toBe('REFUNDED')
    expect(after.digitalAccess).toBeUndefined()
    expect((await t.app.inject({ url: before.digitalAccess.url })).statusCode).toBe(404)
  })

  it('10 concurrent refund clicks refund once', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(s, order.orderId, { reason: 'Clique nervoso' })),
    )
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(9)
    await waitFor(async () => (await paymentRefundedCount(order.transactionId)) === 1)
    await t.drain()
    const gateway = await gatewayRefunds(order.paymentResult.gatewayId)
    expect(gateway.refunds).toHaveLength(1)
    expect(gateway.refunded_amount).toBe(12_000)
    expect(await refundEvents(order.orderId)).toHaveLength(1)
    expect(await stockOf(s)).toBe(5)
  })

  it("a refund the gateway refuses changes nothing and shows the gateway's message", async () => {
    const s = await shop({ stock: 5 })
    const placed = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { payment: { ...card, cardNumber: '4000 0000 0000 5126' } }),
    )
    expect(placed.statusCode).toBe(200)
    const orderId = placed.json().orderId as string
    expect((await storeOrder(s, orderId)).status).toBe('PAID')
    const res = await refund(s, orderId, { reason: 'Cliente pediu' })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(
      'Reembolso recusado pelo gateway: Estorno recusado pela adquirente (cartão de teste)',
    )
    expect(await storeOrder(s, orderId)).toMatchObject({ status: 'PAID', refunded: 0 })
    expect(await stockOf(s)).toBe(4)
    expect(await refundEvents(orderId)).toHaveLength(0)
    const list = await refundList(s, orderId)
    expect(list.refunds).toMatchObject([
      { status: 'FAILED', error: 'Estorno recusado pela adquirente (cartão de teste)' },
    ])
    expect(list.refundable).toBe(120)
  })

  it('a forged refund postback changes nothing (the gateway is asked, not believed)', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    const gatewayId = order.paymentResult.gatewayId
    const forged = await post('/api/payment/ativo-pay/webhook/callback', {
      type: 'transaction',
      objectId: gatewayId,
      data: {
        id: gatewayId,
        status: 'REFUNDED',
        amount: 12_000,
        refundedAmount: 12_000,
        refunds: [{ id: 'forged-refund-1', amount: 12_000, externalRef: null }],
      },
    })
    expect(forged.statusCode).toBe(200)
    await t.drain()
    expect(await storeOrder(s, order.orderId)).toMatchObject({ status: 'PAID', refunded: 0 })
    expect(await paymentRefundedCount(order.transactionId)).toBe(0)
    expect(await refundEvents(order.orderId)).toHaveLength(0)
    expect(await stockOf(s)).toBe(4)
  })

  it('records a refund made at the gateway (partial), once', async () => {
    const s = await shop({ stock: 5 })
    const order = await paidPixOrder(s)
    const made = await post(
      `/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/refunds`,
      { amount: 1000 },
      {
        authorization: `Basic ${Buffer.from('sk_sandbox_orders_0001:x').toString('base64')}`,
      },
    )
    expect(made.statusCode).toBe(200)
    await waitFor(async () => (await storeOrder(s, order.orderId)).refunded === 10)
    await t.drain()
    const list = await refundList(s, order.orderId)
    expect(list.refunds).toMatchObject([{ amount: 10, status: 'SUCCEEDED' }])
    expect(await refundEvents(order.orderId)).toHaveLength(1)
  })

  it('refuses bad refunds: unpaid, unknown, foreign, bad amounts, a line of another order', async () => {
    const s = await shop()
    const other = await shop()
    const pending = (await post('/api/checkout/create-order', physicalOrder(s))).json().orderId as string
    const unpaid = await refund(s, pending, { reason: 'Teste' })
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().message).toBe(REFUND_MESSAGES.notPaid)
    expect((await refund(s, crypto.randomUUID(), { reason: 'Teste' })).statusCode).toBe(404)
    expect((await refund(s, 'nao-e-uuid', { reason: 'Teste' })).statusCode).toBe(404)

    const order = await paidPixOrder(s)
    // Another merchant: their store's URL with this order, or this store's URL with their token.
    expect((await refund(other, order.orderId, { reason: 'Teste' })).statusCode).toBe(404)
    const foreign = await post(refundsUrl(s, order.orderId), { reason: 'Teste' }, other.owner.headers)
    expect(foreign.statusCode).toBe(404)

    for (const amount of [0, -5, 1.234, 'abc']) {
      const res = await refund(s, order.orderId, { amount, reason: 'Teste' })
      expect(res.statusCode, String(amount)).toBe(400)
      expect(res.json().errors?.amount).toBe(REFUND_MESSAGES.amountInvalid)
    }
    expect((await refund(s, order.orderId, { amount: 120.01, reason: 'Teste' })).statusCode).toBe(400)
    expect((await refund(s, order.orderId, { amount: 10 })).json().errors?.reason).toBe(REFUND_MESSAGES.reasonRequired)

    const otherOrder = await paidPixOrder(other)
    const [otherLine] = (await storeOrder(other, otherOrder.orderId)).items
    const wrongLine = await refund(s, order.orderId, { itemId: otherLine!.id, reason: 'Teste' })
    expect(wrongLine.statusCode).toBe(400)
    expect(wrongLine.json().message).toBe(REFUND_MESSAGES.itemNotInOrder)
    expect(await storeOrder(s, order.orderId)).toMatchObject({ status: 'PAID', refunded: 0 })
  })
})
