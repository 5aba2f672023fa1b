import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { hasValidCrc } from './brcode'
import { paymentsService } from './index'

// The production transport: gateway calls as BullMQ jobs on Redis, run by this process's worker.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('payments over BullMQ', () => {
  it('configures, checks health, charges a PIX and follows the sandbox payment to one event', async () => {
    expect(t.config.useRedis).toBe(true)
    const user = await t.login()
    const store = (
      await t.app.inject({ method: 'POST', url: '/api/stores', headers: user.headers, payload: { name: 'Loja' } })
    ).json()
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
      headers: user.headers,
      payload: { ativoPayApiKey: 'sk_sandbox_bullmq_0001' },
    })
    expect(saved.json().ativoPayActive).toBe(true)
    const health = await t.app.inject({
      url: `/api/payment/ativo-pay/health?storeId=${store.id}`,
      headers: user.headers,
    })
    expect(health.json().status).toBe('healthy')

    const charge = await paymentsService.createCharge(t.app, {
      storeId: store.id,
      orderRef: 'order-bullmq',
      amountCents: 4_200,
      method: 'PIX',
      customer: { name: 'Ana', email: 'ana@example.com', phone: '11987654321', document: '52998224725' },
      items: [{ title: 'Livro', unitPriceCents: 4_200, quantity: 1, tangible: true, externalRef: 'b1' }],
    })
    expect(charge.status).toBe('PENDING')
    expect(hasValidCrc(charge.pixCode!)).toBe(true)

    const pay = await t.app.inject({ method: 'POST', url: `/sandbox/ativopay/v1/transactions/${charge.gatewayId}/pay` })
    expect(pay.json().postback.delivered).toBe(true)
    await waitFor(async () => {
      const row = await t.runtime.db
        .selectFrom('payment_transactions')
        .select('status')
        .where('id', '=', charge.transactionId)
        .executeTakeFirstOrThrow()
      return row.status === 'PAID'
    })
    const events = await t.runtime.db
      .selectFrom('outbox')
      .select('payload')
      .where('event', '=', 'payment.status_changed')
      .where(sql<string>`payload->>'transactionId'`, '=', charge.transactionId)
      .execute()
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        orderRef: 'order-bullmq',
        status: 'PAID',
        previousStatus: 'PENDING',
        amountCents: 4_200,
      }),
    ])
  })
})
