/**
 * Funnels (issue 34): the child of a one-tap offer is an order of its own for the buyer and the merchant — its own
 * e-mail (its number, not the parent's), its access in the buyer's area beside the parent's, and the store's
 * dashboard (the per-day rollups) counting both orders and both amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { buyersFixtures } from '../buyers/buyers-fixtures'
import type { FunnelOrderPorts } from './funnel-offers'
import { CARD, funnelsFixtures } from './funnels-fixtures'
import { funnelsModule } from './funnels-module'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t?.close())

const { shop, buy, accept, getOffer } = funnelsFixtures(() => t)
const { signIn } = buyersFixtures(() => t)

describe('the child order of an offer', () => {
  it('has its own e-mail, its access in the buyer area, and counts in the dashboard beside the parent', async () => {
    const s = await shop()
    const email = 'filho.funil@example.com'
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' }, { email })
    await getOffer(parent)
    const taken = await accept(parent, 'a')
    expect(taken.statusCode, taken.body).toBe(200)
    const child = taken.json().child as { orderId: string; orderNumber: string; status: string }
    expect(child.status).toBe('PAID')
    await t.drain()

    // One confirmation per order, each naming its own number.
    const mails = () =>
      t.runtime.db
        .selectFrom('email_mailbox')
        .select(['subject', 'html'])
        .where('mail_to', 'like', `%${email}%`)
        .execute()
    await waitFor(async () => (await mails()).some((m) => m.subject.includes(child.orderNumber)))
    const orders = (await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.user.headers })).json() as {
      id: string
      orderNumber: string
    }[]
    const parentNumber = orders.find((o) => o.id === parent.id)!.orderNumber
    expect(parentNumber).not.toBe(child.orderNumber)
    const all = await mails()
    const childMails = all.filter((m) => m.subject.includes(child.orderNumber))
    expect(childMails).toHaveLength(1)
    expect(childMails[0]!.subject).not.toContain(parentNumber)
    expect(childMails[0]!.html).toContain('Mentoria')
    expect(all.some((m) => m.subject.includes(parentNumber))).toBe(true)

    // The buyer's area: both orders, and the offer's product in the library.
    const cookie = await signIn(email)
    const area = await t.app.inject({ url: '/api/buyer/orders', headers: { cookie } })
    expect(area.statusCode).toBe(200)
    expect(
      area
        .json()
        .orders.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([parent.id, child.orderId].sort())
    const library = await t.app.inject({ url: '/api/buyer/library', headers: { cookie } })
    const items = library.json().items as { orderId: string; productName: string }[]
    expect(items).toContainEqual(expect.objectContaining({ orderId: child.orderId, productName: 'Mentoria' }))
    expect(items).toContainEqual(expect.objectContaining({ orderId: parent.id, productName: 'Curso' }))

    // The dashboard reads the per-day rollups the order events keep: two paid orders, R$ 97 + R$ 197.
    await waitFor(async () => {
      const d = await t.app.inject({ url: `/api/stores/${s.storeId}/dashboard?period=today`, headers: s.user.headers })
      return d.json().metrics.paidOrdersCount === 2
    })
    const dashboard = (
      await t.app.inject({ url: `/api/stores/${s.storeId}/dashboard?period=today`, headers: s.user.headers })
    ).json().metrics
    expect(dashboard).toMatchObject({ paidOrdersCount: 2, cardOrdersCount: 2, paidRevenue: 294 })
  })
})

describe("the step's revenue subscribers", () => {
  it('take in only the paid or refunded orders that are a step child (a plain order never becomes a job)', async () => {
    const s = await shop()
    const parent = await buy(s, { ...CARD, cardNumber: '4111111111111111' }, { email: 'so.filhos@example.com' })
    await getOffer(parent)
    const child = (await accept(parent, 'a')).json().child as { orderId: string }
    const subs = funnelsModule({ orders: {} as FunnelOrderPorts }).subscriptions ?? []
    expect(subs.map((sub) => sub.name)).toEqual(['marketing.funnel-child-paid', 'marketing.funnel-child-refunded'])
    for (const sub of subs) {
      const answers = await sub.relevant!(
        [{ orderId: parent.id }, { orderId: child.orderId }, { orderId: crypto.randomUUID() }] as never[],
        t.runtime.db,
      )
      expect(answers).toEqual([false, true, false])
    }
  })
})
