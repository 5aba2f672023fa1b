/**
 * Hostile input on the payout routes: Asaas's transfer webhook (POST /api/affiliates/asaas/transfers/webhook) and the
 * admin's and partner's payout routes. A missing or wrong token, a NUL byte, a body that is not JSON or not an
 * object, a body too large, ids that are not ours (another Asaas account's transfer, an id that is no UUID) answer a
 * 4xx with a Portuguese message — never a 500 — and change no payout; the webhook's body is never believed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { controlledClock, DAY_MS } from '../../platform/clock'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { releaseDue } from '.'
import { affiliatesFixtures } from './affiliates-fixtures'

const PLATFORM_KEY = '$aact_platform_hostile_0001'
const OTHER_KEY = '$aact_someone_else_hostile_0001'
const WEBHOOK_TOKEN = 'whsec-platform-transfers-hostile-0001'
const WEBHOOK = '/api/affiliates/asaas/transfers/webhook'
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
  fake.setBalance(PLATFORM_KEY, 100_000)
  fake.setBalance(OTHER_KEY, 100_000)
})

const ordering = orderingFixtures(() => t)
const { db, setup, click, buy } = affiliatesFixtures(() => t, clock, ordering)
const payoutRow = (id: string) =>
  db().selectFrom('affiliate_payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** A payout approved and sent as a transfer (PROCESSING), with its transfer id. */
async function processing() {
  const { s, a, linkA } = await setup()
  const order = await buy(s, await click(linkA, new Date()))
  clock.set(new Date(Date.now() + 8 * DAY_MS))
  await releaseDue({ db: db(), clock })
  const asked = await t.send('POST', '/api/me/payouts', a, {
    amountCents: Math.round(order.totalCents * 0.3),
    pixKey: 'ana@example.com',
  })
  expect(asked.statusCode, asked.body).toBe(201)
  const payoutId = asked.json().data.id as string
  const approved = await t.send('POST', `/api/admin/affiliate-payouts/${payoutId}/approve`, admin, {})
  expect(approved.statusCode, approved.body).toBe(200)
  await waitFor(async () => (await payoutRow(payoutId)).transfer_id !== null)
  return { a, payoutId, transferId: (await payoutRow(payoutId)).transfer_id! }
}

type Answer = { statusCode: number; json(): { message?: unknown } }
/** A client error with a Portuguese message (the texts the error handler and the routes give). */
function refused(res: Answer, status: number, message?: string) {
  expect(res.statusCode).toBe(status)
  const body = res.json()
  expect(typeof body.message).toBe('string')
  if (message) expect(body.message).toBe(message)
  expect(body.message).not.toMatch(/internal|error|bad request|unexpected|payload too large/i)
}

const hook = (payload: string | object, headers: Record<string, string> = { 'asaas-access-token': WEBHOOK_TOKEN }) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

