import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { reviewFixtures } from './review-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { req, shop, review, post, moderate } = reviewFixtures(() => t)

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
