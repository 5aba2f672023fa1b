import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { TOO_MANY_ORDERS } from './routes'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, env: { RATE_LIMIT_ORDER_MAX: '2' } })
})
afterAll(() => t.close())

it('limits how many orders one address submits per minute', async () => {
  const id = '00000000-0000-4000-8000-000000000000'
  const payload = {
    storeId: id,
    productId: id,
    productType: 'PHYSICAL',
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    shipping: {
      zipCode: '01310-100',
      address: 'Av. Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
      method: 'x',
    },
    payment: { method: 'pix' },
    items: [{ productId: id, quantity: 1, price: 1, name: 'x' }],
    totalPrice: 1,
  }
  const codes: number[] = []
  for (let i = 0; i < 3; i++) {
    codes.push((await t.app.inject({ method: 'POST', url: '/api/checkout/create-order', payload })).statusCode)
  }
  expect(codes).toEqual([404, 404, 429])
  const limited = await t.app.inject({ method: 'POST', url: '/api/checkout/create-digital-order', payload })
  expect(limited.statusCode).toBe(429)
  expect(limited.json().message).toBe(TOO_MANY_ORDERS)
})
