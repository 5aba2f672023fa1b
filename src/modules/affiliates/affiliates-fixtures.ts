/**
 * Test helpers of the affiliates API tests: a product opened to two affiliates, a click of a link at a clock time,
 * and a paid order through it. Only test files import this.
 */
import { expect } from 'vitest'
import type { ControlledClock } from '../../platform/clock'
import { type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import type { Db } from './tables'

/** What these helpers need of the ordering fixtures (passed in: a module reaches another only through its index). */
export interface Shop {
  owner: TestUser
  storeId: string
  digitalId: string
}
export interface OrderingHelpers<S extends Shop> {
  shop(): Promise<S>
  post(url: string, body: unknown): Promise<{ statusCode: number; json(): unknown }>
  digitalOrder(s: S, extra?: Record<string, unknown>): { customer: Record<string, unknown> }
  card: Record<string, unknown>
  sandbox(gatewayId: string, action: 'pay' | 'refuse' | 'expire'): Promise<void>
}

export interface AffiliateSetup<S extends Shop = Shop> {
  s: S
  a: TestUser
  b: TestUser
  linkA: string
  linkB: string
}

export function affiliatesFixtures<S extends Shop>(
  app: () => TestApp,
  clock: ControlledClock,
  ordering: OrderingHelpers<S>,
) {
  const { shop, post, digitalOrder, card, sandbox } = ordering
  const db = () => app().runtime.db as unknown as Db
  const get = async (url: string, user: TestUser) => (await app().app.inject({ url, headers: user.headers })).json()

  async function setup(program: Record<string, unknown> = {}): Promise<AffiliateSetup<S>> {
    const t = app()
    const s = await shop()
    const res = await t.send('PUT', `/api/stores/${s.storeId}/products/${s.digitalId}/affiliate-program`, s.owner, {
      enabled: true,
      commissionBps: 3_000,
      cookieDays: 60,
      attribution: 'LAST_CLICK',
      autoApprove: true,
      ...program,
    })
    expect(res.statusCode).toBe(200)
    const a = await t.login()
    const b = await t.login()
    const linkA = (await t.send('POST', '/api/affiliations', a, { productId: s.digitalId })).json().data.link
    const linkB = (await t.send('POST', '/api/affiliations', b, { productId: s.digitalId })).json().data.link
    return { s, a, b, linkA, linkB }
  }

  /** A visit of `link` at clock time `at` by the browser `visitor` (a new one when undefined); its visitor id. */
  async function click(link: string, at: Date, visitor?: string): Promise<string> {
    clock.set(at)
    const res = await app().app.inject({ url: link, headers: visitor ? { cookie: `aff_v=${visitor}` } : {} })
    expect(res.statusCode).toBe(302)
    return /aff_v=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!
  }

  /** A digital order of the visitor, paid (PIX, or card when asked); its id and total in cents. */
  async function buy(s: S, visitor: string | undefined, opts: { card?: boolean; email?: string } = {}) {
    const t = app()
    const body = digitalOrder(s, {
      tracking: visitor ? { aff: visitor } : {},
      ...(opts.email ? { customer: { ...digitalOrder(s).customer, email: opts.email } } : {}),
      ...(opts.card ? { payment: { ...card, cardNumber: '4111111111111111' } } : {}),
    })
    const placed = await post('/api/checkout/create-digital-order', body)
    expect(placed.statusCode).toBe(200)
    const order = placed.json() as { orderId: string; paymentResult: { gatewayId: string } }
    if (!opts.card) await sandbox(order.paymentResult.gatewayId, 'pay')
    const read = () =>
      t.runtime.db
        .selectFrom('orders')
        .select(['total_cents', 'status'])
        .where('id', '=', order.orderId)
        .executeTakeFirstOrThrow()
    await waitFor(async () => (await read()).status === 'PAID')
    const row = await read()
    // order.paid commits with the status: relayed now, its subscribers (the credit) have run when this returns.
    await t.drain()
    return { ...order, totalCents: Number(row.total_cents) }
  }

  const commissionsOf = (u: TestUser) =>
    get('/api/me/commissions', u) as Promise<{ orderId: string; amountCents: number; status: string }[]>
  const balanceOf = (u: TestUser) =>
    get('/api/me/balance', u) as Promise<{ pendingCents: number; availableCents: number; paidCents: number }>

  return { db, get, setup, click, buy, commissionsOf, balanceOf }
}
