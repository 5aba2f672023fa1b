/**
 * From a click to money: attribution by the program's rule and window, the split credited PENDING when the order is
 * paid, released by the (controlled) clock, taken back on refund or chargeback, before or after the release.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { consistencyProblems, releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false, moduleDeps: { clock } })
})
afterAll(() => t?.close())

const ordering = orderingFixtures(() => t)
const { refund, shop, post } = ordering
const { db, get, setup, click, buy, commissionsOf, balanceOf } = affiliatesFixtures(() => t, clock, ordering)
const HOUR = 3_600_000

describe('attribution', () => {
  it('click by A then B then purchase: LAST_CLICK pays B', async () => {
    const { s, a, b, linkA, linkB } = await setup()
    const now = Date.now()
    const v = await click(linkA, new Date(now - 2 * HOUR))
    await click(linkB, new Date(now - HOUR), v)
    const order = await buy(s, v)
    expect(await commissionsOf(a)).toEqual([])
    const [c] = await commissionsOf(b)
    expect(c).toMatchObject({
      orderId: order.orderId,
      amountCents: Math.round(order.totalCents * 0.3),
      status: 'PENDING',
    })
    expect(await balanceOf(b)).toMatchObject({ pendingCents: c!.amountCents, availableCents: 0 })
  })

  it('FIRST_CLICK pays A', async () => {
    const { s, a, b, linkA, linkB } = await setup({ attribution: 'FIRST_CLICK' })
    const now = Date.now()
    const v = await click(linkA, new Date(now - 2 * HOUR))
    await click(linkB, new Date(now - HOUR), v)
    await buy(s, v)
    expect(await commissionsOf(a)).toHaveLength(1)
    expect(await commissionsOf(b)).toEqual([])
  })

  it('day 61 with 60 cookie days pays nobody; day 59 pays', async () => {
    const { s, a, linkA } = await setup()
    const old = await click(linkA, new Date(Date.now() - 61 * DAY_MS))
    await buy(s, old)
    expect(await commissionsOf(a)).toEqual([])
    const recent = await click(linkA, new Date(Date.now() - 59 * DAY_MS))
    await buy(s, recent)
    expect(await commissionsOf(a)).toHaveLength(1)
  })

  it("a buyer with the affiliate's e-mail earns nobody anything; a forged visitor id credits nobody", async () => {
    const { s, a, linkA } = await setup()
    const v = await click(linkA, new Date())
    await buy(s, v, { email: a.email.toUpperCase() })
    await buy(s, '00000000-0000-4000-8000-000000000000')
    expect(await commissionsOf(a)).toEqual([])
  })

  it('a commission change applies to orders placed after it', async () => {
    const { s, a, linkA } = await setup({ commissionBps: 1_000 })
    const v = await click(linkA, new Date())
    const first = await buy(s, v)
    await t.send('PUT', `/api/stores/${s.storeId}/products/${s.digitalId}/affiliate-program`, s.owner, {
      enabled: true,
      commissionBps: 5_000,
      cookieDays: 60,
      autoApprove: true,
    })
    const second = await buy(s, v)
    const byOrder = new Map((await commissionsOf(a)).map((c) => [c.orderId, c.amountCents]))
    expect(byOrder.get(first.orderId)).toBe(Math.round(first.totalCents * 0.1))
    expect(byOrder.get(second.orderId)).toBe(Math.round(second.totalCents * 0.5))
  })
})

describe('release, refund and chargeback', () => {
  it('PIX releases at D+7 and card at D+30 (clock controlled), then the balance is available', async () => {
    const { s, a, linkA } = await setup()
    const v = await click(linkA, new Date())
    const pix = await buy(s, v)
    const cardOrder = await buy(s, v, { card: true })
    const paidAt = Date.now()
    clock.set(new Date(paidAt + 6 * DAY_MS))
    await releaseDue({ db: db(), clock })
    expect((await commissionsOf(a)).every((c) => c.status === 'PENDING')).toBe(true)
    clock.set(new Date(paidAt + 7 * DAY_MS + HOUR))
    await releaseDue({ db: db(), clock })
    const status = async () => new Map((await commissionsOf(a)).map((c) => [c.orderId, c.status]))
    expect(await status()).toEqual(
      new Map([
        [pix.orderId, 'AVAILABLE'],
        [cardOrder.orderId, 'PENDING'],
      ]),
    )
    clock.set(new Date(paidAt + 30 * DAY_MS + HOUR))
    await releaseDue({ db: db(), clock })
    expect(await status()).toEqual(
      new Map([
        [pix.orderId, 'AVAILABLE'],
        [cardOrder.orderId, 'AVAILABLE'],
      ]),
    )
    const total = Math.round(pix.totalCents * 0.3) + Math.round(cardOrder.totalCents * 0.3)
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: total })
    // Released once: running the scanner again moves nothing.
    expect(await releaseDue({ db: db(), clock })).toBe(0)
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: total })
  })

  it('a refund before release leaves every share REVERSED and the ledger at zero for the order', async () => {
    const { s, a, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    clock.set(new Date())
    expect((await refund(s, order.orderId, { reason: 'Cliente desistiu' })).statusCode).toBe(201)
    await waitFor(async () => (await commissionsOf(a))[0]?.status === 'REVERSED')
    await t.drain()
    const rows = await db().selectFrom('commissions').where('order_id', '=', order.orderId).selectAll().execute()
    expect(rows.map((r) => r.status)).toEqual(['REVERSED', 'REVERSED'])
    const sums = await db()
      .selectFrom('ledger_entries')
      .where('order_id', '=', order.orderId)
      .groupBy(['account', 'bucket'])
      .select(['account', 'bucket', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .execute()
    expect(sums.every((x) => Number(x.cents) === 0)).toBe(true)
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0 })
  })

  it('a partial refund takes back proportionally; the rest of the refund empties the shares exactly', async () => {
    const { s, a, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    const share = Math.round(order.totalCents * 0.3)
    await refund(s, order.orderId, { amount: 10, reason: 'Desconto' })
    await waitFor(async () => (await balanceOf(a)).pendingCents < share)
    await t.drain()
    const afterPartial = (await balanceOf(a)).pendingCents
    expect(Math.abs(afterPartial - (share - 300))).toBeLessThanOrEqual(1)
    expect((await commissionsOf(a))[0]!.status).toBe('PENDING')
    await refund(s, order.orderId, { reason: 'Resto' })
    await waitFor(async () => (await commissionsOf(a))[0]?.status === 'REVERSED')
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0 })
  })

  it('a chargeback after release takes the share back from the available balance (REVERSED, ledger kinds)', async () => {
    const { s, a, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    const share = Math.round(order.totalCents * 0.3)
    clock.set(new Date(Date.now() + 8 * DAY_MS))
    await releaseDue({ db: db(), clock })
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: share })
    const cb = await post(`/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/chargeback`, {})
    expect(cb.statusCode).toBe(200)
    await waitFor(async () => (await commissionsOf(a))[0]?.status === 'REVERSED')
    await t.drain()
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0 })
    const kinds = await db()
      .selectFrom('ledger_transactions')
      .where('order_id', '=', order.orderId)
      .select('kind')
      .orderBy('created_at')
      .execute()
    expect(kinds.map((k) => k.kind).sort()).toEqual(['CHARGEBACK', 'RELEASE', 'RELEASE', 'SALE'])
  })

  it("the producer sees the store's sales with their split; another store sees none", async () => {
    const { s, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    const sales = await get(`/api/stores/${s.storeId}/affiliate-sales`, s.owner)
    const share = Math.round(order.totalCents * 0.3)
    expect(sales).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        affiliateCents: share,
        producerCents: order.totalCents - share,
      }),
    ])
    const other = await shop()
    const foreign = await t.app.inject({
      url: `/api/stores/${s.storeId}/affiliate-sales`,
      headers: other.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('payouts', () => {
  it('concurrent requests never exceed the balance; a refund after payout leaves exactly minus the commission', async () => {
    const { s, a, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    const share = Math.round(order.totalCents * 0.3)
    clock.set(new Date(Date.now() + 8 * DAY_MS))
    await releaseDue({ db: db(), clock })
    const pixKey = 'ana@example.com'

    const bad = await t.send('POST', '/api/me/payouts', a, { amountCents: 100, pixKey: 'não é chave' })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain(AFFILIATE_MESSAGES.pixKey)

    const first = Math.ceil(share * 0.6)
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => t.send('POST', '/api/me/payouts', a, { amountCents: first, pixKey })),
    )
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400])
    expect(tries.find((r) => r.statusCode === 400)!.json().message).toBe(AFFILIATE_MESSAGES.payoutAboveAvailable)
    const rest = await t.send('POST', '/api/me/payouts', a, { amountCents: share - first, pixKey: '+5511987654321' })
    expect(rest.statusCode).toBe(201)
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0, paidCents: share })
    expect(await get('/api/me/payouts', a)).toHaveLength(2)
    expect(await get('/api/me/payouts', s.owner)).toEqual([])

    await refund(s, order.orderId, { reason: 'Arrependimento' })
    await waitFor(async () => (await commissionsOf(a))[0]?.status === 'REVERSED')
    expect(await balanceOf(a)).toMatchObject({ availableCents: -share, paidCents: share })
    const refused = await t.send('POST', '/api/me/payouts', a, { amountCents: 1, pixKey })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(AFFILIATE_MESSAGES.payoutNegative)
    expect(await consistencyProblems(db())).toEqual({
      unbalancedTransactions: [],
      ordersNotSummingToNet: [],
      commissionsNotMatchingLedger: [],
    })
  })
})
