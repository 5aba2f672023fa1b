import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publish } from '../../platform/events'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { orderCancelled, orderStatusChanged } from '../ordering'
import { applyPaymentStatus } from '../ordering/service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

let ipSeq = 0
/** Each call from its own address unless told, so the per-address limits do not mix the tests. */
async function req(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  opts: { user?: TestUser; payload?: object; ip?: string; ua?: string } = {},
) {
  ipSeq++
  return t.app.inject({
    method,
    url,
    payload: opts.payload,
    headers: { ...opts.user?.headers, 'user-agent': opts.ua ?? 'vitest' },
    remoteAddress: opts.ip ?? `10.1.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`,
  })
}

/** A store with a sandbox gateway and a R$ 49,90 digital product. */
async function shop() {
  const owner = await t.login()
  const storeId = (await req('POST', '/api/stores', { user: owner, payload: { name: 'Loja Avaliada' } })).json().id
  const product = await req('POST', `/api/stores/${storeId}/products`, {
    user: owner,
    payload: { name: 'Ebook de Receitas', price: 49.9, type: 'DIGITAL', digitalFileUrl: 'https://f.example.com/e.pdf' },
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

describe('public reviews', () => {
  it('creates a PENDING, unverified review; only approved ones are listed, newest first, paged by 5', async () => {
    const s = await shop()
    const created = await post(s.storeId, review(s.productId, { isVerifiedPurchase: true, status: 'APPROVED' }))
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      statusCode: 201,
      data: { status: 'PENDING', isVerifiedPurchase: false, source: 'CUSTOMER', productName: 'Ebook de Receitas' },
    })
    expect(created.json().data).not.toHaveProperty('customerEmail')

    const empty = await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}`)
    expect(empty.json()).toEqual({
      statusCode: 200,
      data: { reviews: [], total: 0, page: 1, limit: 5, totalPages: 0 },
    })

    const ids: string[] = [created.json().data.id]
    for (let i = 0; i < 6; i++)
      ids.push((await post(s.storeId, review(s.productId, { title: `T${i}` }))).json().data.id)
    for (const id of ids) expect((await moderate(s, id, 'APPROVED')).statusCode).toBe(200)

    const first = (await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}`)).json().data
    expect(first).toMatchObject({ total: 7, page: 1, limit: 5, totalPages: 2 })
    expect(first.reviews.map((r: { title: string }) => r.title)).toEqual(['T5', 'T4', 'T3', 'T2', 'T1'])
    const second = (await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}?page=2`)).json().data
    expect(second.reviews.map((r: { title: string }) => r.title)).toEqual(['T0', 'Muito bom'])
  })

  it('answers bad input with 4xx and a message, never 5xx', async () => {
    const s = await shop()
    const cases: [object, number, string][] = [
      [review(s.productId, { rating: 0 }), 400, 'rating'],
      [review(s.productId, { rating: 6 }), 400, 'rating'],
      [review(s.productId, { rating: 4.5 }), 400, 'rating'],
      [review(s.productId, { title: '   ' }), 400, 'title'],
      [review(s.productId, { customerName: undefined }), 400, 'customerName'],
      [review(s.productId, { comment: 'x'.repeat(2001) }), 400, 'comment'],
      [review(s.productId, { customerEmail: 'não-é-email' }), 400, 'customerEmail'],
    ]
    for (const [body, status, field] of cases) {
      const res = await post(s.storeId, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json().errors).toHaveProperty(field)
    }
    expect((await post(s.storeId, review(s.productId, { title: '' }))).json().message).toBe(
      'Preencha todos os campos obrigatórios',
    )
    expect((await post(s.storeId, review('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404)
    expect((await post(s.storeId, review('nope'))).statusCode).toBe(404)
    expect((await post('00000000-0000-4000-8000-000000000000', review(s.productId))).statusCode).toBe(404)
    const other = await shop()
    expect((await post(s.storeId, review(other.productId))).statusCode).toBe(404)
    expect((await req('GET', `/api/stores/${s.storeId}/reviews/product/${other.productId}`)).statusCode).toBe(404)
  })

  it('keeps HTML as inert text: stored and answered verbatim as JSON, trimmed', async () => {
    const s = await shop()
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    const res = await post(s.storeId, review(s.productId, { title: `  ${evil}  `, comment: evil }))
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json().data.title).toBe(evil)
    await moderate(s, res.json().data.id, 'APPROVED')
    const list = await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}`)
    expect(list.headers['content-type']).toContain('application/json')
    expect(list.json().data.reviews[0].comment).toBe(evil)
  })

  it('counts a helpful vote once per visitor; reports reach the owner; only approved reviews take votes', async () => {
    const s = await shop()
    const id = (await post(s.storeId, review(s.productId))).json().data.id
    const helpful = (ip: string, ua = 'vitest') =>
      req('PATCH', `/api/stores/${s.storeId}/reviews/${id}/helpful`, { ip, ua })
    expect((await helpful('10.9.0.1')).statusCode).toBe(404)
    await moderate(s, id, 'APPROVED')

    expect((await helpful('10.9.0.1')).json().data).toEqual({ helpfulVotes: 1, counted: true })
    expect((await helpful('10.9.0.1')).json().data).toEqual({ helpfulVotes: 1, counted: false })
    expect((await helpful('10.9.0.2')).json().data).toEqual({ helpfulVotes: 2, counted: true })
    expect((await helpful('10.9.0.2', 'other browser')).json().data).toEqual({ helpfulVotes: 3, counted: true })

    const report = (ip: string) => req('PATCH', `/api/stores/${s.storeId}/reviews/${id}/report`, { ip })
    expect((await report('10.9.0.3')).statusCode).toBe(200)
    await report('10.9.0.3')
    await report('10.9.0.4')
    const mine = (await req('GET', `/api/stores/${s.storeId}/reviews/${id}`, { user: s.owner })).json().data
    expect(mine).toMatchObject({ reportCount: 2, helpfulVotes: 3, status: 'APPROVED' })
    const overview = (await req('GET', `/api/stores/${s.storeId}/reviews/stats/overview`, { user: s.owner })).json()
    expect(overview.data.reportedReviews).toBe(1)
  })

  it('limits new reviews per address', async () => {
    const s = await shop()
    const codes: number[] = []
    for (let i = 0; i < 11; i++)
      codes.push(
        (await req('POST', `/api/stores/${s.storeId}/reviews`, { payload: review(s.productId), ip: '10.8.8.8' }))
          .statusCode,
      )
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true)
    expect(codes[10]).toBe(429)
  })
})

