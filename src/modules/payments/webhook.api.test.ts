import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { paymentsService } from './index'
import { PAYMENTS_BASE, paymentsFixtures } from './payments-test-fixtures'

// The gateway's postbacks: each one only makes us ask the gateway (never believe the body), and a payment lands once.
// Embedded queue on the real PostgreSQL: t.drain() waits for the asynchronous re-read.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

const { configuredStore, chargeRequest, events, statusOf } = paymentsFixtures(() => t)

const postback = (gatewayId: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${PAYMENTS_BASE}/webhook/callback`,
    payload: { id: crypto.randomUUID(), type: 'transaction', objectId: gatewayId, ...extra },
  })

describe('webhook', () => {
  it('a sandbox payment produces exactly one payment.status_changed, even with duplicate postbacks', async () => {
    const { storeId } = await configuredStore()
    const req = chargeRequest(storeId)
    const charge = await paymentsService.createCharge(t.app, req)
    const pay = await t.app.inject({ method: 'POST', url: `/sandbox/ativopay/v1/transactions/${charge.gatewayId}/pay` })
    expect(pay.statusCode).toBe(200)
    expect(pay.json().postback).toEqual({ delivered: true, statusCode: 200 })
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('PAID')
    for (let i = 0; i < 3; i++) expect((await postback(charge.gatewayId)).statusCode).toBe(200)
    await t.drain()
    const evs = await events(charge.transactionId)
    expect(evs).toEqual([
      {
        purpose: 'ORDER',
        transactionId: charge.transactionId,
        gatewayId: charge.gatewayId,
        storeId,
        orderRef: req.orderRef,
        status: 'PAID',
        previousStatus: 'PENDING',
        amountCents: 15_990,
        method: 'PIX',
        chargedBack: false,
      },
    ])
    // Paying twice at the gateway is refused by the sandbox.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/sandbox/ativopay/v1/transactions/${charge.gatewayId}/pay`,
    })
    expect(twice.statusCode).toBe(409)
  })

  it('a forged postback changes nothing: the gateway is asked, not believed', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    const forged = await postback(charge.gatewayId, {
      data: { id: charge.gatewayId, status: 'PAID', amount: 15_990, paymentMethod: 'PIX' },
    })
    expect(forged.statusCode).toBe(200)
    expect(forged.json()).toEqual({ received: true })
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('PENDING')
    expect(await events(charge.transactionId)).toEqual([])
    // Unknown ids and garbage are acknowledged and ignored.
    expect((await postback('does-not-exist')).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'POST', url: `${PAYMENTS_BASE}/webhook/callback`, payload: { hello: 1 } }))
        .statusCode,
    ).toBe(200)
    await t.drain()
  })

  it('ignores a payment whose amount differs from the charge', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    await t.runtime.db
      .updateTable('payment_sandbox_transactions')
      .set({ status: 'PAID', amount: 100, paid_at: new Date() })
      .where('id', '=', charge.gatewayId)
      .execute()
    await postback(charge.gatewayId)
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('PENDING')
    expect(await events(charge.transactionId)).toEqual([])
  })

  it('follows refusal and expiry at the gateway', async () => {
    const { storeId } = await configuredStore()
    const a = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    const b = await paymentsService.createCharge(t.app, chargeRequest(storeId, { method: 'BOLETO' }))
    await t.app.inject({ method: 'POST', url: `/sandbox/ativopay/v1/transactions/${a.gatewayId}/expire` })
    await t.app.inject({ method: 'POST', url: `/sandbox/ativopay/v1/transactions/${b.gatewayId}/refuse` })
    await t.drain()
    expect(await statusOf(a.transactionId)).toBe('EXPIRED')
    expect(await statusOf(b.transactionId)).toBe('REFUSED')
    expect((await events(a.transactionId)).map((e) => e.status)).toEqual(['EXPIRED'])
  })
})
