import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret } from '../../platform/crypto'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { isValidDigitableLine } from './boleto'
import { hasValidCrc, parseBrCode } from './brcode'
import { seedDemoConfig } from './config-service'
import { setGatewayTransportForTests } from './gateway'
import { TransportError } from './gateway-client'
import { DEMO_SANDBOX_KEY, paymentsModule, paymentsService } from './index'
import { PAYMENTS_BASE, paymentsFixtures, SANDBOX_KEY } from './payments-fixtures'

// Embedded queue on the real PostgreSQL: t.drain() then waits for every job, so the webhook's asynchronous
// re-read is deterministic. The BullMQ path is covered by payments.bullmq.api.test.ts.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())
afterEach(() => setGatewayTransportForTests(undefined))

const BASE = PAYMENTS_BASE
const { configure, configuredStore, chargeRequest, events } = paymentsFixtures(() => t)
const merchantWithStore = () => t.merchantWithStore()

describe('payment configuration', () => {
  it('returns defaults, stores the key encrypted and only ever shows it masked', async () => {
    const { user, storeId } = await merchantWithStore()
    const empty = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toMatchObject({
      storeId,
      ativoPayApiKey: '',
      hasApiKey: false,
      ativoPayActive: false,
      ativoPayWebhookUrl: `${t.config.publicUrl}/api/payment/ativo-pay/webhook/callback`,
      webhookUrlPublic: t.config.publicUrlSet,
      pixEnabled: true,
      creditCardEnabled: true,
      boletoEnabled: true,
      creditCardMaxInstallments: 12,
      boletoExpirationDays: 3,
      sandbox: true,
    })

    const saved = await configure(user, storeId, { creditCardMaxInstallments: 6, boletoEnabled: false })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(SANDBOX_KEY)
    const cfg = saved.json()
    expect(cfg).toMatchObject({
      hasApiKey: true,
      ativoPayActive: true,
      creditCardMaxInstallments: 6,
      boletoEnabled: false,
    })
    expect(cfg.ativoPayApiKey).toMatch(/^sk_s•+0001$/)

    const row = await t.runtime.db
      .selectFrom('payment_configs')
      .selectAll()
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow()
    expect(row.api_key_encrypted).not.toContain(SANDBOX_KEY)
    expect(decryptSecret(t.config.APP_SECRET, row.api_key_encrypted!)).toBe(SANDBOX_KEY)

    // Posting the masked value back keeps the stored key.
    const again = await configure(user, storeId, {
      ativoPayApiKey: cfg.ativoPayApiKey,
      boletoExpirationDays: 10,
      creditCardMaxInstallments: 6,
      boletoEnabled: false,
    })
    expect(again.json()).toMatchObject({
      ativoPayApiKey: cfg.ativoPayApiKey,
      boletoExpirationDays: 10,
      ativoPayActive: true,
    })
    const after = await t.runtime.db
      .selectFrom('payment_configs')
      .select('api_key_encrypted')
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow()
    expect(decryptSecret(t.config.APP_SECRET, after.api_key_encrypted!)).toBe(SANDBOX_KEY)

    const read = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(read.body).not.toContain(SANDBOX_KEY)
    expect(read.json().ativoPayApiKey).toBe(cfg.ativoPayApiKey)

    const settings = await t.app.inject({ url: `/api/stores/${storeId}/payment-settings`, headers: user.headers })
    expect(settings.statusCode).toBe(200)
    expect(settings.body).not.toContain(SANDBOX_KEY)
    expect(settings.json()).toMatchObject({
      ativoPay: { apiKey: cfg.ativoPayApiKey, configured: true, active: true },
      paymentMethods: { pix: { enabled: true }, bank_slip: { enabled: false }, credit_card: { maxInstallments: 6 } },
    })
  })

  it('validates installments, boleto days and the key', async () => {
    const { user, storeId } = await merchantWithStore()
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { creditCardMaxInstallments: 25 },
        'creditCardMaxInstallments',
        'O número máximo de parcelas deve estar entre 1 e 24',
      ],
      [
        { creditCardMaxInstallments: 0 },
        'creditCardMaxInstallments',
        'O número máximo de parcelas deve estar entre 1 e 24',
      ],
      [{ boletoExpirationDays: 31 }, 'boletoExpirationDays', 'O vencimento do boleto deve estar entre 1 e 30 dias'],
      [{ boletoExpirationDays: 0 }, 'boletoExpirationDays', 'O vencimento do boleto deve estar entre 1 e 30 dias'],
      [{ ativoPayApiKey: '  ' }, 'ativoPayApiKey', 'API Key é obrigatória'],
      // A masked value with nothing stored is no key at all.
      [{ ativoPayApiKey: 'sk_s••••0001' }, 'ativoPayApiKey', 'API Key é obrigatória'],
    ]
    for (const [body, field, message] of cases) {
      const res = await configure(user, storeId, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().errors[field]).toBe(message)
    }
    const ok = await configure(user, storeId, { creditCardMaxInstallments: 24, boletoExpirationDays: 30 })
    expect(ok.statusCode).toBe(200)
  })

  it('answers 404 for another merchant store or an unknown id, and needs a login', async () => {
    const { storeId } = await configuredStore()
    const other = await t.login()
    for (const req of [
      { url: `${BASE}/payment-config?storeId=${storeId}` },
      {
        method: 'POST' as const,
        url: `${BASE}/payment-config?storeId=${storeId}`,
        payload: { ativoPayApiKey: 'sk_sandbox_hack_0000' },
      },
      { url: `${BASE}/health?storeId=${storeId}` },
      { url: `/api/stores/${storeId}/payment-settings` },
      { url: `${BASE}/transactions?storeId=${storeId}` },
      { url: `${BASE}/payment-config?storeId=${crypto.randomUUID()}` },
      { url: `${BASE}/payment-config?storeId=nope` },
    ]) {
      const res = await t.app.inject({ ...req, headers: other.headers })
      expect(res.statusCode, req.url).toBe(404)
      expect(res.json().message).toBe('Loja não encontrada')
    }
    const anon = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}` })
    expect(anon.statusCode).toBe(401)
    const stored = await t.runtime.db
      .selectFrom('payment_configs')
      .select('api_key_encrypted')
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow()
    expect(decryptSecret(t.config.APP_SECRET, stored.api_key_encrypted!)).toBe(SANDBOX_KEY)
  })
})

describe('health check', () => {
  it('is healthy with a sandbox key and marks the configuration active', async () => {
    const { user, storeId } = await configuredStore()
    await t.runtime.db.updateTable('payment_configs').set({ active: false }).where('store_id', '=', storeId).execute()
    const res = await t.app.inject({ url: `${BASE}/health?storeId=${storeId}`, headers: user.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'healthy', configured: true, sandbox: true })
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json()).toMatchObject({ ativoPayActive: true, lastCheckError: null })
    expect(cfg.json().lastCheckedAt).toBeTruthy()
  })

  it('answers 401 "API Key inválida ou não configurada" and marks the configuration inactive', async () => {
    const { user, storeId } = await merchantWithStore()
    const none = await t.app.inject({ url: `${BASE}/health?storeId=${storeId}`, headers: user.headers })
    expect(none.statusCode).toBe(401)
    expect(none.json().message).toBe('API Key inválida ou não configurada')

    const saved = await configure(user, storeId, { ativoPayApiKey: 'sk_live_not_a_sandbox_key' })
    expect(saved.json().ativoPayActive).toBe(false)
    await t.runtime.db.updateTable('payment_configs').set({ active: true }).where('store_id', '=', storeId).execute()
    const bad = await t.app.inject({ url: `${BASE}/health?storeId=${storeId}`, headers: user.headers })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().message).toBe('API Key inválida ou não configurada')
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json()).toMatchObject({ ativoPayActive: false, lastCheckError: 'API Key inválida ou não configurada' })
  })

  it('tests a typed key before saving without storing it', async () => {
    const { user, storeId } = await merchantWithStore()
    const ok = await t.app.inject({
      method: 'POST',
      url: `${BASE}/health`,
      headers: user.headers,
      payload: { storeId, apiKey: SANDBOX_KEY },
    })
    expect(ok.statusCode).toBe(200)
    const bad = await t.app.inject({
      method: 'POST',
      url: `${BASE}/health`,
      headers: user.headers,
      payload: { storeId, apiKey: 'sk_live_wrong' },
    })
    expect(bad.statusCode).toBe(401)
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json()).toMatchObject({ hasApiKey: false, ativoPayActive: false })
  })

  it('answers "Erro ao conectar com Ativo Pay" when the gateway is unreachable', async () => {
    const { user, storeId } = await configuredStore()
    setGatewayTransportForTests(async () => {
      throw new TransportError('connect ECONNREFUSED')
    })
    const res = await t.app.inject({ url: `${BASE}/health?storeId=${storeId}`, headers: user.headers })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe('Erro ao conectar com Ativo Pay')
    setGatewayTransportForTests(undefined)
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json().ativoPayActive).toBe(false)
  })
})

describe('public payment methods', () => {
  it('needs a store id and a real store', async () => {
    const missing = await t.app.inject({ url: `${BASE}/payment-methods-public` })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('ID da loja é obrigatório para verificar configurações de pagamento')
    const unknown = await t.app.inject({ url: `${BASE}/payment-methods-public?storeId=${crypto.randomUUID()}` })
    expect(unknown.statusCode).toBe(404)
  })

  it('shows the spec defaults, disabled until an active key exists, and never a key', async () => {
    const { user, storeId } = await merchantWithStore()
    const before = await t.app.inject({ url: `${BASE}/payment-methods-public?storeId=${storeId}` })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({
      success: true,
      data: {
        pix: { enabled: false, name: 'PIX', expirationDays: 1, discountPercent: 0 },
        credit_card: {
          enabled: false,
          name: 'Cartão de Crédito',
          maxInstallments: 12,
          // pricing: every plan without interest until the merchant sets a rate.
          installments: { max: 12, interestFree: 12, monthlyRatePercent: 0 },
        },
        bank_slip: { enabled: false, name: 'Boleto Bancário', expirationDays: 3, discountPercent: 0 },
      },
    })
    await configure(user, storeId, { creditCardEnabled: false, boletoExpirationDays: 5 })
    const after = await t.app.inject({ url: `${BASE}/payment-methods-public?storeId=${storeId}` })
    expect(after.json().data).toMatchObject({
      pix: { enabled: true },
      credit_card: { enabled: false },
      bank_slip: { enabled: true, expirationDays: 5 },
    })
    expect(after.body).not.toMatch(/sk_|apiKey/i)
    expect(await paymentsService.publicMethods(t.runtime.db, storeId)).toEqual(after.json().data)
  })
})

describe('charges', () => {
  it('creates a PIX with a real BR Code, records it and lists it for the owner only', async () => {
    const { user, storeId } = await configuredStore()
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/transaction`,
      headers: { ...user.headers, 'x-store-id': storeId },
      payload: {
        amount: 2_590,
        currency: 'BRL',
        paymentMethod: 'PIX',
        pix: { expiresInDays: 1 },
        customer: {
          name: 'João',
          email: 'joao@example.com',
          phone: '(11) 91234-5678',
          document: { type: 'CPF', number: '529.982.247-25' },
        },
        items: [{ title: 'Caneca', quantity: 1, unitPrice: 2_590, tangible: true, externalRef: 'c1' }],
      },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ success: true, status: 'PENDING', paymentMethod: 'PIX', sandbox: true })
    expect(hasValidCrc(body.qrCode)).toBe(true)
    const fields = parseBrCode(body.qrCode)
    expect(fields.get('54')).toBe('25.90')
    expect(fields.get('53')).toBe('986')
    expect(parseBrCode(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix')

    const one = await t.app.inject({ url: `${BASE}/transaction/${body.transactionId}`, headers: user.headers })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ id: body.transactionId, amount: 25.9, amountCents: 2_590, status: 'PENDING' })

    const list = await t.app.inject({
      url: `${BASE}/transactions?storeId=${storeId}&status=PENDING`,
      headers: user.headers,
    })
    expect(list.json()).toMatchObject({ total: 1, page: 1, totalPages: 1 })
    const paid = await t.app.inject({
      url: `${BASE}/transactions?storeId=${storeId}&status=PAID`,
      headers: user.headers,
    })
    expect(paid.json().total).toBe(0)

    const other = await t.login()
    const foreign = await t.app.inject({ url: `${BASE}/transaction/${body.transactionId}`, headers: other.headers })
    expect(foreign.statusCode).toBe(404)
    const sneaky = await t.app.inject({
      url: `${BASE}/transaction/${body.transactionId}?storeId=${storeId}`,
      headers: other.headers,
    })
    expect(sneaky.statusCode).toBe(404)
  })

  it('creates a boleto with a valid 47-digit line', async () => {
    const { storeId } = await configuredStore()
    const result = await paymentsService.createCharge(t.app, chargeRequest(storeId, { method: 'BOLETO' }))
    expect(result.status).toBe('PENDING')
    expect(result.boletoLine).toMatch(/^\d{47}$/)
    expect(isValidDigitableLine(result.boletoLine!)).toBe(true)
    expect(result.boletoLine!.slice(-10)).toBe('0000015990')
    expect(result.boletoUrl).toContain('/sandbox/ativopay/v1/boletos/')
    const page = await t.app.inject({ url: new URL(result.boletoUrl!).pathname })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Linha digitável')
  })

  it('approves and refuses the documented test cards without storing the card', async () => {
    const { storeId } = await configuredStore()
    const card = { holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '123' }
    const ok = await paymentsService.createCharge(
      t.app,
      chargeRequest(storeId, { method: 'CREDIT_CARD', card: { ...card, number: '4111111111111111' }, installments: 3 }),
    )
    expect(ok.status).toBe('PAID')
    const refused = await paymentsService.createCharge(
      t.app,
      chargeRequest(storeId, { method: 'CREDIT_CARD', card: { ...card, number: '4000000000000002' } }),
    )
    expect(refused.status).toBe('REFUSED')
    expect((await events(ok.transactionId)).map((e) => e.status)).toEqual(['PAID'])
    expect((await events(refused.transactionId)).map((e) => e.status)).toEqual(['REFUSED'])

    const dump = await sql<{ t: string }>`select
      (select coalesce(string_agg(row_to_json(p)::text, ''), '') from payment_transactions p) ||
      (select coalesce(string_agg(row_to_json(s)::text, ''), '') from payment_sandbox_transactions s) ||
      (select coalesce(string_agg(row_to_json(j)::text, ''), '') from jobs j) ||
      (select coalesce(string_agg(row_to_json(o)::text, ''), '') from outbox o) as t`.execute(t.runtime.db)
    const everything = dump.rows[0]!.t
    expect(everything).not.toContain('4111111111111111')
    expect(everything).not.toContain('4000000000000002')
    expect(everything).not.toContain('"cvv"')
    const row = await t.runtime.db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('id', '=', ok.transactionId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ card_last4: '1111', card_brand: 'visa', installments: 3 })
  })

  it('refuses charges for stores without an active key or with the method off', async () => {
    const { storeId } = await merchantWithStore()
    await expect(paymentsService.createCharge(t.app, chargeRequest(storeId))).rejects.toMatchObject({
      statusCode: 422,
      message: 'Sistema de pagamento não configurado para esta loja.',
    })
    const m = await configuredStore()
    await configure(m.user, m.storeId, { ativoPayApiKey: SANDBOX_KEY, pixEnabled: false })
    await expect(paymentsService.createCharge(t.app, chargeRequest(m.storeId))).rejects.toMatchObject({
      statusCode: 422,
    })
  })

  it('maps gateway failures: wrong key 422 (and inactive), invalid data 400, unreachable 503', async () => {
    const { user, storeId } = await configuredStore()
    await expect(
      paymentsService.createCharge(
        t.app,
        chargeRequest(storeId, { customer: { ...chargeRequest(storeId).customer, document: '123' } }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('customer.document.number') })

    setGatewayTransportForTests(async () => {
      throw new TransportError('connect ECONNREFUSED')
    })
    await expect(paymentsService.createCharge(t.app, chargeRequest(storeId))).rejects.toMatchObject({
      statusCode: 503,
      message: 'Sistema de pagamento temporariamente indisponível',
    })
    setGatewayTransportForTests(async () => ({ status: 200, body: '<html>' }))
    await expect(paymentsService.createCharge(t.app, chargeRequest(storeId))).rejects.toMatchObject({ statusCode: 503 })
    setGatewayTransportForTests(undefined)

    // A key the gateway no longer accepts: the store is not configured any more.
    await seedDemoConfig(t.runtime.db, t.config.APP_SECRET, storeId, 'sk_live_revoked_key_0001')
    await expect(paymentsService.createCharge(t.app, chargeRequest(storeId))).rejects.toMatchObject({ statusCode: 422 })
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json().ativoPayActive).toBe(false)
    const failed = await t.runtime.db
      .selectFrom('payment_transactions')
      .select('status')
      .where('store_id', '=', storeId)
      .execute()
    expect(failed.every((r) => r.status === 'FAILED')).toBe(true)
  })
})

