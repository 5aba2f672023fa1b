/**
 * Payouts through the platform's Asaas account (issue 37 item 5): with PLATFORM_ASAAS_API_KEY set, an approved
 * payout is sent as a PIX transfer by the worker (PROCESSING), and Asaas's TRANSFER_DONE / TRANSFER_FAILED webhooks
 * (or the periodic read) end it PAID or FAILED — FAILED gives the amount back to the available balance. A payout is
 * transferred once whatever happens: double approval, retried jobs, a 503, an answer lost.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { AFFILIATE_MESSAGES } from '../../shared/affiliates'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { consistencyProblems, releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'
import { PAYOUT_TRANSFER_JOB, PAYOUT_TRANSFER_SWEEP_JOB } from './payout-transfers'

const PLATFORM_KEY = '$aact_platform_payouts_0001'
const WEBHOOK_TOKEN = 'whsec-platform-transfers-token-000001'
const clock = controlledClock()
let t: TestApp
let fake: FakeAsaas
let admin: TestUser
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({
    redis: false,
    moduleDeps: { clock },
    env: { ASAAS_API_URL: fake.url, PLATFORM_ASAAS_API_KEY: PLATFORM_KEY, PLATFORM_ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN },
  })
  admin = await t.login({ role: 'ADMIN' })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => {
  fake.failNext(503, 0)
  fake.setBalance(PLATFORM_KEY, 100_000)
})

const ordering = orderingFixtures(() => t)
const { db, get, setup, click, buy, balanceOf } = affiliatesFixtures(() => t, clock, ordering)
const WEBHOOK = '/api/affiliates/asaas/transfers/webhook'

/** An affiliate whose whole released commission was asked as a payout to `pixKey`. */
async function requested(pixKey = 'ana@example.com') {
  const { s, a, linkA } = await setup()
  const order = await buy(s, await click(linkA, new Date()))
  const share = Math.round(order.totalCents * 0.3)
  clock.set(new Date(Date.now() + 8 * DAY_MS))
  await releaseDue({ db: db(), clock })
  const res = await t.send('POST', '/api/me/payouts', a, { amountCents: share, pixKey })
  expect(res.statusCode, res.body).toBe(201)
  return { a, share, payoutId: res.json().data.id as string }
}

const approve = (id: string) => t.send('POST', `/api/admin/affiliate-payouts/${id}/approve`, admin, {})
const transfersFor = (payoutId: string) =>
  fake.transfersOf(PLATFORM_KEY).filter((x) => x.externalReference === payoutId) as {
    id: string
    value: number
    status: string
    bankAccount: { pixAddressKey: string; pixAddressKeyType: string }
  }[]
const payoutRow = (id: string) =>
  db().selectFrom('affiliate_payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const myPayout = async (a: TestUser, id: string) =>
  ((await get('/api/me/payouts', a)) as { id: string; status: string; failureReason: string | null }[]).find(
    (p) => p.id === id,
  )
/** A transfer event as Asaas POSTs it (the fake's transfer as it is now), through app.inject; then the worker's jobs. */
async function deliver(event: string, transferId: string, token: string | null = WEBHOOK_TOKEN, id?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: token ? { 'asaas-access-token': token } : {},
    payload: {
      id: id ?? `evt_${transferId.replaceAll('-', '')}&${event}`,
      event,
      dateCreated: '2026-11-28 12:00:00',
      transfer: fake.transfer(transferId),
    },
  })
  await t.drain()
  return res
}

/** An event naming a transfer id the fake does not have. */
async function deliverRaw(event: string, transferId: string) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'asaas-access-token': WEBHOOK_TOKEN },
    payload: { id: `evt_raw_${transferId}`, event, transfer: { id: transferId, status: 'DONE' } },
  })
}

/** Approved: the worker posts the transfer; its id is kept on the payout. */
async function approvedAndSent(payoutId: string) {
  const res = await approve(payoutId)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toMatchObject({
    data: { status: 'PROCESSING', transfer: { status: expect.any(String) } },
    message: AFFILIATE_MESSAGES.payoutTransferring,
  })
  await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
  const [sent] = transfersFor(payoutId)
  expect((await payoutRow(payoutId)).transfer_id).toBe(sent!.id)
  return sent!
}

