import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { DOUBLE_PAYMENT_NOTE } from '../payments/renew-pix'
import { orderingFixtures } from './ordering-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { customer, address } = orderingFixtures(() => t)

interface Shop {
  owner: TestUser
  storeId: string
  productId: string
  optionId: string
}

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers })
}

async function shop(stock = 5): Promise<Shop> {
  const owner = await t.login()
  const store = (await post('/api/stores', { name: 'Loja Pedido' }, owner.headers)).json()
  const product = await post(
    `/api/stores/${store.id}/products`,
    { name: 'Camiseta', price: 100, type: 'PHYSICAL', stock },
    owner.headers,
  )
  const option = await post(
    `/api/stores/${store.id}/shipping`,
    { name: 'Sedex', basePrice: 20, estimatedDays: 3 },
    owner.headers,
  )
  await post(
    `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_page_0001' },
    owner.headers,
  )
  return { owner, storeId: store.id, productId: product.json().id, optionId: option.json().id }
}

async function placePix(s: Shop) {
  const res = await post('/api/checkout/create-order', {
    storeId: s.storeId,
    productId: s.productId,
    customer,
    shipping: { ...address, method: s.optionId },
    payment: { method: 'pix' },
  })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  const url = new URL(body.orderPageUrl, 'http://x')
  return { orderId: body.orderId as string, token: url.searchParams.get('t')!, path: url.pathname, result: body }
}

const page = (orderId: string, token?: string) =>
  t.app.inject({
    url: `/api/checkout/orders/${orderId}/page${token === undefined ? '' : `?t=${encodeURIComponent(token)}`}`,
  })
const renew = (orderId: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/checkout/orders/${orderId}/renew-pix?t=${encodeURIComponent(token)}` })
const sandbox = (gatewayId: string, action: 'pay' | 'expire') =>
  t.app.inject({ method: 'POST', url: `/sandbox/ativopay/v1/transactions/${gatewayId}/${action}` })

/** Postbacks and their effects run in the worker (BullMQ here): wait for the order to get there. */
async function orderReaches(o: { orderId: string; token: string }, status: string) {
  await t.drain()
  await waitFor(async () => (await page(o.orderId, o.token)).json().order.status === status)
}

async function stockOf(s: Shop): Promise<number> {
  return (
    await t.app.inject({ url: `/api/stores/${s.storeId}/products/${s.productId}`, headers: s.owner.headers })
  ).json().stock
}

async function payableCharges(orderId: string): Promise<number> {
  const rows = await t.runtime.db
    .selectFrom('payment_transactions')
    .select('id')
    .where('order_ref', '=', orderId)
    .where('status', 'in', ['CREATING', 'PENDING'])
    .execute()
  return rows.length
}

describe('order page', () => {
  it('answers only to the order’s own token', async () => {
    const s = await shop()
    const a = await placePix(s)
    const b = await placePix(s)
    expect(a.path).toBe(`/pedido/${a.orderId}`)
    expect(a.token.length).toBeGreaterThanOrEqual(40)

    const ok = await page(a.orderId, a.token)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['cache-control']).toBe('no-store')
    const body = ok.json()
    expect(body.order).toMatchObject({ orderNumber: '#1001', status: 'PENDING', total: 120, shippingCost: 20 })
    expect(body.order.items).toEqual([{ name: 'Camiseta', quantity: 1, unitPrice: 100, total: 100, imageUrl: null }])
    expect(body.payment).toMatchObject({ method: 'PIX', status: 'PENDING', canRenew: false })
    expect(body.payment.pixCode).toMatch(/^000201/)
    expect(new Date(body.payment.pixExpiresAt).getTime()).toBeGreaterThan(Date.now())
    // the link can be shared: nothing that identifies the buyer beyond the name
    const text = ok.body
    expect(text).not.toContain('maria@example.com')
    expect(text).not.toContain('98765')
    expect(text).not.toContain('529.982')
    expect(text).not.toContain('Paulista')

    for (const res of [
      await page(a.orderId),
      await page(a.orderId, ''),
      // one character changed (never to itself: a token ending in 'A' stays valid with 'A')
      await page(a.orderId, `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}`),
      await page(a.orderId, b.token),
      await page('not-a-uuid', a.token),
      await page('00000000-0000-4000-8000-000000000000', a.token),
      await renew(a.orderId, b.token),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Pedido não encontrado')
    }
  })
})

