import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { paymentsService } from './index'
import { paymentsFixtures } from './payments-test-fixtures'

// A PENDING charge's expiry: planned by the sweep as a delayed job due at the expiry, never on the buyer's request.
// Embedded queue on the real PostgreSQL, so the planned jobs are rows the test reads.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

const { configuredStore, chargeRequest, events, statusOf } = paymentsFixtures(() => t)

describe('expiry', () => {
  const sweep = () =>
    paymentsService.sweepCharges({ ...t.app, log: t.app.log }, { olderThanMs: 86_400_000, planAheadMs: 120_000 })
  const expireJob = (transactionId: string) =>
    t.runtime.db.selectFrom('jobs').selectAll().where('id', '=', `expire-${transactionId}`).executeTakeFirst()
  const expiresIn = (transactionId: string, ms: number) =>
    t.runtime.db
      .updateTable('payment_transactions')
      .set({ expires_at: new Date(Date.now() + ms) })
      .where('id', '=', transactionId)
      .execute()

  it('writes no job when the charge is created; the sweep plans a delayed job due at the expiry, which expires it', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    const later = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    expect(await expireJob(charge.transactionId)).toBeUndefined()
    expect(new Date(charge.pixExpiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000)

    // The deadline comes within the sweep's window: the job is planned at it, once however many sweeps see it.
    await expiresIn(charge.transactionId, 90_000)
    await expiresIn(later.transactionId, 150_000)
    const { planned } = await sweep()
    expect(planned).toBeGreaterThanOrEqual(1)
    await sweep()
    const job = await expireJob(charge.transactionId)
    const { expires_at } = await t.runtime.db
      .selectFrom('payment_transactions')
      .select('expires_at')
      .where('id', '=', charge.transactionId)
      .executeTakeFirstOrThrow()
    expect(job?.status).toBe('waiting')
    expect(Math.abs(job!.run_at.getTime() - expires_at!.getTime())).toBeLessThan(1_000)
    expect(
      await t.runtime.db
        .selectFrom('jobs')
        .where('id', 'like', `expire-${charge.transactionId}%`)
        .select('id')
        .execute(),
    ).toHaveLength(1)
    expect(await expireJob(later.transactionId)).toBeUndefined()

    // Time passes: the deadline is now, the job runs.
    await expiresIn(charge.transactionId, -1000)
    await t.runtime.db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', job!.id).execute()
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('EXPIRED')
    expect(await statusOf(later.transactionId)).toBe('PENDING')
    expect((await events(charge.transactionId)).map((e) => [e.previousStatus, e.status])).toEqual([
      ['PENDING', 'EXPIRED'],
    ])
  })

  it('expires in the sweep a charge whose job never ran (the queue was down when it was due)', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    await expiresIn(charge.transactionId, -5 * 60_000)
    const swept = await sweep()
    expect(swept.expired).toBeGreaterThanOrEqual(1)
    expect(await expireJob(charge.transactionId)).toBeUndefined()
    expect(await statusOf(charge.transactionId)).toBe('EXPIRED')
    expect((await events(charge.transactionId)).map((e) => e.status)).toEqual(['EXPIRED'])
  })

  it('asks the gateway before expiring: a payment without a postback still counts', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    await t.runtime.db
      .updateTable('payment_sandbox_transactions')
      .set({ status: 'PAID', paid_at: new Date() })
      .where('id', '=', charge.gatewayId)
      .execute()
    await t.runtime.db
      .updateTable('payment_transactions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', charge.transactionId)
      .execute()
    await t.app.jobs.enqueue('payments.expire-transaction', { transactionId: charge.transactionId })
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('PAID')
    expect((await events(charge.transactionId)).map((e) => e.status)).toEqual(['PAID'])
  })

  it('leaves a transaction alone before its deadline', async () => {
    const { storeId } = await configuredStore()
    const charge = await paymentsService.createCharge(t.app, chargeRequest(storeId))
    await t.app.jobs.enqueue('payments.expire-transaction', { transactionId: charge.transactionId })
    await t.drain()
    expect(await statusOf(charge.transactionId)).toBe('PENDING')
  })
})
