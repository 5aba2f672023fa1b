import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures } from './ordering-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const fixtures = orderingFixtures(() => t)
const { customer, address, post, shop, physicalOrder, stockOf, orders } = fixtures

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

  it('keeps a refused card out of the orders with the stock back; approves an accepted card at once', async () => {
    const s = await shop({ stock: 2 })
    const card = { ...fixtures.card, installments: 3 }
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
    expect(list.map((o) => o.status)).toEqual(['PAID'])
    expect(await stockOf(s)).toBe(1)
  })
})
