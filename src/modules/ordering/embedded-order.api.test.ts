import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

// Embedded mode (PGlite behind one connection, in-process jobs): the same order path, key claim and charge.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, env: { DATABASE_URL: undefined } })
})
afterAll(() => t.close())

it('places, replays and pays a digital PIX order on PGlite', async () => {
  expect(t.runtime.dbHandle.kind).toBe('pglite')
  const owner = await t.login()
  const inject = (url: string, payload: object, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const store = (await inject('/api/stores', { name: 'Loja' })).json()
  const product = (
    await inject(`/api/stores/${store.id}/products`, {
      name: 'E-book',
      price: 49.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/e.pdf',
    })
  ).json()
  await inject(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, { ativoPayApiKey: 'sk_sandbox_pglite_01' })
  const body = {
    storeId: store.id,
    productId: product.id,
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    shipping: { address: 'Digital', number: '0', city: 'Digital', state: 'DG', zipCode: '00000000', method: 'digital' },
    payment: { method: 'pix' },
  }
  const key = { 'idempotency-key': randomUUID() }
  const first = await inject('/api/checkout/create-digital-order', body, key)
  expect(first.statusCode).toBe(200)
  const again = await inject('/api/checkout/create-digital-order', body, key)
  expect(again.headers['idempotent-replayed']).toBe('true')
  expect(again.json()).toEqual(first.json())

  const pay = await inject(`/sandbox/ativopay/v1/transactions/${first.json().paymentResult.gatewayId}/pay`, {}, {})
  expect(pay.json().postback.delivered).toBe(true)
  await t.drain()
  await t.drain()
  const status = await t.app.inject({ url: `/api/checkout/order-status/${first.json().orderId}` })
  expect(status.json().order.status).toBe('PAID')
})