describe('the transfer webhook under hostile input', () => {
  it('a missing, wrong, or almost-right token is 401 and changes nothing, whatever the body claims', async () => {
    const { payoutId, transferId } = await processing()
    fake.completeTransfer(transferId)
    const event = { id: 'evt_hostile_1', event: 'TRANSFER_DONE', transfer: fake.transfer(transferId) }
    for (const headers of [
      {} as Record<string, string>,
      { 'asaas-access-token': '' },
      { 'asaas-access-token': 'wrong-token' },
      { 'asaas-access-token': `${WEBHOOK_TOKEN}x` },
      { 'asaas-access-token': WEBHOOK_TOKEN.slice(0, -1) },
      { 'asaas-access-token': WEBHOOK_TOKEN.toUpperCase() },
      { authorization: `Bearer ${WEBHOOK_TOKEN}` },
    ])
      refused(await hook(event, headers), 401, 'Token do webhook inválido')
    await t.drain()
    expect((await payoutRow(payoutId)).status).toBe('PROCESSING')
  })

  it('NUL bytes, broken JSON, a non-object body and a body too large are 4xx in Portuguese, never 500', async () => {
    refused(await hook({ id: 'evt_nul\u0000', event: 'TRANSFER_DONE', transfer: { id: 'tra\u0000x' } }), 400)
    refused(await hook('{"id": "evt_1", "event": '), 400, 'JSON inválido no corpo da requisição')
    refused(await hook('{"id": "evt_1"}}'), 400, 'JSON inválido no corpo da requisição')
    refused(await hook(''), 400)
    const big = JSON.stringify({ id: 'evt_big', event: 'TRANSFER_DONE', filler: 'x'.repeat(1_100_000) })
    refused(await hook(big), 413, 'Requisição muito grande')
    // Well-formed but not an event: acknowledged (Asaas would retry a 4xx forever) and nothing queued.
    for (const body of ['[]', '"TRANSFER_DONE"', '42', 'null', '{"event": {"$ne": 1}}']) {
      const res = await hook(body)
      expect(res.statusCode, `${body}: ${res.body}`).toBeLessThan(500)
    }
    // A broken body with a wrong token: the body is parsed before the handler, so it is the 400, never a 500.
    refused(await hook('{"id": ', { 'asaas-access-token': 'wrong' }), 400)
  })

  it('a transfer of another Asaas account, an unknown id, or a body claiming DONE change no payout', async () => {
    const { payoutId, transferId } = await processing()
    const other = await fetch(`${fake.url}/v3/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: OTHER_KEY },
      body: JSON.stringify({
        value: 10,
        pixAddressKey: 'mallory@example.com',
        pixAddressKeyType: 'EMAIL',
        externalReference: payoutId,
        operationType: 'PIX',
      }),
    })
    expect(other.status).toBe(200)
    const foreign = (await other.json()) as { id: string }
    fake.completeTransfer(foreign.id)
    for (const [i, transfer] of [
      fake.transfer(foreign.id),
      { id: 'tra_does_not_exist', status: 'DONE', externalReference: payoutId },
      { id: transferId, status: 'DONE', externalReference: payoutId },
      { id: 'x'.repeat(101), status: 'DONE' },
    ].entries())
      expect((await hook({ id: `evt_forged_${i}`, event: 'TRANSFER_DONE', transfer })).statusCode).toBe(200)
    await t.drain()
    // Our own transfer is still PENDING at Asaas: the re-read keeps the payout where it was.
    expect(await payoutRow(payoutId)).toMatchObject({ status: 'PROCESSING', transfer_id: transferId })
  })
})

describe('the payout routes under hostile input', () => {
  const decide = (id: string, action: string, body: object = {}) =>
    t.send('POST', `/api/admin/affiliate-payouts/${id}/${action}`, admin, body)

  it('ids that are no payout of ours, in any shape, are 404 (or 400 for a NUL) and decide nothing', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', `${'9'.repeat(40)}`, "1' or '1'='1"])
      for (const action of ['approve', 'pay'])
        refused(await decide(encodeURIComponent(id), action), 404, 'Saque não encontrado')
    refused(await decide('%00', 'approve'), 400)
    refused(await decide(crypto.randomUUID(), 'reject', { reason: 'Fraude' }), 404, 'Saque não encontrado')
  })

  it('bodies and queries with NUL, broken JSON, wrong types or too large are 4xx in Portuguese', async () => {
    const { a, payoutId } = await processing()
    const raw = (method: 'POST' | 'GET', url: string, user: TestUser, payload?: string) =>
      t.app.inject({ method, url, headers: { ...user.headers, 'content-type': 'application/json' }, payload })
    refused(await decide(payoutId, 'reject', { reason: 'Fraude\u0000' }), 400)
    refused(await decide(payoutId, 'reject', { reason: 42 }), 400)
    refused(await decide(payoutId, 'reject', {}), 400)
    refused(await raw('POST', `/api/admin/affiliate-payouts/${payoutId}/reject`, admin, '{"reason": "Fra'), 400)
    refused(
      await raw(
        'POST',
        `/api/admin/affiliate-payouts/${payoutId}/reject`,
        admin,
        JSON.stringify({ reason: 'y'.repeat(1_100_000) }),
      ),
      413,
      'Requisição muito grande',
    )
    refused(
      await decide(payoutId, 'reject', { reason: 'z'.repeat(301) }),
      400,
      'O motivo deve ter no máximo 300 caracteres',
    )
    for (const q of ['status=HACKED', 'limit=abc', 'limit=100000', 'offset=-1', 'status=%00'])
      refused(await raw('GET', `/api/admin/affiliate-payouts?${q}`, admin), 400)
    // The partner's side: a NUL in the PIX key, a string amount, broken JSON, a key too long.
    refused(await t.send('POST', '/api/me/payouts', a, { amountCents: 100, pixKey: 'ana\u0000@example.com' }), 400)
    refused(await t.send('POST', '/api/me/payouts', a, { amountCents: '100', pixKey: 'ana@example.com' }), 400)
    refused(await t.send('POST', '/api/me/payouts', a, { amountCents: 1.5, pixKey: 'ana@example.com' }), 400)
    refused(await raw('POST', '/api/me/payouts', a, '{"amountCents": 1'), 400, 'JSON inválido no corpo da requisição')
    refused(await t.send('POST', '/api/me/payouts', a, { amountCents: 100, pixKey: `${'a'.repeat(95)}@x.com` }), 400)
    refused(await raw('GET', '/api/me/payouts?limit=abc', a), 400)
    // Nothing of that touched the payout in transfer.
    expect((await payoutRow(payoutId)).status).toBe('PROCESSING')
  })
})
