import { sql } from 'kysely'
import { expect } from 'vitest'
import type { TestApp, TestUser } from '../../testing/test-app'

export interface Shop {
  owner: TestUser
  storeId: string
  physicalId: string
  digitalId: string
  optionId: string
}

/**
 * What the ordering API tests share: a shop with the sandbox gateway, order bodies as the buyer pages send them, and
 * what an order looks like afterwards. `app()` is read at each call: the test file creates its app in beforeAll.
 */
export function orderingFixtures(app: () => TestApp) {
  const CPF = '529.982.247-25'
  const customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: CPF }
  const address = {
    zipCode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    complement: 'Apto 1',
    city: 'São Paulo',
    state: 'SP',
  }

  /** A card payment in one installment without its number: add `cardNumber` (e.g. a SANDBOX_CARDS one). */
  const card = { method: 'credit_card', cardName: 'MARIA SILVA', expiryDate: '12/39', cvv: '123', installments: 1 }

  async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return app().app.inject({ method: 'POST', url, payload: payload as object, headers })
  }

  /** A store with the sandbox gateway, a physical product (R$ 100, given stock), a digital one (R$ 49,90), one option. */
  async function shop(opts: { stock?: number; payments?: boolean; shipping?: boolean } = {}): Promise<Shop> {
    const owner = await app().login()
    const store = (await post('/api/stores', { name: 'Loja Teste' }, owner.headers)).json()
    const physical = await post(
      `/api/stores/${store.id}/products`,
      { name: 'Camiseta', price: 100, type: 'PHYSICAL', stock: opts.stock ?? 10 },
      owner.headers,
    )
    expect(physical.statusCode).toBe(201)
    const digital = await post(
      `/api/stores/${store.id}/products`,
      { name: 'E-book', price: 49.9, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/ebook.pdf' },
      owner.headers,
    )
    expect(digital.statusCode).toBe(201)
    let optionId = ''
    if (opts.shipping !== false) {
      const option = await post(
        `/api/stores/${store.id}/shipping`,
        { name: 'Sedex', basePrice: 20, estimatedDays: 3, freeShippingThreshold: 500 },
        owner.headers,
      )
      expect(option.statusCode).toBe(201)
      optionId = option.json().id
    }
    if (opts.payments !== false) {
      const config = await post(
        `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
        { ativoPayApiKey: 'sk_sandbox_orders_0001' },
        owner.headers,
      )
      expect(config.statusCode).toBe(200)
    }
    return { owner, storeId: store.id, physicalId: physical.json().id, digitalId: digital.json().id, optionId }
  }

  function physicalOrder(s: Shop, extra: Record<string, unknown> = {}) {
    return {
      storeId: s.storeId,
      productId: s.physicalId,
      productType: 'PHYSICAL',
      customer,
      shipping: { ...address, method: s.optionId },
      payment: { method: 'pix' },
      items: [{ productId: s.physicalId, quantity: 1, price: 100, name: 'Camiseta' }],
      totalPrice: 120,
      ...extra,
    }
  }

  function digitalOrder(s: Shop, extra: Record<string, unknown> = {}) {
    return {
      storeId: s.storeId,
      productId: s.digitalId,
      productType: 'DIGITAL',
      customer,
      shipping: {
        address: 'Produto digital',
        number: '0',
        city: 'Digital',
        state: 'DG',
        zipCode: '00000000',
        method: 'digital',
      },
      payment: { method: 'pix' },
      ...extra,
    }
  }

  async function stockOf(s: Shop): Promise<number> {
    return (
      await app().app.inject({ url: `/api/stores/${s.storeId}/products/${s.physicalId}`, headers: s.owner.headers })
    ).json().stock
  }

  async function orders(s: Shop) {
    const res = await app().app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
    expect(res.statusCode).toBe(200)
    return res.json() as { id: string; status: string; total: number; orderNumber: string }[]
  }

  /** The order status; with the order page's token (from `orderPageUrl`) it includes what a paid order gives access to. */
  async function orderStatus(orderId: string, pageToken?: string) {
    const query = pageToken ? `?t=${encodeURIComponent(pageToken)}` : ''
    return (await app().app.inject({ url: `/api/checkout/order-status/${orderId}${query}` })).json().order
  }

  const pageTokenOf = (orderPageUrl: string) => new URL(orderPageUrl, 'http://x').searchParams.get('t') ?? ''

  async function sandbox(gatewayId: string, action: 'pay' | 'refuse' | 'expire') {
    const res = await post(`/sandbox/ativopay/v1/transactions/${gatewayId}/${action}`, {})
    expect(res.statusCode).toBe(200)
    await app().drain()
  }

  /** Payloads of the outbox rows of an event whose payload names `value` under `field`, oldest first. */
  async function outboxPayloads<P = Record<string, unknown>>(event: string, field: string, value: string) {
    const rows = await app()
      .runtime.db.selectFrom('outbox')
      .select('payload')
      .where('event', '=', event)
      .where(sql<string>`payload->>${field}`, '=', value)
      .orderBy('created_at')
      .execute()
    return rows.map((r) => r.payload as P)
  }

  const refundsUrl = (s: Shop, orderId: string) => `/api/stores/${s.storeId}/orders/${orderId}/refunds`
  /** The owner's refund of an order (POST …/refunds). */
  const refund = (s: Shop, orderId: string, body: Record<string, unknown>) =>
    post(refundsUrl(s, orderId), body, s.owner.headers)

  /** An order's refunds as its owner reads them. */
  async function refundList(s: Shop, orderId: string) {
    const res = await app().app.inject({ url: refundsUrl(s, orderId), headers: s.owner.headers })
    expect(res.statusCode).toBe(200)
    return res.json() as {
      refunds: { amount: number; status: string; itemId: string | null; error: string | null }[]
      refunded: number
      refundable: number
    }
  }

  return {
    CPF,
    customer,
    address,
    card,
    post,
    shop,
    physicalOrder,
    digitalOrder,
    stockOf,
    orders,
    orderStatus,
    pageTokenOf,
    sandbox,
    outboxPayloads,
    refundsUrl,
    refund,
    refundList,
  }
}
