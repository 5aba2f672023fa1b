/**
 * The admin's payouts: only admins list and decide; approve then mark paid, or refuse (the ledger gives the amount
 * back to the available balance); two admins deciding at once: one wins, the other gets 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { consistencyProblems, releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let admin: TestUser
let admin2: TestUser
beforeAll(async () => {
  t = await createTestApp({ redis: false, moduleDeps: { clock } })
  admin = await t.login({ role: 'ADMIN' })
  admin2 = await t.login({ role: 'ADMIN' })
})
afterAll(() => t?.close())

const ordering = orderingFixtures(() => t)
const { db, get, setup, click, buy, balanceOf } = affiliatesFixtures(() => t, clock, ordering)
const pixKey = 'ana@example.com'

/** An affiliate with a released commission who asked two payouts (60 % and the rest of it). */
async function withPayouts() {
  const { s, a, linkA } = await setup()
  const order = await buy(s, await click(linkA, new Date()))
  const share = Math.round(order.totalCents * 0.3)
  clock.set(new Date(Date.now() + 8 * DAY_MS))
  await releaseDue({ db: db(), clock })
  const first = Math.ceil(share * 0.6)
  const p1 = (await t.send('POST', '/api/me/payouts', a, { amountCents: first, pixKey })).json().data
  const p2 = (await t.send('POST', '/api/me/payouts', a, { amountCents: share - first, pixKey })).json().data
  return { s, a, share, first, p1, p2 }
}

const decide = (id: string, action: 'approve' | 'pay' | 'reject', user: TestUser, body?: unknown) =>
  t.send('POST', `/api/admin/affiliate-payouts/${id}/${action}`, user, body ?? {})

describe('admin payouts', () => {
  it('only admins list and decide', async () => {
    const { s, a, p1 } = await withPayouts()
    for (const user of [a, s.owner]) {
      expect((await t.app.inject({ url: '/api/admin/affiliate-payouts', headers: user.headers })).statusCode).toBe(403)
      expect((await decide(p1.id, 'approve', user)).statusCode).toBe(403)
      expect((await decide(p1.id, 'reject', user, { reason: 'Fraude' })).statusCode).toBe(403)
    }
    expect((await t.app.inject({ url: '/api/admin/affiliate-payouts' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/admin/affiliates/consistency', headers: a.headers })).statusCode).toBe(403)
    expect((await get(`/api/me/payouts`, a))[0].status).toBe('REQUESTED')
  })

  it('lists by status, approves then marks paid; a payout already decided is 409', async () => {
    const { a, p1 } = await withPayouts()
    const listed = await get('/api/admin/affiliate-payouts?status=REQUESTED&limit=100', admin)
    expect(listed.find((p: { id: string }) => p.id === p1.id)).toMatchObject({
      userId: a.id,
      userEmail: a.email,
      amountCents: p1.amountCents,
      status: 'REQUESTED',
    })
    expect((await decide(p1.id, 'pay', admin)).statusCode).toBe(409)
    const approved = await decide(p1.id, 'approve', admin)
    expect(approved.statusCode).toBe(200)
    expect(approved.json()).toMatchObject({ data: { status: 'APPROVED' }, message: AFFILIATE_MESSAGES.payoutApproved })
    const approvedList = await get('/api/admin/affiliate-payouts?status=APPROVED&limit=100', admin)
    expect(approvedList.map((p: { id: string }) => p.id)).toContain(p1.id)
    expect(
      (await get('/api/admin/affiliate-payouts?status=REQUESTED&limit=100', admin)).map((p: { id: string }) => p.id),
    ).not.toContain(p1.id)
    const paid = await decide(p1.id, 'pay', admin)
    expect(paid.json().data).toMatchObject({ status: 'PAID', paidAt: expect.any(String) })
    expect((await decide(p1.id, 'reject', admin, { reason: 'Tarde demais' })).statusCode).toBe(409)
    expect((await get('/api/me/payouts', a)).find((p: { id: string }) => p.id === p1.id).status).toBe('PAID')
  })

  it('a refusal gives the amount back to the available balance through the ledger', async () => {
    const { a, share, first, p1, p2 } = await withPayouts()
    expect(await balanceOf(a)).toMatchObject({ availableCents: 0, paidCents: share })
    const short = await decide(p2.id, 'reject', admin, { reason: '' })
    expect(short.statusCode).toBe(400)
    const refused = await decide(p1.id, 'reject', admin, { reason: 'Chave PIX de outra pessoa' })
    expect(refused.statusCode).toBe(200)
    expect(refused.json().data).toMatchObject({ status: 'REJECTED', rejectionReason: 'Chave PIX de outra pessoa' })
    expect(await balanceOf(a)).toMatchObject({ availableCents: first, paidCents: share - first })
    expect((await decide(p1.id, 'reject', admin, { reason: 'De novo' })).statusCode).toBe(409)
    expect(await balanceOf(a)).toMatchObject({ availableCents: first })
    // The balance given back can be asked again.
    expect((await t.send('POST', '/api/me/payouts', a, { amountCents: first, pixKey })).statusCode).toBe(201)
    expect(await consistencyProblems(db())).toEqual({
      unbalancedTransactions: [],
      ordersNotSummingToNet: [],
      commissionsNotMatchingLedger: [],
    })
  })

  it('concurrent decisions: exactly one wins, the balance is given back once', async () => {
    const { a, first, p1, p2 } = await withPayouts()
    const approvals = await Promise.all([decide(p2.id, 'approve', admin), decide(p2.id, 'approve', admin2)])
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const refusals = await Promise.all(
      Array.from({ length: 4 }, (_, i) => decide(p1.id, 'reject', i % 2 ? admin : admin2, { reason: 'Duplicado' })),
    )
    expect(refusals.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409])
    expect(await balanceOf(a)).toMatchObject({ availableCents: first })
  })

  it('unknown or malformed ids are 404', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve', admin)).statusCode).toBe(404)
    expect((await decide('nope', 'pay', admin)).statusCode).toBe(404)
  })

  it('the consistency check on demand answers the lists for an admin', async () => {
    const res = await t.app.inject({ url: '/api/admin/affiliates/consistency', headers: admin.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      unbalancedTransactions: [],
      ordersNotSummingToNet: [],
      commissionsNotMatchingLedger: [],
    })
  })
})
