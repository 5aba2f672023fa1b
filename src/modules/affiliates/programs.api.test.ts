/** Programs and affiliations: the producer's settings, an account's request, approval, links and ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'

let t: TestApp
let s: Shop
let affiliate: TestUser
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  s = await shop()
  affiliate = await t.login()
})
afterAll(() => t?.close())

const { shop } = orderingFixtures(() => t)
const programUrl = (storeId: string, productId: string) =>
  `/api/stores/${storeId}/products/${productId}/affiliate-program`
const program = { enabled: true, commissionBps: 1_000, cookieDays: 60, attribution: 'LAST_CLICK', autoApprove: false }

describe('affiliate program', () => {
  it('saves a product program with the default release days and reads it back', async () => {
    const res = await t.send('PUT', programUrl(s.storeId, s.digitalId), s.owner, program)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ...program, releaseDays: { credit_card: 30, pix: 7, bank_slip: 7 } })
    const read = await t.app.inject({ url: programUrl(s.storeId, s.digitalId), headers: s.owner.headers })
    expect(read.json().commissionBps).toBe(1_000)
  })

  it('refuses a commission outside 0–100 % and cookie days below 1 with the Portuguese message', async () => {
    const high = await t.send('PUT', programUrl(s.storeId, s.digitalId), s.owner, { ...program, commissionBps: 10_001 })
    expect(high.statusCode).toBe(400)
    expect(JSON.stringify(high.json())).toContain(AFFILIATE_MESSAGES.commission)
    const days = await t.send('PUT', programUrl(s.storeId, s.digitalId), s.owner, { ...program, cookieDays: 0 })
    expect(days.statusCode).toBe(400)
    expect(JSON.stringify(days.json())).toContain(AFFILIATE_MESSAGES.cookieDays)
  })

  it("another merchant's store or product is 404", async () => {
    const other = await shop()
    expect((await t.send('PUT', programUrl(s.storeId, s.digitalId), other.owner, program)).statusCode).toBe(404)
    // Their own store with this store's product: not theirs either.
    expect((await t.send('PUT', programUrl(other.storeId, s.digitalId), other.owner, program)).statusCode).toBe(404)
    const read = await t.app.inject({ url: programUrl(s.storeId, s.digitalId), headers: other.owner.headers })
    expect(read.statusCode).toBe(404)
  })

  it('lists open programs in the public marketplace', async () => {
    const res = await t.app.inject({ url: '/api/affiliate-marketplace' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        productId: s.digitalId,
        commissionBps: 1_000,
        productName: 'E-book',
        priceCents: 4_990,
      }),
    )
  })
})

describe('affiliations', () => {
  let affiliationId = ''

  it('an account asks to promote the product: PENDING without a link; twice is 409', async () => {
    const res = await t.send('POST', '/api/affiliations', affiliate, { productId: s.digitalId })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({ status: 'PENDING', link: null, commissionBps: 1_000 })
    affiliationId = res.json().data.id
    expect((await t.send('POST', '/api/affiliations', affiliate, { productId: s.digitalId })).statusCode).toBe(409)
  })

  it('the producer cannot affiliate to their own product; a closed product is 404', async () => {
    const own = await t.send('POST', '/api/affiliations', s.owner, { productId: s.digitalId })
    expect(own.statusCode).toBe(400)
    expect(own.json().message).toBe(AFFILIATE_MESSAGES.ownProduct)
    const closed = await t.send('POST', '/api/affiliations', affiliate, { productId: s.physicalId })
    expect(closed.statusCode).toBe(404)
  })

  it("another producer's affiliation is 404; the owner approves and the link appears", async () => {
    const other = await shop()
    const foreign = await t.send('PATCH', `/api/stores/${other.storeId}/affiliations/${affiliationId}`, other.owner, {
      status: 'ACTIVE',
    })
    expect(foreign.statusCode).toBe(404)
    const list = await t.app.inject({ url: `/api/stores/${other.storeId}/affiliations`, headers: other.owner.headers })
    expect(list.json()).toEqual([])

    const ok = await t.send('PATCH', `/api/stores/${s.storeId}/affiliations/${affiliationId}`, s.owner, {
      status: 'ACTIVE',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      status: 'ACTIVE',
      affiliateEmail: affiliate.email,
      link: expect.stringMatching(/^\/a\//),
    })
    const mine = await t.app.inject({ url: '/api/me/affiliations', headers: affiliate.headers })
    expect(mine.json()).toEqual([expect.objectContaining({ id: affiliationId, link: ok.json().link, clicks: 0 })])
    // Someone else sees none of it.
    const stranger = await t.login()
    expect((await t.app.inject({ url: '/api/me/affiliations', headers: stranger.headers })).json()).toEqual([])
  })

  it('a link records a click, sets the visitor cookie and sends to the checkout; a forged code is 404 without cookie', async () => {
    const [mine] = (await t.app.inject({ url: '/api/me/affiliations', headers: affiliate.headers })).json()
    const res = await t.app.inject({ url: `${mine.link}?utm_source=insta` })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`/digital-checkout/${s.storeId}/${s.digitalId}?utm_source=insta`)
    expect(String(res.headers['set-cookie'])).toMatch(/^aff_v=[0-9a-f-]{36}; Path=\/; Max-Age=\d+; SameSite=Lax$/)
    const again = await t.app.inject({ url: `/api/me/affiliations`, headers: affiliate.headers })
    expect(again.json()[0].clicks).toBe(1)

    const forged = await t.app.inject({ url: '/a/forged-code' })
    expect(forged.statusCode).toBe(404)
    expect(forged.headers['set-cookie']).toBeUndefined()
  })

  it('a blocked affiliation loses its link', async () => {
    const [mine] = (await t.app.inject({ url: '/api/me/affiliations', headers: affiliate.headers })).json()
    await t.send('PATCH', `/api/stores/${s.storeId}/affiliations/${mine.id}`, s.owner, { status: 'BLOCKED' })
    expect((await t.app.inject({ url: mine.link })).statusCode).toBe(404)
    await t.send('PATCH', `/api/stores/${s.storeId}/affiliations/${mine.id}`, s.owner, { status: 'ACTIVE' })
  })
})
