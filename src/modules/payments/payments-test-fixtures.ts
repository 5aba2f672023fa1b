import { sql } from 'kysely'
import { expect } from 'vitest'
import type { TestApp, TestUser } from '../../testing/test-app'
import type { ChargeRequest } from './index'

export const SANDBOX_KEY = 'sk_sandbox_merchant_key_0001'
export const PAYMENTS_BASE = '/api/payment/ativo-pay'

/**
 * What the payments API tests share: a merchant's store with the sandbox key, a PIX charge request, and what a charge
 * left behind (its status, its outbox events). `app()` is read at each call: the test file creates its app in beforeAll.
 */
export function paymentsFixtures(app: () => TestApp) {
  async function configure(user: TestUser, storeId: string, body: Record<string, unknown> = {}) {
    return app().app.inject({
      method: 'POST',
      url: `${PAYMENTS_BASE}/payment-config?storeId=${storeId}`,
      headers: user.headers,
      payload: { ativoPayApiKey: SANDBOX_KEY, ...body },
    })
  }

  async function configuredStore() {
    const m = await app().merchantWithStore()
    expect((await configure(m.user, m.storeId)).statusCode).toBe(200)
    return m
  }

  function chargeRequest(storeId: string, over: Partial<ChargeRequest> = {}): ChargeRequest {
    return {
      storeId,
      orderRef: `order-${crypto.randomUUID()}`,
      amountCents: 15_990,
      method: 'PIX',
      customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: '52998224725' },
      items: [{ title: 'Camiseta', unitPriceCents: 15_990, quantity: 1, tangible: true, externalRef: 'p1' }],
      ...over,
    }
  }

  /** The payment.status_changed payloads of a transaction, oldest first. */
  async function events(transactionId: string) {
    const rows = await app()
      .runtime.db.selectFrom('outbox')
      .select('payload')
      .where('event', '=', 'payment.status_changed')
      .where(sql<string>`payload->>'transactionId'`, '=', transactionId)
      .orderBy('created_at')
      .execute()
    return rows.map((r) => r.payload as Record<string, unknown>)
  }

  async function statusOf(id: string) {
    const row = await app()
      .runtime.db.selectFrom('payment_transactions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    return row.status
  }

  return { configure, configuredStore, chargeRequest, events, statusOf }
}
