import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { RECONCILE_JOB } from './reconcile'

let t: TestApp
beforeAll(async () => {
  // Asked from the first run on (production waits 2 minutes: the postback's own time to arrive).
  t = await createTestApp({ env: { RECONCILE_AFTER_MS: '0', RECONCILE_EVERY_MS: '60000' } })
})
afterAll(() => t.close())

async function pixOrder() {
  const { user, storeId } = await t.merchantWithStore()
  const product = await t.app.inject({
    method: 'POST',
    url: `/api/stores/${storeId}/products`,
    headers: user.headers,
    payload: { name: 'Curso', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/c.zip' },
  })
  await t.app.inject({
    method: 'POST',
    url: `/api/payment/ativo-pay/payment-config?storeId=${storeId}`,
    headers: user.headers,
    payload: { ativoPayApiKey: 'sk_sandbox_reconcile_0001' },
  })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-digital-order',
    payload: {
      storeId,
      productId: product.json().id,
      customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      payment: { method: 'pix' },
    },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { orderId: string; transactionId: string; paymentResult: { gatewayId: string } }
}

const orderStatus = async (id: string) =>
  (await t.runtime.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const charge = (id: string) =>
  t.runtime.db
    .selectFrom('payment_transactions')
    .select(['status', 'reconcile_attempts', 'reconcile_after'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const reconcile = () => t.runtime.jobs.run<{ asked: number; changed: number }>(RECONCILE_JOB, {}, { timeoutMs: 15_000 })

describe('reconciliation with the gateway', () => {
  it('finds a charge paid at the gateway whose postback never came, and pays its order', async () => {
    const order = await pixOrder()
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/pay?postback=0`,
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json().postback.delivered).toBe(false)
    await t.drain()
    expect(await orderStatus(order.orderId)).toBe('PENDING')

    const run = await reconcile()
    expect(run.changed).toBeGreaterThanOrEqual(1)
    expect((await charge(order.transactionId)).status).toBe('PAID')
    await t.drain()
    await waitFor(async () => (await orderStatus(order.orderId)) === 'PAID', 30_000)
  })

  it('asks about an unpaid charge once per backoff step, not on every run', async () => {
    const order = await pixOrder()
    await reconcile()
    const first = await charge(order.transactionId)
    expect(first).toMatchObject({ status: 'PENDING', reconcile_attempts: 1 })
    expect(first.reconcile_after!.getTime()).toBeGreaterThan(Date.now())
    // The next run comes before the charge's next ask: it is left alone.
    await reconcile()
    expect((await charge(order.transactionId)).reconcile_attempts).toBe(1)
  })
})
