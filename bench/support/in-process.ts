// What the benches that run the app in their own process (createTestApp) share: the merchant's setup calls and the
// physical PIX order a buyer places.
import type { TestApp } from '../../src/testing/test-app'
import { benchBuyer } from './buyer'

/** A merchant's call through app.inject with the given headers; anything but 2xx throws. */
export function injector(t: TestApp, headers: Record<string, string>) {
  return async (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') => {
    const res = await t.app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
}

/**
 * The physical PIX order (POST /api/checkout/create-order) as the buyer page sends it, shipped by `shippingOptionId`:
 * each body a new buyer and house number. `extra` adds fields (order bumps); the count runs across every body made.
 */
export function physicalOrders(storeId: string, productId: string, shippingOptionId: string) {
  let n = 0
  return (extra: object = {}) =>
    () =>
      JSON.stringify({
        storeId,
        productId,
        customer: benchBuyer(++n),
        shipping: {
          zipCode: '01310100',
          address: 'Avenida Paulista',
          number: String(n),
          city: 'São Paulo',
          state: 'SP',
          method: shippingOptionId,
        },
        payment: { method: 'pix' },
        ...extra,
      })
}