describe('demo data', () => {
  it('gives the demo store an active sandbox configuration that takes payments', async () => {
    const { user, storeId } = await merchantWithStore()
    await paymentsModule.seedDemo!({ db: t.runtime.db, config: t.config, merchantId: user.id, storeId })
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json()).toMatchObject({ hasApiKey: true, ativoPayActive: true })
    expect(cfg.body).not.toContain(DEMO_SANDBOX_KEY)
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    expect(hasValidCrc(charge.pixCode!)).toBe(true)
  })
})

describe('sandbox contract', () => {
  it('accepts only sk_sandbox_ keys and scopes transactions to the key', async () => {
    const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:x`).toString('base64')}` })
    const body = {
      amount: 1000,
      paymentMethod: 'PIX',
      customer: {
        name: 'A',
        email: 'a@example.com',
        phone: '11999999999',
        document: { type: 'CPF', number: '52998224725' },
      },
      items: [{ title: 'x', unitPrice: 1000, quantity: 1, tangible: false }],
    }
    const denied = await t.app.inject({
      method: 'POST',
      url: '/sandbox/ativopay/v1/transactions',
      headers: basic('sk_live_1234'),
      payload: body,
    })
    expect(denied.statusCode).toBe(401)
    const created = await t.app.inject({
      method: 'POST',
      url: '/sandbox/ativopay/v1/transactions',
      headers: basic('sk_sandbox_aaaa'),
      payload: body,
    })
    expect(created.statusCode).toBe(200)
    const id = created.json().data.id
    expect(created.json().data).toMatchObject({ status: 'WAITING_PAYMENT', amount: 1000, paymentMethod: 'PIX' })
    const mine = await t.app.inject({
      url: `/sandbox/ativopay/v1/transactions/${id}`,
      headers: basic('sk_sandbox_aaaa'),
    })
    expect(mine.statusCode).toBe(200)
    const theirs = await t.app.inject({
      url: `/sandbox/ativopay/v1/transactions/${id}`,
      headers: basic('sk_sandbox_bbbb'),
    })
    expect(theirs.statusCode).toBe(404)
    const list = await t.app.inject({
      url: '/sandbox/ativopay/v1/transactions?status=WAITING_PAYMENT',
      headers: basic('sk_sandbox_aaaa'),
    })
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([id])
  })
})
