/** Co-producers: invitation and acceptance, the 100 % rule, ownership, and their share of every sale. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { consistencyProblems } from '.'
import { unbalancedTransactions } from './ledger.repository'
import type { Db } from './tables'

let t: TestApp
let s: Shop
let co: TestUser
let aff: TestUser
let inviteId = ''
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  s = await shop()
  co = await t.login()
  aff = await t.login()
})
afterAll(() => t?.close())

const { shop, post, digitalOrder, sandbox } = orderingFixtures(() => t)
const url = () => `/api/stores/${s.storeId}/products/${s.digitalId}`
const get = async (path: string, u: TestUser) => (await t.app.inject({ url: path, headers: u.headers })).json()

async function paidOrder(tracking: Record<string, string> = {}) {
  const placed = await post('/api/checkout/create-digital-order', digitalOrder(s, { tracking }))
  expect(placed.statusCode).toBe(200)
  const order = placed.json() as { orderId: string; paymentResult: { gatewayId: string } }
  await sandbox(order.paymentResult.gatewayId, 'pay')
  const read = () =>
    t.runtime.db
      .selectFrom('orders')
      .select(['total_cents', 'status'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow()
  await waitFor(async () => (await read()).status === 'PAID')
  const row = await read()
  // order.paid commits with the status: relayed now, the split has run when this returns.
  await t.drain()
  return { orderId: order.orderId, totalCents: Number(row.total_cents) }
}

const sharesOf = async (orderId: string) =>
  (
    await (t.runtime.db as unknown as Db)
      .selectFrom('commissions')
      .where('order_id', '=', orderId)
      .select(['role', 'amount_cents'])
      .execute()
  ).reduce<Record<string, number>>((m, r) => Object.assign(m, { [r.role]: r.amount_cents }), {})

describe('co-producers', () => {
  it('the producer invites an e-mail to a share; the affiliate % plus the shares may not pass 100 %', async () => {
    const program = { enabled: true, commissionBps: 3_000, cookieDays: 30, autoApprove: true }
    expect((await t.send('PUT', `${url()}/affiliate-program`, s.owner, program)).statusCode).toBe(200)
    const res = await t.send('POST', `${url()}/coproducers`, s.owner, {
      email: co.email.toUpperCase(),
      shareBps: 2_000,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({ email: co.email, shareBps: 2_000, status: 'INVITED' })
    inviteId = res.json().data.id

    const over = await t.send('POST', `${url()}/coproducers`, s.owner, { email: 'x@example.com', shareBps: 5_001 })
    expect(over.statusCode).toBe(400)
    expect(over.json().message).toBe(AFFILIATE_MESSAGES.sharesAbove100)
    const programOver = await t.send('PUT', `${url()}/affiliate-program`, s.owner, { ...program, commissionBps: 8_001 })
    expect(programOver.statusCode).toBe(400)
    const self = await t.send('POST', `${url()}/coproducers`, s.owner, { email: s.owner.email, shareBps: 100 })
    expect(self.statusCode).toBe(400)
    const again = await t.send('POST', `${url()}/coproducers`, s.owner, { email: co.email, shareBps: 100 })
    expect(again.statusCode).toBe(409)
  })

  it('the invitation is e-mailed once to the invited address, with the link to accept it', async () => {
    await t.drain()
    const mails = () =>
      t.runtime.db.selectFrom('email_mailbox').selectAll().where('kind', '=', 'affiliates.coproducer_invite').execute()
    await waitFor(async () => (await mails()).length > 0)
    const all = await mails()
    // One message: the refused invitations (above 100 %, to oneself, the repeated one) sent nothing.
    expect(all).toHaveLength(1)
    const [mail] = all
    expect(mail!.mail_to).toContain(co.email)
    expect(mail!.subject).toMatch(/^Convite de coprodução: /)
    expect(mail!.text_body).toContain('20%')
    expect(mail!.text_body).toContain(`/afiliacoes?coproducao=${inviteId}`)
    expect(mail!.html).toContain(`/afiliacoes?coproducao=${inviteId}`)
  })

  it('only the invited account accepts; another store cannot list or remove it', async () => {
    const other = await shop()
    const foreignList = await t.app.inject({ url: `${url()}/coproducers`, headers: other.owner.headers })
    expect(foreignList.statusCode).toBe(404)
    expect(
      (await t.send('DELETE', `/api/stores/${other.storeId}/coproducers/${inviteId}`, other.owner)).statusCode,
    ).toBe(404)
    expect((await t.send('POST', `/api/me/coproductions/${inviteId}/accept`, aff)).statusCode).toBe(404)
    expect(await get('/api/me/coproductions', aff)).toEqual([])
    expect(await get('/api/me/coproductions', co)).toEqual([
      expect.objectContaining({ id: inviteId, status: 'INVITED' }),
    ])
    const ok = await t.send('POST', `/api/me/coproductions/${inviteId}/accept`, co)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.status).toBe('ACTIVE')
  })

  it("splits a sale: the affiliate's % of the net, the co-producer's % of what is left, the producer the rest", async () => {
    const link = (await t.send('POST', '/api/affiliations', aff, { productId: s.digitalId })).json().data.link
    const visit = await t.app.inject({ url: link })
    const visitor = /aff_v=([^;]+)/.exec(String(visit.headers['set-cookie']))![1]!
    const order = await paidOrder({ aff: visitor })
    const shares = await sharesOf(order.orderId)
    const affiliate = Math.round(order.totalCents * 0.3)
    expect(shares.AFFILIATE).toBe(affiliate)
    expect(Math.abs(shares.COPRODUCER! - (order.totalCents - affiliate) * 0.2)).toBeLessThanOrEqual(1)
    expect(shares.AFFILIATE! + shares.COPRODUCER! + shares.PRODUCER!).toBe(order.totalCents)
    expect(await get('/api/me/balance', co)).toMatchObject({ pendingCents: shares.COPRODUCER })

    // Without an affiliate the co-producer still has their share of the whole net.
    const direct = await paidOrder()
    const directShares = await sharesOf(direct.orderId)
    expect(directShares.AFFILIATE).toBeUndefined()
    expect(directShares.COPRODUCER).toBe(Math.round(direct.totalCents * 0.2))
    expect(directShares.COPRODUCER! + directShares.PRODUCER!).toBe(direct.totalCents)
    expect(await unbalancedTransactions(t.runtime.db as unknown as Db)).toEqual([])
  })

  it('the producer removes a co-producer: later sales are not shared', async () => {
    expect((await t.send('DELETE', `/api/stores/${s.storeId}/coproducers/${inviteId}`, s.owner)).statusCode).toBe(204)
    const order = await paidOrder()
    expect(await sharesOf(order.orderId)).toEqual({})
    expect(await consistencyProblems(t.runtime.db as unknown as Db)).toEqual({
      unbalancedTransactions: [],
      ordersNotSummingToNet: [],
      commissionsNotMatchingLedger: [],
    })
  })
})
