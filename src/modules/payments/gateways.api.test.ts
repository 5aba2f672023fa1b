import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { type GatewayTransport, httpTransport, TransportError } from './gateway-client'
import { paymentsService } from './index'
import { paymentsFixtures } from './payments-test-fixtures'
import { SANDBOX_CARDS } from './sandbox'

// Gateway accounts of a store, and the routing between them: fallback only when nothing was charged.
let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  fake.calls.length = 0
  fake.failNext(503, 0)
})

const deps = (asaasTransport?: GatewayTransport) => ({
  db: t.runtime.db,
  jobs: t.runtime.jobs,
  config: t.config,
  asaasTransport,
})
const { chargeRequest } = paymentsFixtures(() => t)
const ASAAS = { provider: 'asaas', label: 'Asaas', apiKey: '$aact_fallback_0001', methods: ['pix', 'credit_card'] }
const SANDBOX_OK = { provider: 'sandbox', label: 'Sandbox', apiKey: 'sk_sandbox_second_0001', methods: ['credit_card'] }
const SANDBOX_DOWN = {
  provider: 'sandbox',
  label: 'Fora do ar',
  apiKey: 'sk_sandbox_down_0001',
  methods: ['credit_card'],
}

async function storeWith(...accounts: Record<string, unknown>[]) {
  const m = await t.merchantWithStore()
  const ids: string[] = []
  for (const a of accounts) {
    const res = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, a)
    expect(res.statusCode).toBe(201)
    ids.push(res.json().id)
  }
  return { ...m, ids }
}

function cardRequest(storeId: string, number: string = SANDBOX_CARDS.approved) {
  const base = chargeRequest(storeId)
  return chargeRequest(storeId, {
    method: 'CREDIT_CARD',
    card: { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2039, cvv: '123' },
    customer: { ...base.customer, postalCode: '01310100', addressNumber: '1000' },
    ip: '203.0.113.7',
  })
}

