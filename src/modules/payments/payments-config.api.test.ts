import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret } from '../../platform/crypto'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { hasValidCrc } from './brcode'
import { configTransport } from './gateway'
import { type GatewayTransport, TransportError } from './gateway-client'
import { DEMO_SANDBOX_KEY, paymentsModule, paymentsService } from './index'
import { PAYMENTS_BASE, paymentsFixtures, SANDBOX_KEY } from './payments-test-fixtures'

// The merchant's side: configuration, health check, the buyer's read of the methods. Embedded queue on the real
// PostgreSQL (charges: payments-charges.api.test.ts; the BullMQ path: payments.bullmq.api.test.ts).
let t: TestApp
/** Set by a test to make the gateway misbehave; otherwise the app reaches the gateway config names (the sandbox). */
let fault: GatewayTransport | undefined
const gatewayTransport: GatewayTransport = (req) =>
  (fault ?? configTransport({ db: t.runtime.db, config: t.config, jobs: t.runtime.jobs }))(req)
beforeAll(async () => {
  t = await createTestApp({ redis: false, moduleDeps: { gatewayTransport } })
})
afterAll(() => t.close())
afterEach(() => {
  fault = undefined
})

const BASE = PAYMENTS_BASE
const { configure, configuredStore, chargeRequest } = paymentsFixtures(() => t)
const merchantWithStore = () => t.merchantWithStore()

/** The store's gateway key as it is stored (encrypted). */
async function storedKey(storeId: string) {
  const row = await t.runtime.db
    .selectFrom('payment_configs')
    .select('api_key_encrypted')
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow()
  return row.api_key_encrypted!
}

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

    const encrypted = await storedKey(storeId)
    expect(encrypted).not.toContain(SANDBOX_KEY)
    expect(decryptSecret(t.config.APP_SECRET, encrypted)).toBe(SANDBOX_KEY)

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
    expect(decryptSecret(t.config.APP_SECRET, await storedKey(storeId))).toBe(SANDBOX_KEY)

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
    expect(decryptSecret(t.config.APP_SECRET, await storedKey(storeId))).toBe(SANDBOX_KEY)
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
    // A 401 that is not the session's: the browser keeps the merchant signed in (web/lib/api.ts).
    expect(none.json()).toMatchObject({ code: 'GATEWAY_KEY_INVALID', message: 'API Key inválida ou não configurada' })

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
    fault = async () => {
      throw new TransportError('connect ECONNREFUSED')
    }
    const res = await t.app.inject({ url: `${BASE}/health?storeId=${storeId}`, headers: user.headers })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe('Erro ao conectar com Ativo Pay')
    fault = undefined
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

describe('demo data', () => {
  it('gives the demo store an active sandbox configuration that takes payments', async () => {
    const { user, storeId } = await merchantWithStore()
    await paymentsModule().seedDemo!({ db: t.runtime.db, config: t.config, merchantId: user.id, storeId })
    const cfg = await t.app.inject({ url: `${BASE}/payment-config?storeId=${storeId}`, headers: user.headers })
    expect(cfg.json()).toMatchObject({ hasApiKey: true, ativoPayActive: true })
    expect(cfg.body).not.toContain(DEMO_SANDBOX_KEY)
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    expect(hasValidCrc(charge.pixCode!)).toBe(true)
  })
})
