/**
 * Issue 32's guards not proven elsewhere: a gateway that hangs holds the sale only as long as the call's timeout (then
 * the charge waits for reconcile, and the next account is never asked); an open circuit shows on /metrics and on the
 * merchant's Gateways list; a card the buyer did not ask to keep serves only the offers of the purchase it paid, for
 * 30 minutes of the injected clock, and is never offered to another purchase.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { type GatewayTransport, httpTransport, TIMEOUTS } from './gateway-client'
import { paymentsService } from './index'
import { paymentsFixtures } from './payments-test-fixtures'
import { SANDBOX_CARDS } from './sandbox'

let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => {
  fake.calls.length = 0
  fake.failNext(503, 0)
  fake.hang(false)
})

const { chargeRequest } = paymentsFixtures(() => t)
const clock = controlledClock(new Date('2027-05-10T12:00:00.000Z'))
const deps = (asaasTransport?: GatewayTransport) => ({
  db: t.runtime.db,
  jobs: t.runtime.jobs,
  config: t.config,
  asaasTransport,
  clock,
})

async function storeWith(...accounts: Record<string, unknown>[]) {
  const m = await t.merchantWithStore()
  const ids: string[] = []
  for (const a of accounts) {
    const res = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, a)
    expect(res.statusCode, res.body).toBe(201)
    ids.push(res.json().id)
  }
  return { ...m, ids }
}

function cardRequest(storeId: string, extra: { save?: boolean; email?: string } = {}) {
  const base = chargeRequest(storeId)
  return chargeRequest(storeId, {
    method: 'CREDIT_CARD',
    card: {
      number: SANDBOX_CARDS.approved,
      holderName: 'MARIA SILVA',
      expMonth: 12,
      expYear: 2039,
      cvv: '123',
      ...(extra.save === undefined ? {} : { save: extra.save }),
    },
    customer: {
      ...base.customer,
      ...(extra.email ? { email: extra.email } : {}),
      postalCode: '01310100',
      addressNumber: '1000',
    },
    ip: '203.0.113.7',
  })
}

async function sandboxCharges(key: string) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from payment_sandbox_transactions where account = encode(sha256(${key}::bytea), 'hex')`.execute(
    t.runtime.db,
  )
  return Number(rows[0]!.n)
}

const ASAAS = { provider: 'asaas', label: 'Asaas', apiKey: '$aact_guards_0001', methods: ['credit_card'] }
const sandboxAccount = (apiKey: string) => ({ provider: 'sandbox', label: 'Sandbox', apiKey, methods: ['credit_card'] })

describe('a gateway that hangs', () => {
  it('holds the sale no longer than the call timeout; the charge waits for reconcile and the next account is not asked', async () => {
    const http = httpTransport(fake.url)
    const timeouts: number[] = []
    // The charge call hangs at Asaas; the test shortens the wait it is given (30 s in production) to keep fast.
    const hangingCharge: GatewayTransport = async (req) => {
      const charging = req.method === 'POST' && req.path === '/v3/payments'
      if (charging) {
        timeouts.push(req.timeoutMs)
        fake.hang(true)
      }
      return http(charging ? { ...req, timeoutMs: 400 } : req)
    }
    const { storeId, ids } = await storeWith(ASAAS, sandboxAccount('sk_sandbox_after_hang_0001'))
    const started = Date.now()
    const result = await paymentsService.createCharge(deps(hangingCharge), cardRequest(storeId))
    const tookMs = Date.now() - started
    expect(timeouts).toEqual([TIMEOUTS.create])
    expect(tookMs).toBeLessThan(5_000)
    expect(result.status).toBe('PENDING')
    const row = await t.runtime.db
      .selectFrom('payment_transactions')
      .select(['status', 'account_id'])
      .where('id', '=', result.transactionId)
      .executeTakeFirstOrThrow()
    // Unknown: it may exist at Asaas. The sweep reads it there; a second account would risk charging twice.
    expect(row).toEqual({ status: 'CREATING', account_id: ids[0] })
    expect(await sandboxCharges('sk_sandbox_after_hang_0001')).toBe(0)
  })
})

describe('circuit breaker on /metrics and the Gateways list', () => {
  it('an account that failed 3 times in a minute shows as an open circuit', async () => {
    const { user, storeId, ids } = await storeWith(ASAAS, sandboxAccount('sk_sandbox_breaker_guard_0001'))
    fake.failNext(503, 100)
    for (let i = 0; i < 3; i++)
      expect((await paymentsService.createCharge(deps(), cardRequest(storeId))).status).toBe('PAID')
    const metrics = (await t.app.inject({ url: '/metrics' })).body
    expect(metrics).toMatch(/^gateway_open_circuits(\{[^}]*\})? [1-9]/m)
    expect(metrics).toMatch(/^gateway_charges_total\{[^}]*provider="asaas",outcome="failed"[^}]*\} [3-9]/m)
    const list = await t.app.inject({ url: `/api/stores/${storeId}/payment-accounts`, headers: user.headers })
    const health = Object.fromEntries(
      list.json().map((a: { id: string; health: { circuitOpen: boolean } }) => [a.id, a.health.circuitOpen]),
    )
    expect(health).toEqual({ [ids[0]!]: true, [ids[1]!]: false })
  })
})

describe("'Salvar cartão' unticked", () => {
  it("keeps the card for this purchase's offers only, for 30 minutes, and never offers it to another purchase", async () => {
    const { storeId } = await storeWith(sandboxAccount('sk_sandbox_temp_card_0001'))
    const email = 'temporario@example.com'
    const paid = await paymentsService.createCharge(deps(), cardRequest(storeId, { save: false, email }))
    expect(paid.status).toBe('PAID')
    // Not a saved card: the next purchase (or a renewal) is not offered it.
    expect(await paymentsService.savedCardsOf(deps(), { storeId, buyerEmail: email })).toEqual([])
    // This purchase's offers reach it through the charge that paid it, and may charge it without the card.
    const card = await paymentsService.savedCardOfCharge(deps(), { storeId, transactionId: paid.transactionId })
    expect(card).toMatchObject({ last4: '1111' })
    const offer = {
      storeId,
      cardId: card!.id,
      buyerEmail: email,
      orderRef: crypto.randomUUID(),
      amountCents: 1990,
      customer: cardRequest(storeId, { email }).customer,
      items: [{ title: 'Oferta', unitPriceCents: 1990, quantity: 1, tangible: false, externalRef: 'offer' }],
    }
    clock.advance(29 * 60_000)
    const tapped = await paymentsService.chargeSavedCard(deps(), offer)
    expect(tapped.status).toBe('PAID')
    // Its refunds and chargebacks made at the gateway are posted back to us, as any charge's.
    const { rows } = await sql<{ postback_url: string | null }>`
      select s.postback_url from payment_sandbox_transactions s join payment_transactions p on p.gateway_id = s.id::text
      where p.id = ${tapped.transactionId}`.execute(t.runtime.db)
    expect(rows).toEqual([{ postback_url: `${t.config.publicUrl}/api/payment/ativo-pay/webhook/callback` }])
    // 30 minutes after the purchase it is gone for everyone.
    clock.advance(60_001)
    expect(
      await paymentsService.savedCardOfCharge(deps(), { storeId, transactionId: paid.transactionId }),
    ).toBeUndefined()
    await expect(
      paymentsService.chargeSavedCard(deps(), { ...offer, orderRef: crypto.randomUUID() }),
    ).rejects.toMatchObject({ statusCode: 404 })
    // Ticked (the default), the same card is kept with no end.
    const saved = await paymentsService.createCharge(deps(), cardRequest(storeId, { email }))
    expect(saved.status).toBe('PAID')
    expect(await paymentsService.savedCardsOf(deps(), { storeId, buyerEmail: email })).toMatchObject([
      { last4: '1111', expiresAt: null },
    ])
  })
})
