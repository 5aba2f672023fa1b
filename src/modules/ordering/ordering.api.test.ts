import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { applyPaymentStatus } from './service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

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

interface Shop {
  owner: TestUser
  storeId: string
  physicalId: string
  digitalId: string
  optionId: string
}

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers })
}

/** A store with the sandbox gateway, a physical product (R$ 100, given stock), a digital one (R$ 49,90), one option. */
async function shop(opts: { stock?: number; payments?: boolean; shipping?: boolean } = {}): Promise<Shop> {
  const owner = await t.login()
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
    await t.app.inject({ url: `/api/stores/${s.storeId}/products/${s.physicalId}`, headers: s.owner.headers })
  ).json().stock
}

async function orders(s: Shop) {
  const res = await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
  expect(res.statusCode).toBe(200)
  return res.json() as { id: string; status: string; total: number; orderNumber: string }[]
}

/** The order status; with the order page's token (from `orderPageUrl`) it includes what a paid order gives access to. */
async function orderStatus(orderId: string, pageToken?: string) {
  const query = pageToken ? `?t=${encodeURIComponent(pageToken)}` : ''
  return (await t.app.inject({ url: `/api/checkout/order-status/${orderId}${query}` })).json().order
}

const pageTokenOf = (orderPageUrl: string) => new URL(orderPageUrl, 'http://x').searchParams.get('t') ?? ''

async function sandbox(gatewayId: string, action: 'pay' | 'refuse' | 'expire') {
  const res = await post(`/sandbox/ativopay/v1/transactions/${gatewayId}/${action}`, {})
  expect(res.statusCode).toBe(200)
  await t.drain()
}

