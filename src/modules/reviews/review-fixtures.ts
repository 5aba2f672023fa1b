import { expect } from 'vitest'
import { type TestApp, type TestUser, waitFor } from '../../testing/test-app'

/**
 * What the review API tests share: requests from an address of their own, a shop with a sandbox gateway, paid orders
 * and their review tokens. `app()` is read at each call, since the test file creates its app in beforeAll.
 */
export function reviewFixtures(app: () => TestApp) {
  let ipSeq = 0
  /** Each call from its own address unless told, so the per-address limits do not mix the tests. */
  async function req(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    opts: { user?: TestUser; payload?: object; ip?: string; ua?: string } = {},
  ) {
    ipSeq++
    return app().app.inject({
      method,
      url,
      payload: opts.payload,
      headers: { ...opts.user?.headers, 'user-agent': opts.ua ?? 'vitest' },
      remoteAddress: opts.ip ?? `10.1.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`,
    })
  }

  /** A store with a sandbox gateway and a R$ 49,90 digital product. */
  async function shop() {
    const owner = await app().login()
    const storeId = (await req('POST', '/api/stores', { user: owner, payload: { name: 'Loja Avaliada' } })).json().id
    const product = await req('POST', `/api/stores/${storeId}/products`, {
      user: owner,
      payload: {
        name: 'Ebook de Receitas',
        price: 49.9,
        type: 'DIGITAL',
        digitalFileUrl: 'https://f.example.com/e.pdf',
      },
    })
    await req('POST', `/api/payment/ativo-pay/payment-config?storeId=${storeId}`, {
      user: owner,
      payload: { ativoPayApiKey: 'sk_sandbox_reviews_0001' },
    })
    return { owner, storeId: storeId as string, productId: product.json().id as string }
  }

  async function paidOrder(s: { storeId: string; productId: string }, pay = true) {
    const res = await req('POST', '/api/checkout/create-digital-order', {
      payload: {
        storeId: s.storeId,
        productId: s.productId,
        customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
        payment: { method: 'pix' },
      },
    })
    expect(res.statusCode).toBe(200)
    const order = res.json() as { orderId: string; orderPageUrl: string; paymentResult: { gatewayId: string } }
    const pageToken = new URL(order.orderPageUrl, 'http://x').searchParams.get('t') ?? ''
    if (pay) {
      const paid = await req('POST', `/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/pay`, {
        payload: {},
      })
      expect(paid.statusCode).toBeLessThan(300)
      // the payment reaches the order through the worker
      await waitFor(
        async () => (await req('GET', `/api/checkout/order-status/${order.orderId}`)).json().order.status === 'PAID',
      )
    }
    // the review token comes with the order page's token only, never with the order id alone
    const bare = (await req('GET', `/api/checkout/order-status/${order.orderId}`)).json()
    expect(bare.order.reviewToken).toBeUndefined()
    const status = (await req('GET', `/api/checkout/order-status/${order.orderId}?t=${pageToken}`)).json()
    return { orderId: order.orderId, pageToken, reviewToken: status.order.reviewToken as string | undefined, status }
  }

  /** Waits until the worker ran the subscriber and the review lost its flag. */
  async function revokedReview(s: { owner: TestUser; storeId: string }, id: string) {
    const read = async () => (await req('GET', `/api/stores/${s.storeId}/reviews/${id}`, { user: s.owner })).json()
    await waitFor(async () => (await read()).data.isVerifiedPurchase === false)
    return read()
  }

  const review = (productId: string, extra: object = {}) => ({
    productId,
    customerName: 'Bruno Lima',
    rating: 4,
    title: 'Muito bom',
    comment: 'Chegou rápido e é como descrito.',
    ...extra,
  })

  async function post(storeId: string, body: object) {
    return req('POST', `/api/stores/${storeId}/reviews`, { payload: body })
  }

  async function moderate(s: { owner: TestUser; storeId: string }, id: string, status: string) {
    return req('PATCH', `/api/stores/${s.storeId}/reviews/${id}/moderate`, { user: s.owner, payload: { status } })
  }

  return { req, shop, paidOrder, revokedReview, review, post, moderate }
}