describe('renewing an expired PIX', () => {
  it('refuses while the code is valid, then gives exactly one new payable code, paid once', async () => {
    const s = await shop(5)
    const o = await placePix(s)
    expect(await stockOf(s)).toBe(4)
    const early = await renew(o.orderId, o.token)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('O código PIX atual ainda está válido. Use-o para pagar.')

    const oldGateway = o.result.paymentResult.gatewayId as string
    expect((await sandbox(oldGateway, 'expire')).statusCode).toBe(200)
    await orderReaches(o, 'CANCELLED')
    const expired = (await page(o.orderId, o.token)).json()
    expect(expired.order.status).toBe('CANCELLED')
    expect(expired.payment).toMatchObject({ status: 'EXPIRED', canRenew: true })
    expect(await stockOf(s)).toBe(5)

    // two taps (or two tabs) at once: one new code, never two
    const [r1, r2] = await Promise.all([renew(o.orderId, o.token), renew(o.orderId, o.token)])
    const codes = [r1.statusCode, r2.statusCode].sort()
    expect(codes).toEqual([200, 409])
    expect(await payableCharges(o.orderId)).toBe(1)
    const renewed = (r1.statusCode === 200 ? r1 : r2).json()
    expect(renewed.order.status).toBe('PENDING')
    expect(renewed.payment).toMatchObject({ status: 'PENDING', canRenew: false })
    expect(renewed.payment.pixCode).not.toBe(expired.payment.pixCode)
    expect(await stockOf(s)).toBe(4)

    // a third tap finds the new code still valid
    expect((await renew(o.orderId, o.token)).statusCode).toBe(409)
    expect(await payableCharges(o.orderId)).toBe(1)

    // the old code cannot be paid any more; the new one can, once
    expect((await sandbox(oldGateway, 'pay')).statusCode).toBe(409)
    expect((await sandbox(renewed.payment.sandboxGatewayId, 'pay')).statusCode).toBe(200)
    await orderReaches(o, 'PAID')
    const paid = (await page(o.orderId, o.token)).json()
    expect(paid.order.status).toBe('PAID')
    expect(paid.payment.status).toBe('PAID')
    expect(await stockOf(s)).toBe(4)
    const afterPaid = await renew(o.orderId, o.token)
    expect(afterPaid.statusCode).toBe(409)
    expect(afterPaid.json().message).toBe('Este pedido já está pago.')
    const paidCharges = await t.runtime.db
      .selectFrom('payment_transactions')
      .select('status')
      .where('order_ref', '=', o.orderId)
      .execute()
    expect(paidCharges.map((c) => c.status).sort()).toEqual(['EXPIRED', 'PAID'])

    // Should the gateway still take the expired code (it must not), the order keeps its one payment and the late
    // charge is flagged for a refund.
    await t.runtime.db
      .updateTable('payment_sandbox_transactions')
      .set({ status: 'WAITING_PAYMENT' })
      .where('id', '=', oldGateway)
      .execute()
    expect((await sandbox(oldGateway, 'pay')).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => {
      const late = await t.runtime.db
        .selectFrom('payment_transactions')
        .select(['status', 'error_message'])
        .where('gateway_id', '=', oldGateway)
        .executeTakeFirstOrThrow()
      return late.status === 'PAID' && late.error_message === DOUBLE_PAYMENT_NOTE
    })
    const stillPaid = (await page(o.orderId, o.token)).json()
    expect(stillPaid.order.status).toBe('PAID')
    const paidEvents = await t.runtime.db
      .selectFrom('outbox')
      .select('id')
      .where('event', '=', 'order.paid')
      .where(sql<boolean>`payload->>'orderId' = ${o.orderId}`)
      .execute()
    expect(paidEvents).toHaveLength(1)
  })

  it('keeps a sold-out product sold: no new code when the stock went to someone else', async () => {
    const s = await shop(1)
    const o = await placePix(s)
    await sandbox(o.result.paymentResult.gatewayId, 'expire')
    await orderReaches(o, 'CANCELLED')
    expect(await stockOf(s)).toBe(1)
    await placePix(s) // another buyer takes the last one
    const res = await renew(o.orderId, o.token)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Produto esgotado')
    expect(await payableCharges(o.orderId)).toBe(0)
    expect(await stockOf(s)).toBe(0)
    expect((await page(o.orderId, o.token)).json().order.status).toBe('CANCELLED')
  })

  it('does not revive an order the merchant cancelled before its PIX expired', async () => {
    const s = await shop(5)
    const o = await placePix(s)
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/sales/${o.orderId}/status`,
      payload: { status: 'Cancelado' },
      headers: s.owner.headers,
    })
    expect(cancel.statusCode).toBe(200)
    await new Promise((r) => setTimeout(r, 5))
    await sandbox(o.result.paymentResult.gatewayId, 'expire')
    await t.drain()
    await waitFor(async () => (await page(o.orderId, o.token)).json().payment.status === 'EXPIRED')
    const body = (await page(o.orderId, o.token)).json()
    expect(body.payment).toMatchObject({ status: 'EXPIRED', canRenew: false })
    const res = await renew(o.orderId, o.token)
    expect(res.statusCode).toBe(409)
    expect(await payableCharges(o.orderId)).toBe(0)
  })
})
