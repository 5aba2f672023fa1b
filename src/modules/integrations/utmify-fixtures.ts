import { expect } from 'vitest'
import { appWithFake, resetRecording } from '../../testing/app-with-fake'
import { type FakeUtmify, startFakeUtmify } from '../../testing/fake-utmify'
import type { TestApp } from '../../testing/test-app'

export const UTMIFY_KEY = 'utmify_token_ABCDEFGHIJ0123456789'

/** The suite's app with UTMify a fake; `reset`: the fake's calls forgotten and its answer restored before each test. */
export function utmifySuite(ready: (suite: { t: TestApp; fake: FakeUtmify }) => void, opts: { reset?: boolean } = {}) {
  appWithFake(startFakeUtmify, (url) => ({ UTMIFY_API_URL: url }), ready, opts.reset ? resetRecording : undefined)
}

/**
 * What the UTMify API tests share: a shop whose orders UTMify is told of, and a buyer's PIX order in it. `app()` is
 * read at each call, since the test file creates its app in beforeAll.
 */
export function utmifyFixtures(app: () => TestApp) {
  /** A store with a sandbox gateway (`sandboxKey`), a R$ 97 digital product and UTMify on, off or never set up. */
  async function shop(opts: { storeName: string; sandboxKey: string; utmify?: 'active' | 'inactive' | 'none' }) {
    const t = app()
    const { user: owner, storeId } = await t.merchantWithStore(opts.storeName)
    const post = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: owner.headers })
    const product = await post('POST', `/api/stores/${storeId}/products`, {
      name: 'Curso de Tráfego',
      price: 97,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/curso.zip',
    })
    await post('POST', `/api/payment/ativo-pay/payment-config?storeId=${storeId}`, { ativoPayApiKey: opts.sandboxKey })
    if (opts.utmify !== 'none')
      await post('PUT', `/api/integrations/utmfy/config/${storeId}`, {
        utmfyApiKey: UTMIFY_KEY,
        utmfyActive: opts.utmify !== 'inactive',
      })
    return { owner, storeId, productId: product.json().id as string }
  }

  /** Ana's digital order paid by PIX; `extra` adds to the payload (the UTM parameters). */
  async function placeOrder(s: { storeId: string; productId: string }, extra: object = {}) {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: {
        storeId: s.storeId,
        productId: s.productId,
        customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
        payment: { method: 'pix' },
        ...extra,
      },
    })
    expect(res.statusCode).toBe(200)
    return res.json() as {
      orderId: string
      orderNumber: string
      transactionId: string
      paymentResult: { gatewayId: string }
    }
  }

  return { shop, placeOrder }
}