describe('payouts by Asaas PIX transfer', () => {
  it('approve → transfer posted once with the PIX key and its type → TRANSFER_DONE → PAID, the PAYOUT entry stays', async () => {
    const { a, share, payoutId } = await requested('ana@example.com')
    const sent = await approvedAndSent(payoutId)
    expect(transfersFor(payoutId)).toHaveLength(1)
    expect(sent.value).toBe(share / 100)
    expect(sent.bankAccount).toEqual({ pixAddressKey: 'ana@example.com', pixAddressKeyType: 'EMAIL' })
    expect(await myPayout(a, payoutId)).toMatchObject({ status: 'PROCESSING' })
    const listed = (await get('/api/admin/affiliate-payouts?status=PROCESSING&limit=100', admin)) as {
      id: string
      transfer: { id: string; status: string }
    }[]
    expect(listed.find((p) => p.id === payoutId)?.transfer).toEqual({ id: sent.id, status: 'PENDING' })
    // A PROCESSING payout is the transfer's to end: no manual pay or refusal meanwhile.
    const pay = await t.send('POST', `/api/admin/affiliate-payouts/${payoutId}/pay`, admin, {})
    expect(pay.statusCode).toBe(409)
    expect(pay.json().message).toBe(AFFILIATE_MESSAGES.payoutInTransfer)

    fake.completeTransfer(sent.id)
    expect((await deliver('TRANSFER_DONE', sent.id, 'wrong-token-of-someone-else-00000001')).statusCode).toBe(401)
    expect((await deliver('TRANSFER_DONE', sent.id, null)).statusCode).toBe(401)
    expect((await payoutRow(payoutId)).status).toBe('PROCESSING')
    expect((await deliver('TRANSFER_DONE', sent.id)).statusCode).toBe(200)
    await waitFor(async () => (await payoutRow(payoutId)).status === 'PAID')
    expect((await payoutRow(payoutId)).transfer_status).toBe('DONE')
    // Asaas delivers at least once: the same event again changes nothing.
    expect((await deliver('TRANSFER_DONE', sent.id)).statusCode).toBe(200)
    expect(await balanceOf(a)).toMatchObject({ availableCents: 0, paidCents: share })
    expect(transfersFor(payoutId)).toHaveLength(1)
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])
  })

  it("approve → TRANSFER_FAILED → FAILED with Asaas's reason, the amount back in the available balance", async () => {
    const { a, share, payoutId } = await requested('+5511987654321')
    const sent = await approvedAndSent(payoutId)
    expect(sent.bankAccount).toEqual({ pixAddressKey: '+5511987654321', pixAddressKeyType: 'PHONE' })
    expect(await balanceOf(a)).toMatchObject({ availableCents: 0, paidCents: share })
    fake.failTransfer(sent.id, 'Chave Pix não encontrada')
    expect((await deliver('TRANSFER_FAILED', sent.id)).statusCode).toBe(200)
    await waitFor(async () => (await payoutRow(payoutId)).status === 'FAILED')
    expect(await myPayout(a, payoutId)).toMatchObject({ status: 'FAILED', failureReason: 'Chave Pix não encontrada' })
    expect(await balanceOf(a)).toMatchObject({ availableCents: share, paidCents: 0 })
    expect((await deliver('TRANSFER_FAILED', sent.id)).statusCode).toBe(200)
    expect(await balanceOf(a)).toMatchObject({ availableCents: share, paidCents: 0 })
    expect(Object.values(await consistencyProblems(db())).flat()).toEqual([])
    // The money is withdrawable again.
    const again = await t.send('POST', '/api/me/payouts', a, { amountCents: share, pixKey: 'ana@example.com' })
    expect(again.statusCode).toBe(201)
  })

  it('Asaas refusing the transfer (no balance) fails the payout at once and gives the amount back', async () => {
    fake.setBalance(PLATFORM_KEY, 0)
    const { a, share, payoutId } = await requested()
    expect((await approve(payoutId)).statusCode).toBe(200)
    await waitFor(async () => (await payoutRow(payoutId)).status === 'FAILED')
    expect((await myPayout(a, payoutId))?.failureReason).toBe('Saldo insuficiente para realizar a transferência.')
    expect(await balanceOf(a)).toMatchObject({ availableCents: share, paidCents: 0 })
    expect(transfersFor(payoutId)).toHaveLength(0)
  })

  it('double approval and retried jobs and sweeps: one transfer', async () => {
    const { payoutId } = await requested()
    const both = await Promise.all([approve(payoutId), approve(payoutId)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
    for (let i = 0; i < 3; i++) {
      await t.app.jobs.enqueue(PAYOUT_TRANSFER_JOB, { payoutId })
      await t.app.jobs.enqueue(PAYOUT_TRANSFER_SWEEP_JOB, {})
    }
    await t.drain()
    expect(transfersFor(payoutId)).toHaveLength(1)
    // The periodic read ends it without any webhook.
    fake.completeTransfer(transfersFor(payoutId)[0]!.id)
    await t.app.jobs.enqueue(PAYOUT_TRANSFER_SWEEP_JOB, {})
    await waitFor(async () => (await payoutRow(payoutId)).status === 'PAID')
    expect(transfersFor(payoutId)).toHaveLength(1)
  })

  it('a 503 from Asaas leaves the payout PROCESSING and retriable; the retry transfers it once', async () => {
    const { payoutId } = await requested()
    fake.failNext(503, 1)
    const before = fake.calls.length
    expect((await approve(payoutId)).statusCode).toBe(200)
    await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
    const posts = fake.calls.slice(before).filter((c) => c.method === 'POST' && c.path === '/v3/transfers')
    expect(posts.length).toBe(2)
    expect(transfersFor(payoutId)).toHaveLength(1)
    expect((await payoutRow(payoutId)).status).toBe('PROCESSING')
  })

  it('Asaas down for every try: still PROCESSING, nothing created, and the periodic read sends it later', async () => {
    const { payoutId } = await requested()
    fake.failNext(503, 1_000)
    expect((await approve(payoutId)).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => (await payoutRow(payoutId)).transfer_attempted_at === null)
    expect(await payoutRow(payoutId)).toMatchObject({ status: 'PROCESSING', transfer_id: null })
    expect(transfersFor(payoutId)).toHaveLength(0)
    fake.failNext(503, 0)
    await t.app.jobs.enqueue(PAYOUT_TRANSFER_SWEEP_JOB, {})
    await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
    expect(transfersFor(payoutId)).toHaveLength(1)
  })

  it('an answer lost after Asaas created the transfer: the retry finds it by externalReference, no second one', async () => {
    const { payoutId } = await requested()
    fake.failNext(503, 1_000)
    expect((await approve(payoutId)).statusCode).toBe(200)
    await t.drain()
    await waitFor(async () => (await payoutRow(payoutId)).transfer_attempted_at === null)
    fake.failNext(503, 0)
    // As if a worker's POST reached Asaas and the worker died before the answer: made there, unknown here.
    const made = await fetch(`${fake.url}/v3/transfers`, {
      method: 'POST',
      headers: { access_token: PLATFORM_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        value: 1,
        pixAddressKey: 'ana@example.com',
        pixAddressKeyType: 'EMAIL',
        externalReference: payoutId,
      }),
    })
    expect(made.status).toBe(200)
    await sql`update affiliate_payouts set transfer_attempted_at = now() - interval '5 minutes' where id = ${payoutId}`.execute(
      db(),
    )
    await t.app.jobs.enqueue(PAYOUT_TRANSFER_JOB, { payoutId })
    await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
    expect(transfersFor(payoutId)).toHaveLength(1)
    expect((await payoutRow(payoutId)).transfer_id).toBe(((await made.json()) as { id: string }).id)
  })

  it('a webhook naming a transfer that is not ours changes nothing', async () => {
    const made = await fetch(`${fake.url}/v3/transfers`, {
      method: 'POST',
      headers: { access_token: PLATFORM_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 1, pixAddressKey: 'x@example.com', pixAddressKeyType: 'EMAIL' }),
    })
    const { id } = (await made.json()) as { id: string }
    fake.completeTransfer(id)
    expect((await deliver('TRANSFER_DONE', id)).statusCode).toBe(200)
    expect(await db().selectFrom('affiliate_payouts').select('id').where('transfer_id', '=', id).execute()).toEqual([])
    // An id Asaas does not know (404 on the re-read): acknowledged, and its job ends without retrying.
    const calls = fake.calls.length
    expect((await deliverRaw('TRANSFER_DONE', '5f0c6a52-0d8b-4c41-9d2e-000000000000')).statusCode).toBe(200)
    await t.drain()
    expect(fake.calls.slice(calls).filter((c) => c.path.startsWith('/v3/transfers/'))).toHaveLength(1)
  })
})