async function chargeRow(id: string) {
  return t.runtime.db
    .selectFrom('payment_transactions')
    .select(['status', 'account_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function sandboxCharges(key: string) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from payment_sandbox_transactions where account = encode(sha256(${key}::bytea), 'hex')`.execute(
    t.runtime.db,
  )
  return Number(rows[0]!.n)
}

describe('payment accounts', () => {
  it('creates with a masked key, refuses an unknown provider and a taken priority, reorders, 404 for another store', async () => {
    const { user, storeId, ids } = await storeWith(ASAAS, SANDBOX_OK)
    const list = await t.app.inject({ url: `/api/stores/${storeId}/payment-accounts`, headers: user.headers })
    expect(list.json().map((a: { priority: number }) => a.priority)).toEqual([1, 2])
    expect(list.json()[0].apiKey).not.toContain('fallback')
    expect(list.json()[0].webhookUrl).toContain(`/api/payment/asaas/webhook/${ids[0]}`)
    expect(JSON.stringify(list.json())).not.toContain('$aact_fallback_0001')

    const unknown = await t.send('POST', `/api/stores/${storeId}/payment-accounts`, user, {
      ...ASAAS,
      provider: 'stripe',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.provider).toBe('Gateway desconhecido: use ativopay, asaas ou sandbox')
    const taken = await t.send('POST', `/api/stores/${storeId}/payment-accounts`, user, { ...ASAAS, priority: 2 })
    expect(taken.statusCode).toBe(400)
    expect(taken.json()).toMatchObject({ code: 'PRIORITY_TAKEN', errors: { priority: expect.any(String) } })

    const moved = await t.send('POST', `/api/stores/${storeId}/payment-accounts/${ids[1]}/move`, user, {
      direction: 'up',
    })
    expect(moved.json().map((a: { id: string }) => a.id)).toEqual([ids[1], ids[0]])

    const other: TestUser = (await t.merchantWithStore()).user
    for (const [method, suffix] of [
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
    ] as const) {
      const res = await t.send(method, `/api/stores/${storeId}/payment-accounts/${ids[0]}${suffix}`, other, {})
      expect(res.statusCode).toBe(404)
    }
    const test = await t.send('POST', `/api/stores/${storeId}/payment-accounts/${ids[1]}/test`, user, {})
    expect(test.json()).toEqual({ ok: true, message: 'Conexão bem-sucedida' })
  })
})

describe('fallback', () => {
  it('first account answers 503: the card is approved on Asaas in the same call, one PAID charge', async () => {
    const { storeId, ids } = await storeWith(SANDBOX_DOWN, ASAAS)
    const result = await paymentsService.createCharge(deps(), cardRequest(storeId))
    expect(result.status).toBe('PAID')
    expect(await chargeRow(result.transactionId)).toEqual({ status: 'PAID', account_id: ids[1] })
    expect(fake.calls.filter((c) => c.path === '/v3/payments')).toHaveLength(1)
    const metrics = (await t.app.inject({ url: '/metrics' })).body
    expect(metrics).toMatch(/^gateway_fallbacks_total\{[^}]*\} [1-9]/m)
    expect(metrics).toMatch(/^gateway_charges_total\{[^}]*provider="asaas",outcome="approved"[^}]*\} [1-9]/m)
    expect(metrics).toMatch(/^gateway_charges_total\{[^}]*provider="sandbox",outcome="failed"[^}]*\} [1-9]/m)
  })

  it('a refused connection also moves on; a timeout does not (the charge waits for the sweep); a decline does not', async () => {
    const refused: GatewayTransport = async () => {
      throw new TransportError('connect ECONNREFUSED', false)
    }
    const timedOut: GatewayTransport = async () => {
      throw new TransportError('The operation was aborted due to timeout', true)
    }
    const a = await storeWith(ASAAS, { ...SANDBOX_OK, apiKey: 'sk_sandbox_after_refused' })
    expect((await paymentsService.createCharge(deps(refused), cardRequest(a.storeId))).status).toBe('PAID')
    expect(await sandboxCharges('sk_sandbox_after_refused')).toBe(1)

    const b = await storeWith(ASAAS, { ...SANDBOX_OK, apiKey: 'sk_sandbox_after_timeout' })
    const unknown = await paymentsService.createCharge(deps(timedOut), cardRequest(b.storeId))
    expect(unknown.status).toBe('PENDING')
    expect(await chargeRow(unknown.transactionId)).toEqual({ status: 'CREATING', account_id: b.ids[0] })
    expect(await sandboxCharges('sk_sandbox_after_timeout')).toBe(0)

    const c = await storeWith(ASAAS, { ...SANDBOX_OK, apiKey: 'sk_sandbox_after_decline' })
    const declined = await paymentsService.createCharge(deps(), cardRequest(c.storeId, '5184019740373151'))
    expect(declined.status).toBe('REFUSED')
    expect(await sandboxCharges('sk_sandbox_after_decline')).toBe(0)
  })

  it('a card whose answer was lost (timeout) is found by the sweep at the account that had it: paid once', async () => {
    const http = httpTransport(fake.url)
    const lostAnswer: GatewayTransport = async (req) => {
      const res = await http(req)
      if (req.method === 'POST' && req.path === '/v3/payments') throw new TransportError('timeout', true)
      return res
    }
    const { storeId, ids } = await storeWith(ASAAS, { ...SANDBOX_OK, apiKey: 'sk_sandbox_after_lost' })
    const unknown = await paymentsService.createCharge(deps(lostAnswer), cardRequest(storeId))
    expect(unknown.status).toBe('PENDING')
    expect(await sandboxCharges('sk_sandbox_after_lost')).toBe(0)
    const log = { info() {}, warn() {}, error() {} }
    await paymentsService.sweepCharges({ ...deps(), log }, { olderThanMs: 0, planAheadMs: 0 })
    expect(await chargeRow(unknown.transactionId)).toEqual({ status: 'PAID', account_id: ids[0] })
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v3/payments')).toHaveLength(1)
  })

  it('the circuit opens after 3 failures in a minute: the dead account is no longer asked', async () => {
    const { storeId } = await storeWith(ASAAS, { ...SANDBOX_OK, apiKey: 'sk_sandbox_breaker_0001' })
    fake.failNext(503, 100)
    for (let i = 0; i < 4; i++)
      expect((await paymentsService.createCharge(deps(), cardRequest(storeId))).status).toBe('PAID')
    // Customer look-up is the first call of each sale: three sales reached Asaas, the fourth did not.
    expect(fake.calls).toHaveLength(3)
    expect(await sandboxCharges('sk_sandbox_breaker_0001')).toBe(4)
  })

  it('an order placed by card at a store whose first account is down is paid by the second', async () => {
    const { user, storeId, ids } = await storeWith(SANDBOX_DOWN, SANDBOX_OK)
    const product = await t.send('POST', `/api/stores/${storeId}/products`, user, {
      name: 'E-book',
      price: 49.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/ebook.pdf',
    })
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: {
        storeId,
        productId: product.json().id,
        productType: 'DIGITAL',
        customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
        shipping: {
          address: 'Avenida Paulista',
          number: '1000',
          city: 'São Paulo',
          state: 'SP',
          zipCode: '01310100',
          method: 'digital',
        },
        payment: {
          method: 'credit_card',
          cardName: 'MARIA SILVA',
          cardNumber: SANDBOX_CARDS.approved,
          expiryDate: '12/39',
          cvv: '123',
          installments: 1,
        },
      },
    })
    expect(order.json()).toMatchObject({ success: true })
    expect(order.json().paymentResult.status).toBe('PAID')
    const charges = await t.runtime.db
      .selectFrom('payment_transactions')
      .select(['status', 'account_id'])
      .where('store_id', '=', storeId)
      .execute()
    expect(charges).toEqual([{ status: 'PAID', account_id: ids[1] }])

    // Both accounts keep cards: the card step offers it, and the approved card was kept (token only) for the buyer.
    const methods = await t.app.inject({ url: `/api/payment/ativo-pay/payment-methods-public?storeId=${storeId}` })
    expect(methods.json().data.credit_card.cardOnFile).toBe(true)
    const kept = await t.runtime.db
      .selectFrom('payment_instruments')
      .select(['buyer_email', 'last4', 'brand', 'account_id', 'expires_at'])
      .where('store_id', '=', storeId)
      .execute()
    expect(kept).toEqual([
      { buyer_email: 'maria@example.com', last4: '1111', brand: 'visa', account_id: ids[1], expires_at: null },
    ])
  })

  it("a buyer who unticks 'Salvar cartão' leaves the card for this purchase's offers only (30 minutes)", async () => {
    const { storeId } = await storeWith(SANDBOX_OK)
    const req = { ...cardRequest(storeId), card: { ...cardRequest(storeId).card!, save: false } }
    expect((await paymentsService.createCharge(deps(), req)).status).toBe('PAID')
    const [kept] = await t.runtime.db
      .selectFrom('payment_instruments')
      .select('expires_at')
      .where('store_id', '=', storeId)
      .execute()
    const minutes = (kept!.expires_at!.getTime() - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(29)
    expect(minutes).toBeLessThanOrEqual(30)
  })
})