describe('create-order', () => {
  it('prices the order from the database and ignores browser prices', async () => {
    const s = await shop()
    const res = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { totalPrice: 0.01, items: [{ productId: s.physicalId, quantity: 9, price: 0.01 }] }),
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, status: 'PENDING', total: 120, orderNumber: '#1001', error: null })
    expect(body.qrCode).toMatch(/^000201/)
    expect(body.paymentResult).toMatchObject({ amount: 120, method: 'PIX', sandbox: true })

    const [order] = await orders(s)
    expect(order).toMatchObject({
      id: body.orderId,
      orderNumber: '#1001',
      transactionId: body.transactionId,
      customerName: 'Maria Silva',
      customerEmail: 'maria@example.com',
      customerPhone: '11987654321',
      customerDocument: '52998224725',
      status: 'PENDING',
      paymentMethod: 'PIX',
      paymentData: { method: 'PIX' },
      subtotal: 100,
      shippingCost: 20,
      total: 120,
      shippingMethod: 'Sedex',
      estimatedDelivery: '3 dias úteis',
      shippingAddress: {
        street: 'Avenida Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310100',
      },
      items: [{ quantity: 1, price: 100, product: { id: s.physicalId, name: 'Camiseta' } }],
    })
    expect(await stockOf(s)).toBe(9)

    const second = (await post('/api/checkout/create-order', physicalOrder(s))).json()
    expect(second.orderNumber).toBe('#1002')
    expect((await orders(s)).map((o) => o.orderNumber)).toEqual(['#1002', '#1001'])
  })

  it('validates every field with the spec messages', async () => {
    const s = await shop()
    const empty = await post('/api/checkout/create-order', {
      storeId: s.storeId,
      productId: s.physicalId,
      customer: { name: '123', email: '', phone: '', cpf: '' },
      shipping: { zipCode: '', address: '', number: '', city: '', state: '', method: '' },
      payment: { method: 'credit_card', cardName: '', cardNumber: '', expiryDate: '', cvv: '' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toMatchObject({
      'customer.name': 'Nome é obrigatório',
      'customer.email': 'E-mail é obrigatório',
      'customer.phone': 'Telefone é obrigatório',
      'customer.cpf': 'CPF é obrigatório',
      'shipping.zipCode': 'CEP é obrigatório',
      'shipping.address': 'Endereço é obrigatório',
      'shipping.number': 'Número é obrigatório',
      'shipping.city': 'Cidade é obrigatória',
      'shipping.state': 'Estado é obrigatório',
      'shipping.method': 'Selecione um método de envio',
      'payment.cardName': 'Nome no cartão é obrigatório',
      'payment.cardNumber': 'Número do cartão é obrigatório',
      'payment.expiryDate': 'Data de validade é obrigatória',
      'payment.cvv': 'CVV é obrigatório',
    })
    const wrong = await post('/api/checkout/create-order', {
      storeId: s.storeId,
      productId: s.physicalId,
      customer: { name: 'Ana', email: 'ana@', phone: '1199', cpf: '111.111.111-11' },
      shipping: { ...address, zipCode: '1234', method: s.optionId },
      payment: { method: 'credit_card', cardName: 'ANA', cardNumber: '4111 1111', expiryDate: '13/40', cvv: '12' },
    })
    expect(wrong.json().errors).toMatchObject({
      'customer.email': 'E-mail inválido',
      'customer.phone': 'Telefone deve ter 10 ou 11 dígitos',
      'customer.cpf': 'CPF inválido',
      'shipping.zipCode': 'CEP deve ter 8 dígitos',
      'payment.cardNumber': 'Número do cartão inválido. Deve ter 16 dígitos',
      'payment.expiryDate': 'Data de validade inválida. Use MM/AA',
      'payment.cvv': 'CVV inválido',
    })
    const more = await post('/api/checkout/create-order', {
      ...physicalOrder(s),
      shipping: { ...address, zipCode: '11111-111', method: s.optionId },
      payment: {
        method: 'credit_card',
        cardName: 'ANA',
        cardNumber: '4111111111111111',
        expiryDate: '01/20',
        cvv: '123',
      },
    })
    expect(more.json().errors).toMatchObject({
      'shipping.zipCode': 'CEP inválido',
      'payment.expiryDate': 'Cartão expirado',
    })
    // the state must match the CEP (checked by the checkout module's address validation)
    const mismatch = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { shipping: { ...address, state: 'RJ', method: s.optionId } }),
    )
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().errors['shipping.address']).toBeTruthy()
    expect(await stockOf(s)).toBe(10)
    expect(await orders(s)).toEqual([])
  })

  it('answers 404 for unknown or foreign products, 422 without payment config, 409 when sold out', async () => {
    const s = await shop({ stock: 0 })
    const other = await shop({ payments: false })
    const unavailable = 'Este produto não está disponível. Verifique se o link está correto.'
    for (const productId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', other.physicalId]) {
      const res = await post('/api/checkout/create-order', physicalOrder(s, { productId }))
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(unavailable)
    }
    const notConfigured = await post('/api/checkout/create-order', physicalOrder(other))
    expect(notConfigured.statusCode).toBe(422)
    expect(notConfigured.json().message).toBe('Sistema de pagamento não configurado para esta loja.')
    const soldOut = await post('/api/checkout/create-order', physicalOrder(s))
    expect(soldOut.statusCode).toBe(409)
    expect(soldOut.json().message).toBe('Produto esgotado')
    const wrongCheckout = await post('/api/checkout/create-order', physicalOrder(s, { productId: s.digitalId }))
    expect(wrongCheckout.statusCode).toBe(400)
    expect(await orders(s)).toEqual([])
  })

  it('sells exactly the stock to 20 concurrent buyers', async () => {
    const s = await shop({ stock: 5 })
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/checkout/create-order',
          physicalOrder(s, { customer: { ...customer, email: `buyer${i}@example.com` } }),
        ),
      ),
    )
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(5)
    expect(codes.filter((c) => c === 409)).toHaveLength(15)
    expect(await stockOf(s)).toBe(0)
    const list = await orders(s)
    expect(list).toHaveLength(5)
    expect(new Set(list.map((o) => o.orderNumber)).size).toBe(5)
  })

  it('returns the first answer for a repeated Idempotency-Key, even when sent concurrently', async () => {
    const s = await shop()
    const headers = { 'idempotency-key': 'buyer-click-1' }
    const [a, b] = await Promise.all([
      post('/api/checkout/create-order', physicalOrder(s), headers),
      post('/api/checkout/create-order', physicalOrder(s), headers),
    ])
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    expect(b.json().orderId).toBe(a.json().orderId)
    const c = await post('/api/checkout/create-order', physicalOrder(s), headers)
    expect(c.json().orderId).toBe(a.json().orderId)
    expect(c.headers['idempotent-replayed']).toBe('true')
    expect(await orders(s)).toHaveLength(1)
    expect(await stockOf(s)).toBe(9)
    const reused = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { customer: { ...customer, name: 'Outra Pessoa' } }),
      headers,
    )
    expect(reused.statusCode).toBe(422)
    const fresh = await post('/api/checkout/create-order', physicalOrder(s), { 'idempotency-key': 'buyer-click-2' })
    expect(fresh.json().orderId).not.toBe(a.json().orderId)
  })

  it('prices the fallback options only when the store has no option for the CEP', async () => {
    const none = await shop({ shipping: false })
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${none.storeId}/shipping/settings`,
      headers: none.owner.headers,
      payload: { fallbackEnabled: true },
    })
    expect(settings.statusCode).toBe(200)
    const res = await post(
      '/api/checkout/create-order',
      physicalOrder(none, { shipping: { ...address, method: 'fallback-expresso' } }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(125)
    const s = await shop()
    const rejected = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { shipping: { ...address, method: 'fallback-padrao' } }),
    )
    expect(rejected.statusCode).toBe(400)
    expect(rejected.json().errors['shipping.method']).toMatch(/indisponível/)
    const unknown = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { shipping: { ...address, method: '00000000-0000-4000-8000-000000000000' } }),
    )
    expect(unknown.statusCode).toBe(400)
  })

  it('cancels and gives the stock back when a card is refused; approves an accepted card at once', async () => {
    const s = await shop({ stock: 2 })
    const card = { method: 'credit_card', cardName: 'MARIA SILVA', expiryDate: '12/39', cvv: '123', installments: 3 }
    const refused = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { payment: { ...card, cardNumber: '4000 0000 0000 0002' } }),
    )
    expect(refused.statusCode).toBe(422)
    expect(await stockOf(s)).toBe(2)
    const approved = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { payment: { ...card, cardNumber: '4111 1111 1111 1111' } }),
    )
    expect(approved.statusCode).toBe(200)
    expect(approved.json().status).toBe('PAID')
    const list = await orders(s)
    expect(list.map((o) => o.status).sort()).toEqual(['CANCELLED', 'PAID'])
    expect(await stockOf(s)).toBe(1)
  })
})

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
    expect(body.systemMetrics.platformFee).toBeCloseTo(body.systemMetrics.totalRevenue * 0.05, 2)
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
