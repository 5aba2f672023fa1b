/**
 * UTMify's commission fields (docs.utmify.com.br/send-orders: `commission { totalPriceInCents, gatewayFeeInCents,
 * userCommissionInCents, currency }`): the gateway's fee as configured on the account that charged, and what the
 * producer keeps after the fees and the affiliate — as the fake UTMify received them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { feeOf } from '../../shared/payment-accounts'
import { type FakeUtmify, startFakeUtmify } from '../../testing/fake-utmify'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let fake: FakeUtmify
beforeAll(async () => {
  fake = await startFakeUtmify()
  t = await createTestApp({ redis: false, moduleDeps: { clock }, env: { UTMIFY_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const ordering = orderingFixtures(() => t)
const { db, setup, click, buy } = affiliatesFixtures(() => t, clock, ordering)
const PIX_FEE = { percentBps: 99, fixedCents: 0 }

describe('UTMify commission fields', () => {
  it('the paid order carries the gateway fee and the producer’s part after the affiliate', async () => {
    const { s, linkA } = await setup({ commissionBps: 3_000 })
    const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'Sandbox com taxas',
      apiKey: 'sk_sandbox_utmify_fees_0001',
      methods: ['pix'],
      fees: { pix: PIX_FEE },
    })
    expect(account.statusCode).toBe(201)
    const utmify = await t.send('PUT', `/api/integrations/utmfy/config/${s.storeId}`, s.owner, {
      utmfyApiKey: 'utmify_token_ABCDEFGHIJ0123456789',
      utmfyActive: true,
    })
    expect(utmify.statusCode).toBe(200)

    const order = await buy(s, await click(linkA, new Date()))
    await waitFor(() => fake.calls.some((c) => c.body.orderId === order.orderId && c.body.status === 'paid'))
    const paid = fake.calls.find((c) => c.body.orderId === order.orderId && c.body.status === 'paid')!.body
    const producer = await db()
      .selectFrom('commissions')
      .where('order_id', '=', order.orderId)
      .where('role', '=', 'PRODUCER')
      .select('amount_cents')
      .executeTakeFirstOrThrow()
    const fee = feeOf(PIX_FEE, order.totalCents)
    expect(paid.commission).toEqual({
      totalPriceInCents: order.totalCents,
      gatewayFeeInCents: fee,
      userCommissionInCents: Number(producer.amount_cents),
      currency: 'BRL',
    })
    // The producer keeps the net less the affiliate's 30 %.
    expect(Math.abs(Number(producer.amount_cents) - (order.totalCents - fee) * 0.7)).toBeLessThanOrEqual(1)
  })
})
