import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { paymentsService } from './index'
import { paymentsFixtures } from './payments-test-fixtures'

// A store on Asaas (the fake, from Asaas's reference): PIX, boleto and card, a partial refund, the webhook with its
// token, and a saved card charged again without card data.
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
})

const deps = () => ({ db: t.runtime.db, jobs: t.runtime.jobs, config: t.config })
const { chargeRequest, events, statusOf } = paymentsFixtures(() => t)
const ASAAS_KEY = '$aact_fake_key_store_0001'
const WEBHOOK_TOKEN = 'whsec-token-of-the-merchant-000000000001'
const holder = { postalCode: '01310100', addressNumber: '1000' }
const CARD = { number: '4111 1111 1111 1111', holderName: 'MARIA SILVA', expMonth: 12, expYear: 2039, cvv: '123' }

async function asaasStore(): Promise<{ user: TestUser; storeId: string; accountId: string }> {
  const m = await t.merchantWithStore()
  const res = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
    provider: 'asaas',
    label: 'Asaas principal',
    apiKey: ASAAS_KEY,
    webhookToken: WEBHOOK_TOKEN,
    methods: ['pix', 'credit_card', 'bank_slip'],
  })
  expect(res.statusCode).toBe(201)
  return { ...m, accountId: res.json().id }
}

const sent = (path: string) => fake.calls.filter((c) => c.method === 'POST' && c.path === path)

describe('Asaas adapter', () => {
  it('charges a PIX in reais with our id as externalReference, finding the customer by CPF the second time', async () => {
    const { storeId } = await asaasStore()
    const first = await paymentsService.createCharge(deps(), chargeRequest(storeId, { amountCents: 15_990 }))
    expect(first).toMatchObject({ status: 'PENDING', method: 'PIX', amountCents: 15_990 })
    expect(first.pixCode).toContain('br.gov.bcb.pix')
    const [payment] = sent('/v3/payments')
    expect(payment!.accessToken).toBe(ASAAS_KEY)
    expect(payment!.body).toMatchObject({ billingType: 'PIX', value: 159.9, externalReference: first.transactionId })
    await paymentsService.createCharge(deps(), chargeRequest(storeId, { amountCents: 1_001 }))
    expect(sent('/v3/customers')).toHaveLength(1)
    expect(sent('/v3/payments')[1]!.body).toMatchObject({ value: 10.01 })
  })

  it('charges a boleto and shows its digitable line', async () => {
    const { storeId } = await asaasStore()
    const boleto = await paymentsService.createCharge(deps(), chargeRequest(storeId, { method: 'BOLETO' }))
    expect(boleto.status).toBe('PENDING')
    expect(boleto.boletoLine).toMatch(/^\d{40,}$/)
    expect(boleto.boletoUrl).toContain('/b/pdf/')
  })

  it('approves a card, refunds part of it at Asaas, and the refund is recorded once', async () => {
    const { storeId } = await asaasStore()
    const req = chargeRequest(storeId, {
      method: 'CREDIT_CARD',
      card: CARD,
      customer: { ...chargeRequest(storeId).customer, ...holder },
      ip: '203.0.113.7',
    })
    const card = await paymentsService.createCharge(deps(), req)
    expect(card.status).toBe('PAID')
    const refund = await paymentsService.refundCharge(deps(), {
      storeId,
      transactionId: card.transactionId,
      amountCents: 5_000,
      externalRef: 'refund-1',
    })
    expect(refund).toMatchObject({ ok: true, amountCents: 5_000 })
    expect(fake.payment(card.gatewayId)!.refunds).toMatchObject([{ value: 50, status: 'DONE' }])
    expect(fake.payment(card.gatewayId)!.status).toBe('CONFIRMED')
  })

  it('a declined card is REFUSED, not an error', async () => {
    const { storeId } = await asaasStore()
    const declined = await paymentsService.createCharge(
      deps(),
      chargeRequest(storeId, {
        method: 'CREDIT_CARD',
        card: { ...CARD, number: '5184019740373151' },
        customer: { ...chargeRequest(storeId).customer, ...holder },
        ip: '203.0.113.7',
      }),
    )
    expect(declined.status).toBe('REFUSED')
  })
})