describe('moderation', () => {
  it('follows the state machine: PENDING → APPROVED | REJECTED, APPROVED → FLAGGED, anything else 409', async () => {
    const s = await shop()
    const a = (await post(s.storeId, review(s.productId))).json().data.id
    const b = (await post(s.storeId, review(s.productId))).json().data.id

    expect((await moderate(s, a, 'FLAGGED')).statusCode).toBe(409)
    const approved = await moderate(s, a, 'APPROVED')
    expect(approved.json()).toMatchObject({ data: { status: 'APPROVED' }, message: 'Avaliação aprovada!' })
    expect((await moderate(s, a, 'APPROVED')).statusCode).toBe(409)
    expect((await moderate(s, a, 'REJECTED')).statusCode).toBe(409)
    const flagged = await moderate(s, a, 'FLAGGED')
    expect(flagged.json()).toMatchObject({ data: { status: 'FLAGGED' }, message: 'Avaliação sinalizada!' })
    const back = await moderate(s, a, 'APPROVED')
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe('Não é possível mudar uma avaliação sinalizada para aprovada.')

    const rejected = await req('PATCH', `/api/stores/${s.storeId}/reviews/${b}/moderate`, {
      user: s.owner,
      payload: { status: 'REJECTED', moderatorNotes: '  spam  ' },
    })
    expect(rejected.json()).toMatchObject({ data: { status: 'REJECTED', moderatorNotes: 'spam' } })
    expect((await moderate(s, b, 'APPROVED')).statusCode).toBe(409)
    expect((await moderate(s, b, 'PENDING')).statusCode).toBe(400)

    // FLAGGED and REJECTED are not public
    const list = await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}`)
    expect(list.json().data.total).toBe(0)
    const filtered = await req('GET', `/api/stores/${s.storeId}/reviews?status=FLAGGED`, { user: s.owner })
    expect(filtered.json().data).toMatchObject({ total: 1, limit: 10 })
    expect((await req('DELETE', `/api/stores/${s.storeId}/reviews/${b}`, { user: s.owner })).statusCode).toBe(200)
    expect((await req('GET', `/api/stores/${s.storeId}/reviews/${b}`, { user: s.owner })).statusCode).toBe(404)
  })

  it("answers 404 for another merchant's store or review, 401 without a login", async () => {
    const s = await shop()
    const other = await shop()
    const id = (await post(s.storeId, review(s.productId))).json().data.id
    const intruder = { owner: other.owner, storeId: s.storeId }
    expect((await req('GET', `/api/stores/${s.storeId}/reviews`, { user: other.owner })).statusCode).toBe(404)
    expect((await moderate(intruder, id, 'APPROVED')).statusCode).toBe(404)
    expect((await req('DELETE', `/api/stores/${s.storeId}/reviews`, { user: other.owner })).statusCode).toBe(404)
    // the review through the intruder's own store: still 404
    expect((await moderate(other, id, 'APPROVED')).statusCode).toBe(404)
    expect((await req('DELETE', `/api/stores/${other.storeId}/reviews/${id}`, { user: other.owner })).statusCode).toBe(
      404,
    )
    expect((await req('GET', `/api/stores/${s.storeId}/reviews`)).statusCode).toBe(401)
    expect((await req('GET', `/api/stores/${s.storeId}/reviews/${id}`, { user: s.owner })).json().data.status).toBe(
      'PENDING',
    )
  })

  it("adds the merchant's review APPROVED, marked as the store's, never verified, with no invented votes", async () => {
    const s = await shop()
    const missing = await req('POST', `/api/stores/${s.storeId}/reviews/manual`, {
      user: s.owner,
      payload: { customerName: 'Carla', title: '', comment: 'Ótimo', productName: 'Ebook' },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Preencha todos os campos obrigatórios')
    const res = await req('POST', `/api/stores/${s.storeId}/reviews/manual`, {
      user: s.owner,
      payload: {
        customerName: 'Carla',
        title: 'Ótimo',
        comment: 'Recomendo',
        productName: 'x',
        productId: s.productId,
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({
      status: 'APPROVED',
      source: 'MERCHANT',
      isVerifiedPurchase: false,
      rating: 5,
      helpfulVotes: 0,
      productName: 'Ebook de Receitas',
    })
    const id = res.json().data.id
    const edit = await req('PATCH', `/api/stores/${s.storeId}/reviews/${id}`, {
      user: s.owner,
      payload: { title: 'Excelente', moderatorNotes: 'cliente do balcão' },
    })
    expect(edit.json().data).toMatchObject({ title: 'Excelente', moderatorNotes: 'cliente do balcão' })
    // a buyer's words are not the merchant's to rewrite
    const buyer = (await post(s.storeId, review(s.productId))).json().data.id
    const rewrite = await req('PATCH', `/api/stores/${s.storeId}/reviews/${buyer}`, {
      user: s.owner,
      payload: { rating: 5 },
    })
    expect(rewrite.statusCode).toBe(409)
    const notes = await req('PATCH', `/api/stores/${s.storeId}/reviews/${buyer}`, {
      user: s.owner,
      payload: { moderatorNotes: 'ver com o cliente' },
    })
    expect(notes.json().data.moderatorNotes).toBe('ver com o cliente')
  })
})

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

describe('statistics', () => {
  it('are zeros with no average when there are no approved reviews (never placeholder figures)', async () => {
    const s = await shop()
    await post(s.storeId, review(s.productId, { rating: 1 }))
    const product = (await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}/stats`)).json()
    expect(product).toEqual({
      statusCode: 200,
      data: {
        totalReviews: 0,
        averageRating: null,
        ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        verifiedPurchases: 0,
      },
    })
    const overview = (await req('GET', `/api/stores/${s.storeId}/reviews/stats/overview`, { user: s.owner })).json()
    expect(overview.data).toMatchObject({
      totalReviews: 0,
      averageRating: null,
      pendingReviews: 1,
      allReviews: 1,
      storeScore: null,
      storeCategory: 'SEM_AVALIACOES',
      responseRate: 0,
      averageResponseHours: null,
    })
  })

  it('give the platform dashboard its real average rating, over approved reviews only', async () => {
    const s = await shop()
    for (const rating of [5, 2]) {
      const created = await req('POST', `/api/stores/${s.storeId}/reviews/manual`, {
        user: s.owner,
        payload: {
          customerName: 'Carla',
          title: 'Nota',
          comment: 'Avaliação',
          productName: 'x',
          productId: s.productId,
          rating,
        },
      })
      expect(created.statusCode).toBeLessThan(300)
    }
    await post(s.storeId, review(s.productId, { rating: 1 }))
    const admin = await t.login({ role: 'ADMIN' })
    const dashboard = (await req('GET', '/api/admin/dashboard?period=1year', { user: admin })).json()
    const expected = await t.runtime.db
      .selectFrom('reviews')
      .where('status', '=', 'APPROVED')
      .select((eb) => eb.fn.avg<string>('rating').as('avg'))
      .executeTakeFirstOrThrow()
    expect(dashboard.systemMetrics.averageRating).toBe(Math.round(Number(expected.avg) * 10) / 10)
  })

  it('come from the approved reviews only: average, distribution, score out of 10 and category', async () => {
    const s = await shop()
    const ratings = [5, 5, 4, 3, 1]
    for (const rating of ratings) {
      const id = (await post(s.storeId, review(s.productId, { rating }))).json().data.id
      await moderate(s, id, 'APPROVED')
    }
    const rejected = (await post(s.storeId, review(s.productId, { rating: 1 }))).json().data.id
    await moderate(s, rejected, 'REJECTED')
    await post(s.storeId, review(s.productId, { rating: 1 }))

    const product = (await req('GET', `/api/stores/${s.storeId}/reviews/product/${s.productId}/stats`)).json().data
    expect(product).toEqual({
      totalReviews: 5,
      averageRating: 3.6,
      ratingDistribution: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 },
      verifiedPurchases: 0,
    })
    const overview = (await req('GET', `/api/stores/${s.storeId}/reviews/stats/overview`, { user: s.owner })).json()
    expect(overview.data).toMatchObject({
      totalReviews: 5,
      averageRating: 3.6,
      pendingReviews: 1,
      allReviews: 7,
      byStatus: { PENDING: 1, APPROVED: 5, REJECTED: 1, FLAGGED: 0 },
      storeScore: 7.2,
      storeCategory: 'BOM',
      responseRate: 85.7,
    })
    expect(overview.data.averageResponseHours).toBeGreaterThanOrEqual(0)
  })

  it('the debug clean-up removes all of the store’s reviews and only the owner may', async () => {
    const s = await shop()
    const other = await shop()
    await post(s.storeId, review(s.productId))
    await post(other.storeId, review(other.productId))
    const res = await req('DELETE', `/api/stores/${s.storeId}/reviews`, { user: s.owner })
    expect(res.json()).toMatchObject({ data: { deleted: 1 }, message: 'Todas as avaliações foram removidas!' })
    const left = (await req('GET', `/api/stores/${other.storeId}/reviews`, { user: other.owner })).json()
    expect(left.data.total).toBe(1)
  })
})
