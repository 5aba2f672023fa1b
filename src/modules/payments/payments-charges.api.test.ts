import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { isValidDigitableLine } from './boleto'
import { hasValidCrc, parseBrCode } from './brcode'
import { seedDemoConfig } from './config-service'
import { type GatewayTransport, TransportError } from './gateway-client'
import { paymentsService } from './index'
import { PAYMENTS_BASE, paymentsFixtures, SANDBOX_KEY } from './payments-test-fixtures'

// Charges through the merchant's test page and createCharge, and the sandbox's contract. Embedded queue on the real
// PostgreSQL: t.drain() then waits for every job (the BullMQ path: payments.bullmq.api.test.ts).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

/** createCharge's dependencies with a gateway transport of the test's own. */
const through = (gatewayTransport: GatewayTransport) => ({
  db: t.runtime.db,
  jobs: t.runtime.jobs,
  config: t.config,
  gatewayTransport,
})

const BASE = PAYMENTS_BASE
const { configure, configuredStore, chargeRequest, events } = paymentsFixtures(() => t)
const merchantWithStore = () => t.merchantWithStore()

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

    const unreachable = through(async () => {
      throw new TransportError('connect ECONNREFUSED')
    })
    await expect(paymentsService.createCharge(unreachable, chargeRequest(storeId))).rejects.toMatchObject({
      statusCode: 503,
      message: 'Sistema de pagamento temporariamente indisponível',
    })
    const nonsense = through(async () => ({ status: 200, body: '<html>' }))
    await expect(paymentsService.createCharge(nonsense, chargeRequest(storeId))).rejects.toMatchObject({
      statusCode: 503,
    })

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
    const url = '/sandbox/ativopay/v1/transactions'
    const create = (key: string) => t.app.inject({ method: 'POST', url, headers: basic(key), payload: body })
    const read = (path: string, key: string) => t.app.inject({ url: `${url}${path}`, headers: basic(key) })
    expect((await create('sk_live_1234')).statusCode).toBe(401)
    const created = await create('sk_sandbox_aaaa')
    expect(created.statusCode).toBe(200)
    const id = created.json().data.id
    expect(created.json().data).toMatchObject({ status: 'WAITING_PAYMENT', amount: 1000, paymentMethod: 'PIX' })
    expect((await read(`/${id}`, 'sk_sandbox_aaaa')).statusCode).toBe(200)
    expect((await read(`/${id}`, 'sk_sandbox_bbbb')).statusCode).toBe(404)
    const list = await read('?status=WAITING_PAYMENT', 'sk_sandbox_aaaa')
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([id])
  })
})