describe('Asaas webhook', () => {
  it('401 without the right token; marks PAID once, even when the event is replayed', async () => {
    const { storeId, accountId } = await asaasStore()
    const pix = await paymentsService.createCharge(deps(), chargeRequest(storeId))
    fake.receive(pix.gatewayId)
    const url = `/api/payment/asaas/webhook/${accountId}`
    const body = fake.webhookEvent('PAYMENT_RECEIVED', pix.gatewayId)
    for (const headers of [{}, { 'asaas-access-token': 'wrong-token-wrong-token-wrong-token-00' }]) {
      const denied = await t.app.inject({ method: 'POST', url, payload: body, headers })
      expect(denied.statusCode).toBe(401)
    }
    const unknownAccount = await t.app.inject({
      method: 'POST',
      url: `/api/payment/asaas/webhook/${crypto.randomUUID()}`,
      payload: body,
      headers: { 'asaas-access-token': WEBHOOK_TOKEN },
    })
    expect(unknownAccount.statusCode).toBe(401)
    await t.drain()
    expect(await statusOf(pix.transactionId)).toBe('PENDING')

    for (let i = 0; i < 2; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'asaas-access-token': WEBHOOK_TOKEN },
      })
      expect(ok.statusCode).toBe(200)
      await t.drain()
    }
    expect(await statusOf(pix.transactionId)).toBe('PAID')
    expect((await events(pix.transactionId)).filter((e) => e.status === 'PAID')).toHaveLength(1)
  })

  it('a forged event naming a payment of another account changes nothing', async () => {
    const a = await asaasStore()
    const b = await asaasStore()
    const pix = await paymentsService.createCharge(deps(), chargeRequest(a.storeId))
    fake.receive(pix.gatewayId)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/asaas/webhook/${b.accountId}`,
      payload: fake.webhookEvent('PAYMENT_RECEIVED', pix.gatewayId),
      headers: { 'asaas-access-token': WEBHOOK_TOKEN },
    })
    expect(res.statusCode).toBe(200)
    await t.drain()
    expect(await statusOf(pix.transactionId)).toBe('PENDING')
  })
})

describe('saved cards', () => {
  it('keeps the token after an approved card and charges it again with no card data', async () => {
    const { user, storeId } = await asaasStore()
    const req = chargeRequest(storeId, {
      method: 'CREDIT_CARD',
      card: CARD,
      customer: { ...chargeRequest(storeId).customer, ...holder },
      ip: '203.0.113.7',
    })
    expect((await paymentsService.createCharge(deps(), req)).status).toBe('PAID')
    const saved = await paymentsService.savedCardsOf(deps(), { storeId, buyerEmail: 'MARIA@example.com' })
    expect(saved).toMatchObject([{ last4: '1111', brand: 'visa', expMonth: 12, expYear: 2039, expiresAt: null }])

    const again = await paymentsService.chargeSavedCard(deps(), {
      storeId,
      cardId: saved[0]!.id,
      buyerEmail: 'maria@example.com',
      orderRef: `upsell-${crypto.randomUUID()}`,
      amountCents: 4_990,
      customer: req.customer,
      items: [{ title: 'Upsell', unitPriceCents: 4_990, quantity: 1, tangible: false, externalRef: 'u1' }],
    })
    expect(again).toMatchObject({ status: 'PAID', amountCents: 4_990 })
    const second = sent('/v3/payments').at(-1)!.body!
    expect(second.creditCardToken).toEqual(expect.any(String))
    expect(second.creditCard).toBeUndefined()
    expect(second.creditCardHolderInfo).toBeUndefined()

    const listed = await t.app.inject({
      url: `/api/stores/${storeId}/saved-cards?email=maria@example.com`,
      headers: user.headers,
    })
    expect(listed.json()).toHaveLength(1)
    expect(JSON.stringify(listed.json())).not.toContain('4111111111111111')
  })

  it("another store's or another buyer's card is 404", async () => {
    const a = await asaasStore()
    const b = await asaasStore()
    const req = chargeRequest(a.storeId, {
      method: 'CREDIT_CARD',
      card: CARD,
      customer: { ...chargeRequest(a.storeId).customer, ...holder },
      ip: '203.0.113.7',
    })
    await paymentsService.createCharge(deps(), req)
    const [card] = await paymentsService.savedCardsOf(deps(), { storeId: a.storeId, buyerEmail: 'maria@example.com' })
    const charge = (storeId: string, buyerEmail: string) =>
      paymentsService.chargeSavedCard(deps(), {
        storeId,
        cardId: card!.id,
        buyerEmail,
        orderRef: 'x',
        amountCents: 100,
        customer: req.customer,
        items: req.items,
      })
    await expect(charge(b.storeId, 'maria@example.com')).rejects.toMatchObject({ statusCode: 404 })
    await expect(charge(a.storeId, 'joao@example.com')).rejects.toMatchObject({ statusCode: 404 })

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${b.storeId}/saved-cards/${card!.id}`,
      headers: b.user.headers,
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe('Cartão salvo não encontrado')
    const otherOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${a.storeId}/saved-cards/${card!.id}`,
      headers: b.user.headers,
    })
    expect(otherOwner.statusCode).toBe(404)
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${a.storeId}/saved-cards/${card!.id}`,
      headers: a.user.headers,
    })
    expect(mine.statusCode).toBe(204)
  })
})
