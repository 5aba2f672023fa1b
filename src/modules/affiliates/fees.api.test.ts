/**
 * Fees before the split (issue 37 item 4): the gateway's fee as configured on the account that charged, per method,
 * and the platform's fee (admin, 0 by default) leave the net; the shares sum to that net to the centavo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { ACCOUNT_MESSAGES, feeOf } from '../../shared/payment-accounts'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { consistencyProblems } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let admin: TestUser
beforeAll(async () => {
  t = await createTestApp({ redis: false, moduleDeps: { clock } })
  admin = await t.login({ role: 'ADMIN' })
})
afterAll(() => t?.close())

const ordering = orderingFixtures(() => t)
const { db, get, setup, click, buy, commissionsOf } = affiliatesFixtures(() => t, clock, ordering)
const FEES = {
  credit_card: { percentBps: 399, fixedCents: 39 },
  pix: { percentBps: 99, fixedCents: 0 },
  bank_slip: { percentBps: 0, fixedCents: 349 },
}

/** The store's charges go through a sandbox account with the fees above (the account comes before the config key). */
async function withFeeAccount() {
  const x = await setup({ commissionBps: 3_000 })
  const res = await t.send('POST', `/api/stores/${x.s.storeId}/payment-accounts`, x.s.owner, {
    provider: 'sandbox',
    label: 'Sandbox com taxas',
    apiKey: `sk_sandbox_fees_${Date.now()}`,
    methods: ['pix', 'credit_card'],
    fees: FEES,
  })
  expect(res.statusCode).toBe(201)
  expect(res.json().fees).toEqual(FEES)
  return x
}

async function sharesOf(orderId: string) {
  const rows = await db().selectFrom('commissions').where('order_id', '=', orderId).selectAll().execute()
  return rows.map((r) => ({ role: r.role, cents: Number(r.amount_cents) }))
}

describe('gateway fees', () => {
  it('the account keeps its fees per method, validated', async () => {
    const { s } = await withFeeAccount()
    const list = await get(`/api/stores/${s.storeId}/payment-accounts`, s.owner)
    expect(list[0].fees).toEqual(FEES)
    const bad = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'X',
      apiKey: 'sk_sandbox_bad_fees_0001',
      methods: ['pix'],
      fees: { pix: { percentBps: 10_001, fixedCents: 0 } },
    })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain(ACCOUNT_MESSAGES.feePercent)
    const patched = await t.send('PATCH', `/api/stores/${s.storeId}/payment-accounts/${list[0].id}`, s.owner, {
      fees: { pix: { percentBps: 99, fixedCents: -1 } },
    })
    expect(patched.statusCode).toBe(400)
    expect(JSON.stringify(patched.json())).toContain(ACCOUNT_MESSAGES.feeFixed)
  })

  it('a PIX order: the net is the total less 0,99 %, and the shares sum to it', async () => {
    const { s, a, linkA } = await withFeeAccount()
    const order = await buy(s, await click(linkA, new Date()))
    const fee = feeOf(FEES.pix, order.totalCents)
    expect(fee).toBeGreaterThan(0)
    const shares = await sharesOf(order.orderId)
    expect(shares.reduce((x, r) => x + r.cents, 0)).toBe(order.totalCents - fee)
    const [mine] = await commissionsOf(a)
    expect(Math.abs(mine!.amountCents - (order.totalCents - fee) * 0.3)).toBeLessThanOrEqual(1)
  })

  it('a card order: 3,99 % + R$ 0,39 leave the net', async () => {
    const { s, linkA } = await withFeeAccount()
    const order = await buy(s, await click(linkA, new Date()), { card: true })
    const fee = Math.round(order.totalCents * 0.0399) + 39
    const shares = await sharesOf(order.orderId)
    expect(shares.reduce((x, r) => x + r.cents, 0)).toBe(order.totalCents - fee)
  })

  it('a charge with the configuration key (no account) keeps no gateway fee', async () => {
    const { s, linkA } = await setup()
    const order = await buy(s, await click(linkA, new Date()))
    const shares = await sharesOf(order.orderId)
    expect(shares.reduce((x, r) => x + r.cents, 0)).toBe(order.totalCents)
  })
})

describe('platform fee', () => {
  it('0 by default; only the admin sets it; it is withheld with the gateway fee', async () => {
    expect(await get('/api/admin/affiliates/platform-fee', admin)).toEqual({ percentBps: 0, fixedCents: 0 })
    const { s, a, linkA } = await withFeeAccount()
    for (const user of [a, s.owner]) {
      const res = await t.send('PUT', '/api/admin/affiliates/platform-fee', user, { percentBps: 100, fixedCents: 0 })
      expect(res.statusCode).toBe(403)
    }
    const bad = await t.send('PUT', '/api/admin/affiliates/platform-fee', admin, { percentBps: -1, fixedCents: 0 })
    expect(bad.statusCode).toBe(400)
    const saved = await t.send('PUT', '/api/admin/affiliates/platform-fee', admin, { percentBps: 150, fixedCents: 10 })
    expect(saved.json()).toEqual({
      data: { percentBps: 150, fixedCents: 10 },
      message: AFFILIATE_MESSAGES.platformFeeSaved,
    })
    try {
      const order = await buy(s, await click(linkA, new Date()))
      const fee = feeOf(FEES.pix, order.totalCents) + Math.round(order.totalCents * 0.015) + 10
      const shares = await sharesOf(order.orderId)
      expect(shares.reduce((x, r) => x + r.cents, 0)).toBe(order.totalCents - fee)
      const platform = await db()
        .selectFrom('ledger_entries')
        .where('order_id', '=', order.orderId)
        .where('kind', '=', 'FEE')
        .select('amount_cents')
        .executeTakeFirstOrThrow()
      expect(Number(platform.amount_cents)).toBe(fee)
      expect(await consistencyProblems(db())).toEqual({
        unbalancedTransactions: [],
        ordersNotSummingToNet: [],
        commissionsNotMatchingLedger: [],
      })
    } finally {
      await t.send('PUT', '/api/admin/affiliates/platform-fee', admin, { percentBps: 0, fixedCents: 0 })
    }
  })
})
