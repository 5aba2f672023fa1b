import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publish } from '../../platform/events'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderCancelled, orderStatusChanged } from '../ordering'
import { applyPaymentStatus } from '../ordering/service'
import { reviewFixtures } from './review-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { req, shop, paidOrder, revokedReview, review, post, moderate } = reviewFixtures(() => t)

describe('verified purchase', () => {
  it('is true only with the signed token of a paid order of that product, once per order, dropped on refund', async () => {
    const s = await shop()
    const unpaid = await paidOrder(s, false)
    expect(unpaid.reviewToken).toBeUndefined()
    const order = await paidOrder(s)
    expect(order.reviewToken).toEqual(expect.any(String))

    const forged = await post(s.storeId, review(s.productId, { orderId: order.orderId, reviewToken: '9999999999.x' }))
    expect(forged.statusCode).toBe(403)
    const wrongOrder = await post(
      s.storeId,
      review(s.productId, { orderId: unpaid.orderId, reviewToken: order.reviewToken }),
    )
    expect(wrongOrder.statusCode).toBe(403)
    const other = await shop()
    const foreign = await post(
      other.storeId,
      review(other.productId, { orderId: order.orderId, reviewToken: order.reviewToken }),
    )
    expect(foreign.statusCode).toBe(403)

    const reviewable = (storeId: string, token = order.reviewToken) =>
      req('GET', `/api/stores/${storeId}/reviews/order/${order.orderId}?token=${encodeURIComponent(token ?? '')}`)
    expect((await reviewable(s.storeId)).json().data).toEqual({
      customerName: 'Ana Souza',
      products: [{ productId: s.productId, productName: 'Ebook de Receitas', reviewed: false }],
    })
    expect((await reviewable(s.storeId, 'bad')).statusCode).toBe(404)
    expect((await reviewable(other.storeId)).statusCode).toBe(404)

    const ok = await post(s.storeId, review(s.productId, { orderId: order.orderId, reviewToken: order.reviewToken }))
    expect(ok.statusCode).toBe(201)
    expect((await reviewable(s.storeId)).json().data.products[0].reviewed).toBe(true)
    expect(ok.json().data).toMatchObject({ isVerifiedPurchase: true, status: 'PENDING' })
    const again = await post(s.storeId, review(s.productId, { orderId: order.orderId, reviewToken: order.reviewToken }))
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('REVIEW_ALREADY_SENT')
    const owner = (await req('GET', `/api/stores/${s.storeId}/reviews/${ok.json().data.id}`, { user: s.owner })).json()
    expect(owner.data).toMatchObject({ customerEmail: 'ana@example.com', orderId: order.orderId })

    await moderate(s, ok.json().data.id, 'APPROVED')
    const stats = async () =>
      (await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}/stats`)).json().data
    expect((await stats()).verifiedPurchases).toBe(1)

    // ordering announces the refund: the flag drops, the review stays
    await t.runtime.db.transaction().execute((trx) =>
      publish(trx, orderStatusChanged, {
        orderId: order.orderId,
        storeId: s.storeId,
        orderNumber: 'x',
        from: 'PAID',
        to: 'REFUNDED',
        userId: s.owner.id,
      }),
    )
    const after = await revokedReview(s, ok.json().data.id)
    expect(after.data).toMatchObject({ isVerifiedPurchase: false, status: 'APPROVED' })
    expect(after.data.verificationRevokedAt).toEqual(expect.any(String))
    expect((await stats()).verifiedPurchases).toBe(0)
  })

  it('is dropped when the order is cancelled or refunded at the gateway, and a refunded order gives no token', async () => {
    const s = await shop()
    const order = await paidOrder(s)
    const ok = await post(s.storeId, review(s.productId, { orderId: order.orderId, reviewToken: order.reviewToken }))
    expect(ok.json().data.isVerifiedPurchase).toBe(true)
    await t.runtime.db
      .transaction()
      .execute((trx) =>
        publish(trx, orderCancelled, { orderId: order.orderId, storeId: s.storeId, orderNumber: 'x', reason: 'test' }),
      )
    const after = await revokedReview(s, ok.json().data.id)
    expect(after.data.isVerifiedPurchase).toBe(false)

    // a gateway refund of a paid order (ordering publishes order.refunded): flag dropped, no new token
    const refunded = await paidOrder(s)
    const before = await post(
      s.storeId,
      review(s.productId, { orderId: refunded.orderId, reviewToken: refunded.reviewToken }),
    )
    expect(before.json().data.isVerifiedPurchase).toBe(true)
    await applyPaymentStatus(t.runtime.db, refunded.orderId, 'REFUNDED', 'sandbox-refund')
    expect((await revokedReview(s, before.json().data.id)).data.verificationRevokedAt).toEqual(expect.any(String))
    const late = await req(
      'GET',
      `/api/stores/${s.storeId}/reviews/order/${refunded.orderId}?token=${encodeURIComponent(refunded.reviewToken!)}`,
    )
    expect(late.statusCode).toBe(404)
    const status = (await req('GET', `/api/checkout/order-status/${refunded.orderId}?t=${refunded.pageToken}`)).json()
    expect(status.order.reviewToken).toBeUndefined()
  })
})
