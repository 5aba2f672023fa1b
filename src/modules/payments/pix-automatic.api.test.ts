import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { paymentsService } from './index'

// PIX Automático on the built-in sandbox (Journey 3), time moved by the controlled clock, never by sleeping.
let t: TestApp
const clock = controlledClock(new Date('2027-01-04T15:00:00Z'))
beforeAll(async () => {
  t = await createTestApp({ redis: false, clock })
})
afterAll(async () => {
  await t.close()
})

const deps = () => ({ db: t.runtime.db, jobs: t.runtime.jobs, config: t.config })
const customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: '52998224725' }

async function sandboxStore() {
  const m = await t.merchantWithStore()
  const res = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
    provider: 'sandbox',
    label: 'Sandbox',
    apiKey: `sk_sandbox_pixaut_${crypto.randomUUID().slice(0, 8)}`,
    methods: ['pix'],
  })
  expect(res.statusCode).toBe(201)
  return m
}

async function authorize(storeId: string, over: Record<string, unknown> = {}) {
  return paymentsService.createPixAuthorization(deps(), {
    storeId,
    contractRef: `sub-${crypto.randomUUID().slice(0, 8)}`,
    description: 'Clube do Livro mensal',
    customer,
    frequency: 'MONTHLY',
    startDate: '2027-01-04',
    amountCents: 4990,
    firstAmountCents: 4990,
    now: clock.now(),
    ...over,
  })
}

