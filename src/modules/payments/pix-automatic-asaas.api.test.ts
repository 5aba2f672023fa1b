import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saoPauloDay } from '../../shared/dates'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { paymentsService } from './index'

// PIX Automático on Asaas (the fake, from Asaas's reference): authorisation with the Journey 3 QR, the activation and
// the payer's revocation as webhooks (token checked, replay harmless), a recurring charge debited on its date.
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

const deps = () => ({ db: t.runtime.db, jobs: t.runtime.jobs, config: t.config })
const TOKEN = 'whsec-token-of-the-merchant-000000000002'
const customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: '52998224725' }
const day = (offset: number) => saoPauloDay(new Date(Date.now() + offset * 86_400_000))

async function asaasStore() {
  const m = await t.merchantWithStore()
  const res = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
    provider: 'asaas',
    label: 'Asaas',
    apiKey: '$aact_pix_automatico_0001',
    webhookToken: TOKEN,
    methods: ['pix'],
  })
  expect(res.statusCode).toBe(201)
  return { ...m, accountId: res.json().id as string }
}

async function statusOf(storeId: string, id: string) {
  return (await paymentsService.pixAuthorizationOf(deps(), { storeId, id })).status
}

describe('PIX Automático on Asaas', () => {
  it('creates the authorisation with its QR, activates and revokes it by webhook, and debits a recurring charge', async () => {
    const { storeId, accountId } = await asaasStore()
    const auth = await paymentsService.createPixAuthorization(deps(), {
      storeId,
      contractRef: 'sub-asaas-0001',
      description: 'Clube mensal',
      customer,
      frequency: 'MONTHLY',
      startDate: day(0),
      amountCents: 4990,
      firstAmountCents: 4990,
    })
    expect(auth.status).toBe('PENDING')
    expect(auth.qrcode).toContain('br.gov.bcb.pix')
    const created = fake.calls.find((c) => c.method === 'POST' && c.path === '/v3/pix/automatic/authorizations')!
    expect(created.body).toMatchObject({
      frequency: 'MONTHLY',
      contractId: 'sub-asaas-0001',
      value: 49.9,
      retryPolicy: 'ALLOW_THREE_IN_SEVEN_DAYS',
      paymentCreationMode: 'MANUAL',
      immediateQrCode: { originalValue: 49.9, expirationSeconds: 3600 },
    })

    const inject = (body: unknown, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payment/asaas/webhook/${accountId}`,
        payload: body as object,
        headers: token ? { 'asaas-access-token': token } : {},
      })
    fake.payAuthorizationQr(auth.gatewayId)
    const activated = {
      id: 'evt_pixaut_1',
      event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED',
      authorization: fake.authorization(auth.gatewayId),
    }
    expect((await inject(activated)).statusCode).toBe(401)
    await t.drain()
    expect(await statusOf(storeId, auth.id)).toBe('PENDING')
    expect((await inject(activated, TOKEN)).statusCode).toBe(200)
    await t.drain()
    expect(await statusOf(storeId, auth.id)).toBe('ACTIVE')

    const charge = await paymentsService.schedulePixCharge(deps(), {
      storeId,
      authorizationId: auth.id,
      amountCents: 4990,
      dueDate: day(5),
      externalRef: 'cycle-2',
    })
    expect(charge.status).toBe('SCHEDULED')
    const sent = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v3/payments').at(-1)!
    expect(sent.body).toMatchObject({
      billingType: 'PIX',
      value: 49.9,
      externalReference: 'cycle-2',
      pixAutomaticAuthorizationId: auth.gatewayId,
      dueDate: day(5),
    })
    fake.debit(charge.gatewayId!, true)
    const paid = fake.webhookEvent('PAYMENT_RECEIVED', charge.gatewayId!, 'evt_pixaut_2')
    for (let i = 0; i < 2; i++) expect((await inject(paid, TOKEN)).statusCode).toBe(200)
    await t.drain()
    expect((await paymentsService.pixChargeOf(deps(), { storeId, id: charge.id })).status).toBe('PAID')

    // A charge cancelled by the merchant is removed at Asaas.
    const next = await paymentsService.schedulePixCharge(deps(), {
      storeId,
      authorizationId: auth.id,
      amountCents: 4990,
      dueDate: day(6),
      externalRef: 'cycle-3',
    })
    expect((await paymentsService.cancelPixCharge(deps(), { storeId, id: next.id })).status).toBe('CANCELLED')
    expect(fake.payment(next.gatewayId!)?.deleted).toBe(true)

    // The payer revokes in the bank app; the replayed event changes nothing twice.
    fake.revokeAuthorization(auth.gatewayId)
    const revoked = {
      id: 'evt_pixaut_3',
      event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED',
      authorization: fake.authorization(auth.gatewayId),
    }
    for (let i = 0; i < 2; i++) expect((await inject(revoked, TOKEN)).statusCode).toBe(200)
    await t.drain()
    const after = await paymentsService.pixAuthorizationOf(deps(), { storeId, id: auth.id })
    expect(after).toMatchObject({ status: 'CANCELLED', cancelledBy: 'PAYER' })
    const events = await t.runtime.db
      .selectFrom('outbox')
      .select('payload')
      .where('event', '=', 'payment.pix_automatic.authorization_changed')
      .execute()
    const mine = events.map((e) => e.payload as Record<string, unknown>).filter((p) => p.authorizationId === auth.id)
    expect(mine.map((p) => [p.status, p.cancelledBy])).toEqual([
      ['ACTIVE', null],
      ['CANCELLED', 'PAYER'],
    ])
  })

  it('an event naming an authorisation of another account is ignored', async () => {
    const a = await asaasStore()
    const b = await asaasStore()
    const auth = await paymentsService.createPixAuthorization(deps(), {
      storeId: a.storeId,
      contractRef: 'sub-asaas-0002',
      description: 'Clube mensal',
      customer,
      frequency: 'MONTHLY',
      startDate: day(0),
      firstAmountCents: 1990,
    })
    fake.payAuthorizationQr(auth.gatewayId)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/asaas/webhook/${b.accountId}`,
      payload: {
        id: 'evt_pixaut_forged',
        event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED',
        authorization: { id: auth.gatewayId },
      },
      headers: { 'asaas-access-token': TOKEN },
    })
    expect(res.statusCode).toBe(200)
    await t.drain()
    expect(await statusOf(a.storeId, auth.id)).toBe('PENDING')
  })
})
