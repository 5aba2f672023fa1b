/**
 * Split at charge time (issue 37): a store on Asaas, an affiliate who gave an Asaas walletId. The card charge
 * carries the affiliate's part (the same split the ledger books); the ledger keeps the record and, the gateway
 * having paid that share, it becomes PAID at its release instead of withdrawable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { paymentsService } from '../payments'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { consistencyProblems, releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const clock = controlledClock()
let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, moduleDeps: { clock }, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const ordering = orderingFixtures(() => t)
const { shop, post, digitalOrder, refund } = ordering
const { db, click, commissionsOf, balanceOf } = affiliatesFixtures(() => t, clock, ordering)
const card = {
  method: 'credit_card',
  cardName: 'MARIA SILVA',
  cardNumber: SANDBOX_CARDS.approved,
  expiryDate: '12/39',
  cvv: '123',
  installments: 1,
  holderPostalCode: '01310-100',
  holderAddressNumber: '1000',
}

async function asaasShopWithAffiliate() {
  const s = await shop({ shipping: false, payments: false })
  const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
    provider: 'asaas',
    label: 'Asaas',
    apiKey: `$aact_aff_store_${s.storeId.slice(0, 8)}`,
    webhookToken: 'whsec-token-of-the-merchant-000000000009',
    methods: ['pix', 'credit_card'],
  })
  expect(account.statusCode, account.body).toBe(201)
  const program = await t.send('PUT', `/api/stores/${s.storeId}/products/${s.digitalId}/affiliate-program`, s.owner, {
    enabled: true,
    commissionBps: 3_000,
    cookieDays: 60,
    autoApprove: true,
  })
  expect(program.statusCode).toBe(200)
  const a = await t.login()
  const link = (await t.send('POST', '/api/affiliations', a, { productId: s.digitalId })).json().data.link as string
  return { s, a, link }
}

async function buyByCard(s: Awaited<ReturnType<typeof shop>>, visitor: string) {
  const res = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(s, { tracking: { aff: visitor }, payment: card }),
  )
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200)
  await t.drain()
  return (res.json() as { orderId: string }).orderId
}

const lastPayment = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v3/payments').at(-1)!

describe('Asaas split at charge time', () => {
  it('the payout settings take an Asaas walletId (a UUID) and refuse anything else', async () => {
    const a = await t.login()
    const bad = await t.send('PUT', '/api/me/payout-settings', a, { asaasWalletId: 'carteira-123' })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('walletId')
    const wallet = fake.walletOf('$aact_partner_settings')
    const ok = await t.send('PUT', '/api/me/payout-settings', a, { asaasWalletId: wallet.toUpperCase() })
    expect(ok.statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/me/payout-settings', headers: a.headers })).json()).toEqual({
      asaasWalletId: wallet,
    })
  })

  it("the charge carries the affiliate's part; the share is marked paid by the gateway and never withdrawable", async () => {
    const { s, a, link } = await asaasShopWithAffiliate()
    const wallet = fake.walletOf('$aact_partner_a')
    expect((await t.send('PUT', '/api/me/payout-settings', a, { asaasWalletId: wallet })).statusCode).toBe(200)
    const orderId = await buyByCard(s, await click(link, new Date(Date.now() - 3_600_000)))
    await waitFor(async () => (await commissionsOf(a)).length === 1)
    const [c] = await commissionsOf(a)
    expect(c!.orderId).toBe(orderId)
    const payment = lastPayment()
    expect(payment.body?.externalReference).toBeDefined()
    expect(payment.body?.split).toEqual([{ walletId: wallet, fixedValue: c!.amountCents / 100 }])
    const row = await db()
      .selectFrom('commissions')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('role', '=', 'AFFILIATE')
      .executeTakeFirst()
    expect(row?.gateway_wallet_id).toBe(wallet)

    clock.set(new Date(Date.now() + 31 * DAY_MS))
    await releaseDue({ db: db(), clock })
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0, paidCents: c!.amountCents })
    expect((await commissionsOf(a))[0]!.status).toBe('PAID')
    const payout = await t.send('POST', '/api/me/payouts', a, { amountCents: 1, pixKey: 'afiliado@example.com' })
    expect(payout.statusCode).toBe(400)
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])

    // A refund after the release: Asaas takes its split back from the wallet, so the ledger takes it from PAID,
    // never from the withdrawable balance.
    expect((await refund(s, orderId, { reason: 'Cliente desistiu' })).statusCode).toBe(201)
    await waitFor(async () => (await commissionsOf(a))[0]?.status === 'REVERSED')
    expect(await balanceOf(a)).toMatchObject({ pendingCents: 0, availableCents: 0, paidCents: 0 })
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])
  })

  it('Asaas down (503) and the card charged by the next account (no split): no share is marked paid by the gateway', async () => {
    const { s, a, link } = await asaasShopWithAffiliate()
    const sandbox = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: `sk_sandbox_fallback_${s.storeId.slice(0, 8)}`,
      methods: ['credit_card'],
    })
    expect(sandbox.statusCode, sandbox.body).toBe(201)
    const wallet = fake.walletOf('$aact_partner_fallback')
    expect((await t.send('PUT', '/api/me/payout-settings', a, { asaasWalletId: wallet })).statusCode).toBe(200)
    const payments = fake.calls.filter((c) => c.path === '/v3/payments').length
    fake.failNext(503, 1)
    const orderId = await buyByCard(s, await click(link, new Date(Date.now() - 3_600_000)))
    await waitFor(async () => (await commissionsOf(a)).length === 1)
    expect(fake.calls.filter((c) => c.path === '/v3/payments')).toHaveLength(payments)
    expect((await paymentsService.gatewayFeeOf(db(), s.storeId, orderId))?.accountId).toBe(sandbox.json().id)
    // The split asked of Asaas is kept as what it was (asked of that account), and nothing more.
    const asked = await db()
      .selectFrom('affiliate_gateway_splits')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute()
    expect(asked.map((r) => r.payment_account_id)).not.toContain(sandbox.json().id)
    const row = await db()
      .selectFrom('commissions')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('role', '=', 'AFFILIATE')
      .executeTakeFirstOrThrow()
    expect(row.gateway_wallet_id).toBeNull()
    clock.set(new Date(Date.now() + 31 * DAY_MS))
    await releaseDue({ db: db(), clock })
    const [c] = await commissionsOf(a)
    expect(c!.status).toBe('AVAILABLE')
    expect(await balanceOf(a)).toMatchObject({ availableCents: c!.amountCents, paidCents: 0 })
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])
  })

  it('without a wallet the charge carries no split and the share is withdrawable after its release', async () => {
    const { s, a, link } = await asaasShopWithAffiliate()
    await buyByCard(s, await click(link, new Date(Date.now() - 3_600_000)))
    expect(lastPayment().body?.split).toBeUndefined()
    await waitFor(async () => (await commissionsOf(a)).length === 1)
    clock.set(new Date(Date.now() + 31 * DAY_MS))
    await releaseDue({ db: db(), clock })
    const [c] = await commissionsOf(a)
    expect(await balanceOf(a)).toMatchObject({ availableCents: c!.amountCents, paidCents: 0 })
  })
})
