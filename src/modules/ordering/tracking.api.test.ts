import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingService } from '.'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function digitalShop() {
  const owner = await t.login()
  const store = (
    await t.app.inject({ method: 'POST', url: '/api/stores', payload: { name: 'Loja' }, headers: owner.headers })
  ).json()
  const product = await t.app.inject({
    method: 'POST',
    url: `/api/stores/${store.id}/products`,
    payload: { name: 'Curso', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/curso.zip' },
    headers: owner.headers,
  })
  await t.app.inject({
    method: 'POST',
    url: `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    payload: { ativoPayApiKey: 'sk_sandbox_tracking_0001' },
    headers: owner.headers,
  })
  return { storeId: store.id as string, productId: product.json().id as string }
}

function order(s: { storeId: string; productId: string }, tracking: unknown) {
  return {
    storeId: s.storeId,
    productId: s.productId,
    customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    payment: { method: 'pix' },
    tracking,
  }
}

describe('attribution kept with the order', () => {
  it('stores the UTM parameters, Meta ids, address and browser of the buyer', async () => {
    const s = await digitalShop()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Teste' },
      payload: order(s, {
        utm_source: 'FB',
        utm_campaign: 'black-friday|123',
        utm_medium: '  cpc  ',
        src: 'story',
        sck: 'abc',
        fbp: 'fb.1.1700000000000.123456',
        fbclid: 'IwAR0abc',
        unknownKey: 'dropped',
      }),
    })
    expect(res.statusCode).toBe(200)
    const snap = await orderingService.orderSnapshot(t.runtime.db, res.json().orderId)
    expect(snap?.tracking).toEqual({
      utm_source: 'FB',
      utm_campaign: 'black-friday|123',
      utm_medium: 'cpc',
      src: 'story',
      sck: 'abc',
      fbp: 'fb.1.1700000000000.123456',
      fbclid: 'IwAR0abc',
    })
    expect(snap?.userAgent).toBe('Mozilla/5.0 (iPhone) Teste')
    expect(snap?.clientIp).toBe('127.0.0.1')
    expect(snap?.totalCents).toBe(9700)
    expect(snap?.items).toEqual([
      expect.objectContaining({ productId: s.productId, quantity: 1, unitPriceCents: 9700, totalCents: 9700 }),
    ])
  })

  it('cuts long values and drops non-text values instead of failing the order', async () => {
    const s = await digitalShop()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: order(s, { utm_source: 'x'.repeat(5000), utm_term: ' ab ', utm_content: { nested: true }, sck: 42 }),
    })
    expect(res.statusCode).toBe(200)
    const snap = await orderingService.orderSnapshot(t.runtime.db, res.json().orderId)
    expect(snap?.tracking).toEqual({ utm_source: 'x'.repeat(250), utm_term: 'ab' })
  })

  it('accepts an order without attribution', async () => {
    const s = await digitalShop()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: order(s, undefined),
    })
    expect(res.statusCode).toBe(200)
    const snap = await orderingService.orderSnapshot(t.runtime.db, res.json().orderId)
    expect(snap?.tracking).toEqual({})
  })
})