const simulate = (gatewayId: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/sandbox/pix-automatic/authorizations/${gatewayId}/${action}` })

async function eventsOf(name: string, key: string, id: string) {
  const rows = await t.runtime.db
    .selectFrom('outbox')
    .select('payload')
    .where('event', '=', name)
    .where(sql<string>`payload->>${key}`, '=', id)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => r.payload as Record<string, unknown>)
}

describe('PIX Automático on the sandbox', () => {
  it('QR pays the first charge and grants the mandate; charges in D-10..D-2 settle on their date; revocation stops them', async () => {
    const m = await sandboxStore()
    const auth = await authorize(m.storeId)
    expect(auth).toMatchObject({ status: 'PENDING', firstAmountCents: 4990, amountCents: 4990 })
    expect(auth.qrcode).toMatch(/^000201/)
    // Nothing can be scheduled before the QR is paid.
    await expect(
      paymentsService.schedulePixCharge(deps(), {
        storeId: m.storeId,
        authorizationId: auth.id,
        amountCents: 4990,
        dueDate: '2027-02-04',
        externalRef: 'cycle-2',
        now: clock.now(),
      }),
    ).rejects.toMatchObject({ statusCode: 409 })

    expect((await simulate(auth.gatewayId, 'pay')).statusCode).toBe(200)
    const active = await paymentsService.pixAuthorizationOf(deps(), { storeId: m.storeId, id: auth.id })
    expect(active.status).toBe('ACTIVE')
    expect(active.firstPaidAt).not.toBeNull()
    const changes = await eventsOf('payment.pix_automatic.authorization_changed', 'authorizationId', auth.id)
    expect(changes).toEqual([expect.objectContaining({ status: 'ACTIVE', previousStatus: 'PENDING' })])

    // Window: due 2027-02-04 may be sent from 01-25 (D-10) to 02-02 (D-2); today is 01-04.
    const schedule = (dueDate: string, externalRef = 'cycle-2') =>
      paymentsService.schedulePixCharge(deps(), {
        storeId: m.storeId,
        authorizationId: auth.id,
        amountCents: 4990,
        dueDate,
        externalRef,
        now: clock.now(),
      })
    await expect(schedule('2027-02-04')).rejects.toMatchObject({ statusCode: 422 })
    clock.set(new Date('2027-01-25T15:00:00Z'))
    await expect(schedule('2027-01-26', 'too-late')).rejects.toMatchObject({ statusCode: 422 })
    await expect(
      paymentsService.schedulePixCharge(deps(), {
        storeId: m.storeId,
        authorizationId: auth.id,
        amountCents: 5990,
        dueDate: '2027-02-04',
        externalRef: 'cycle-2',
        now: clock.now(),
      }),
    ).rejects.toMatchObject({ statusCode: 422 })
    const charge = await schedule('2027-02-04')
    expect(charge).toMatchObject({ status: 'SCHEDULED', retry: 0, dueDate: '2027-02-04' })
    // The same reference again is the same charge, not a second debit.
    expect((await schedule('2027-02-04')).id).toBe(charge.id)

    // Not due yet: nothing settles.
    clock.set(new Date('2027-02-03T15:00:00Z'))
    await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })
    expect((await paymentsService.pixChargeOf(deps(), { storeId: m.storeId, id: charge.id })).status).toBe('SCHEDULED')
    clock.advance(DAY_MS)
    expect(await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })).toMatchObject({ settled: 1 })
    expect((await paymentsService.pixChargeOf(deps(), { storeId: m.storeId, id: charge.id })).status).toBe('PAID')
    expect(await eventsOf('payment.pix_automatic.charge_changed', 'chargeId', charge.id)).toEqual([
      expect.objectContaining({
        status: 'PAID',
        previousStatus: 'SCHEDULED',
        externalRef: 'cycle-2',
        amountCents: 4990,
      }),
    ])

    // Next cycle scheduled, then the payer revokes in the bank app: the charge is never debited.
    clock.set(new Date('2027-02-25T15:00:00Z'))
    const third = await schedule('2027-03-04', 'cycle-3')
    expect((await simulate(auth.gatewayId, 'revoke')).statusCode).toBe(200)
    const revoked = await eventsOf('payment.pix_automatic.authorization_changed', 'authorizationId', auth.id)
    expect(revoked.at(-1)).toMatchObject({ status: 'CANCELLED', cancelledBy: 'PAYER', contractRef: auth.contractRef })
    clock.set(new Date('2027-03-05T15:00:00Z'))
    await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })
    const sandboxThird = await t.runtime.db
      .selectFrom('payment_sandbox_pix_charges')
      .select('status')
      .where('id', '=', third.gatewayId!)
      .executeTakeFirstOrThrow()
    expect(sandboxThird.status).toBe('CANCELLED')
    await expect(schedule('2027-04-04', 'cycle-4')).rejects.toMatchObject({ statusCode: 409 })
    // A second revocation changes nothing twice.
    expect((await simulate(auth.gatewayId, 'revoke')).statusCode).toBe(409)
    expect(await eventsOf('payment.pix_automatic.authorization_changed', 'authorizationId', auth.id)).toHaveLength(2)
  })

  it('a failed debit is retried at most 3 times within 7 days of its due date', async () => {
    clock.set(new Date('2027-05-01T15:00:00Z'))
    const m = await sandboxStore()
    const auth = await authorize(m.storeId, { amountCents: undefined, startDate: '2027-05-01' })
    await simulate(auth.gatewayId, 'pay')
    await simulate(auth.gatewayId, 'insufficient-funds')
    const first = await paymentsService.schedulePixCharge(deps(), {
      storeId: m.storeId,
      authorizationId: auth.id,
      amountCents: 3990,
      dueDate: '2027-05-10',
      externalRef: 'cycle-2',
      now: clock.now(),
    })
    clock.set(new Date('2027-05-10T15:00:00Z'))
    await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })
    let failed = await paymentsService.pixChargeOf(deps(), { storeId: m.storeId, id: first.id })
    expect(failed.status).toBe('FAILED')
    const retry = (chargeId: string, dueDate: string) =>
      paymentsService.retryPixCharge(deps(), { storeId: m.storeId, chargeId, dueDate, now: clock.now() })
    // Past the 7 days, or today: refused.
    await expect(retry(first.id, '2027-05-18')).rejects.toMatchObject({ statusCode: 422 })
    await expect(retry(first.id, '2027-05-10')).rejects.toMatchObject({ statusCode: 422 })
    for (const [n, due] of [
      [1, '2027-05-11'],
      [2, '2027-05-12'],
      [3, '2027-05-13'],
    ] as const) {
      const r = await retry(failed.id, due)
      expect(r.retry).toBe(n)
      expect((await retry(failed.id, due)).id).toBe(r.id)
      clock.set(new Date(`${due}T15:00:00Z`))
      await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })
      failed = await paymentsService.pixChargeOf(deps(), { storeId: m.storeId, id: r.id })
      expect(failed.status).toBe('FAILED')
    }
    await expect(retry(failed.id, '2027-05-15')).rejects.toMatchObject({ statusCode: 422 })
  })

  it('another store never reads nor schedules on an authorisation; a store without PIX Automático gets 422', async () => {
    clock.set(new Date('2027-06-01T15:00:00Z'))
    const m = await sandboxStore()
    const other = await sandboxStore()
    const auth = await authorize(m.storeId, { startDate: '2027-06-01' })
    await expect(
      paymentsService.pixAuthorizationOf(deps(), { storeId: other.storeId, id: auth.id }),
    ).rejects.toMatchObject({ statusCode: 404 })
    await expect(
      paymentsService.cancelPixAuthorization(deps(), { storeId: other.storeId, id: auth.id }),
    ).rejects.toMatchObject({ statusCode: 404 })
    const bare = await t.merchantWithStore()
    await expect(authorize(bare.storeId)).rejects.toMatchObject({ statusCode: 422 })
    await expect(authorize(m.storeId, { contractRef: 'x'.repeat(36) })).rejects.toMatchObject({ statusCode: 400 })
    // The merchant cancels: CANCELLED by RECEIVER, once.
    await simulate(auth.gatewayId, 'pay')
    const cancelled = await paymentsService.cancelPixAuthorization(deps(), { storeId: m.storeId, id: auth.id })
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledBy: 'RECEIVER' })
    await paymentsService.cancelPixAuthorization(deps(), { storeId: m.storeId, id: auth.id })
    const changes = await eventsOf('payment.pix_automatic.authorization_changed', 'authorizationId', auth.id)
    expect(changes.map((e) => e.status)).toEqual(['ACTIVE', 'CANCELLED'])
  })

  it('an unpaid QR expires: the clock sweep re-reads it and announces EXPIRED', async () => {
    clock.set(new Date('2027-07-01T15:00:00Z'))
    const m = await sandboxStore()
    const auth = await authorize(m.storeId, { startDate: '2027-07-01', expiresInSeconds: 3600 })
    clock.advance(2 * 3600_000)
    await paymentsService.advancePixAutomatic(deps(), { now: clock.now() })
    expect((await paymentsService.pixAuthorizationOf(deps(), { storeId: m.storeId, id: auth.id })).status).toBe(
      'EXPIRED',
    )
    expect((await simulate(auth.gatewayId, 'pay')).statusCode).toBe(409)
  })
})
