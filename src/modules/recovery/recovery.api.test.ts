/** Issue 26: checkout sessions, reminders at the store's times, recovery links, opt-out, once per (session, step). */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { RETENTION_JOB, recoveryJobs } from './jobs'
import type { RecoveryEmail } from './messages'
import { runReminder } from './reminders'
import type { RemindJob } from './sessions'

let t: TestApp
beforeAll(async () => {
  // The embedded queue keeps its delayed jobs in a table the test can read.
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

const { card, post, shop, digitalOrder, sandbox } = orderingFixtures(() => t)
const MIN = 60_000

function report(s: Shop, sessionId: string, extra: Record<string, unknown> = {}) {
  return {
    sessionId,
    storeId: s.storeId,
    productId: s.digitalId,
    step: 1,
    fields: { customer: { name: 'Maria Silva', email: 'Maria@Example.com', phone: '(11) 98765-4321' } },
    consent: true,
    tracking: { utm_source: 'instagram' },
    ...extra,
  }
}

async function reported(s: Shop, extra: Record<string, unknown> = {}) {
  const id = randomUUID()
  const res = await post('/api/checkout/sessions', report(s, id, extra))
  expect(res.statusCode, res.body).toBe(204)
  return id
}

/** The reminder jobs scheduled for a session, by step. */
async function jobsOf(sessionId: string): Promise<Record<string, RemindJob & { runAt: Date }>> {
  const rows = await t.runtime.db
    .selectFrom('jobs')
    .select(['data', 'run_at'])
    .where('name', '=', 'recovery.remind')
    .execute()
  const mine = rows.filter((r) => (r.data as RemindJob).sessionId === sessionId)
  return Object.fromEntries(
    mine.map((r) => [(r.data as RemindJob).step, { ...(r.data as RemindJob), runAt: r.run_at }]),
  )
}

function mailer() {
  const sent: RecoveryEmail[] = []
  const deps = {
    db: t.runtime.db,
    jobs: t.runtime.jobs,
    config: t.config,
    log: t.runtime.log,
    send: async (m: RecoveryEmail) => {
      // a send that takes a moment, so two workers overlap
      await new Promise((r) => setTimeout(r, 30))
      sent.push(m)
    },
  }
  const at = (job: RemindJob, ms = 0) => runReminder(deps, job, new Date(new Date(job.dueAt).getTime() + ms))
  return { sent, deps, at }
}

const linkOf = (m: RecoveryEmail) => new URL(m.message.button?.url ?? '')

async function sessionRow(id: string) {
  return t.runtime.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('reminders', () => {
  it("sends 2 messages at the store's configured times, each once, with a one-click opt-out", async () => {
    const s = await shop()
    const settings = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${s.storeId}/recovery/settings`,
      headers: s.owner.headers,
      payload: { enabled: true, firstDelayMinutes: 45, secondDelayMinutes: 600 },
    })
    expect(settings.statusCode, settings.body).toBe(200)
    const id = await reported(s)
    // a second report (the next step) schedules nothing new
    expect((await post('/api/checkout/sessions', report(s, id, { step: 2 }))).statusCode).toBe(204)
    const row = await sessionRow(id)
    expect(row).toMatchObject({
      customer_email: 'maria@example.com',
      consent_text: 'Quero receber lembretes sobre esta compra',
    })
    const jobs = await jobsOf(id)
    expect(Object.keys(jobs).sort()).toEqual(['FIRST', 'SECOND'])
    expect(new Date(jobs.FIRST.dueAt).getTime() - row.scheduled_at!.getTime()).toBe(45 * MIN)
    expect(new Date(jobs.SECOND.dueAt).getTime() - row.scheduled_at!.getTime()).toBe(600 * MIN)
    // the queue holds them until then (not polled per row)
    expect(jobs.FIRST.runAt.getTime()).toBeGreaterThan(Date.now() + 40 * MIN)

    const { sent, at } = mailer()
    expect(await at(jobs.FIRST, -MIN)).toBe('early')
    expect(sent).toHaveLength(0)
    // two workers run the same due step at once: one message
    expect((await Promise.all([at(jobs.FIRST), at(jobs.FIRST)])).sort()).toEqual(['sent', 'taken'])
    expect(sent).toHaveLength(1)
    expect(await at(jobs.SECOND, -MIN)).toBe('early')
    expect(await at(jobs.SECOND)).toBe('sent')
    expect(await at(jobs.SECOND, 5 * MIN)).toBe('taken')
    expect(sent.map((m) => m.kind)).toEqual(['recovery.first', 'recovery.second'])
    expect(sent[0]).toMatchObject({ to: { email: 'maria@example.com', name: 'Maria Silva' }, storeId: s.storeId })
    expect(sent[0].listUnsubscribe).toMatch(/\/descadastro\?t=/)
    expect(JSON.stringify(sent[0])).not.toMatch(/4111|cvv/i)

    // the session became recoverable once, announced as checkout.abandoned
    const abandoned = await t.runtime.db
      .selectFrom('outbox')
      .select('payload')
      .where('event', '=', 'checkout.abandoned')
      .execute()
    expect(abandoned.filter((e) => (e.payload as { sessionId: string }).sessionId === id)).toHaveLength(1)

    const list = await t.app.inject({ url: `/api/stores/${s.storeId}/recovery`, headers: s.owner.headers })
    expect(list.statusCode).toBe(200)
    const [entry] = list.json()
    expect(entry).toMatchObject({
      id,
      email: 'maria@example.com',
      productName: 'E-book',
      utmSource: 'instagram',
      consent: true,
    })
    expect(entry.sent.map((m: { status: string }) => m.status)).toEqual(['SENT', 'SENT'])
    expect(entry.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/)
  })

  it('sends nothing without consent, nor after the payment', async () => {
    const s = await shop()
    const { sent, at } = mailer()
    const silent = await reported(s, { consent: false })
    expect(await at((await jobsOf(silent)).FIRST)).toBe('skipped')

    const paying = await reported(s)
    const order = await post('/api/checkout/create-digital-order', digitalOrder(s, { checkoutSessionId: paying }))
    expect(order.statusCode, order.body).toBe(200)
    await sandbox(order.json().paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await sessionRow(paying)).status === 'CONVERTED')
    expect(await at((await jobsOf(paying)).FIRST)).toBe('skipped')
    expect(await at((await jobsOf(paying)).SECOND)).toBe('skipped')
    expect(sent).toHaveLength(0)
    const reasons = await t.runtime.db
      .selectFrom('recovery_messages')
      .select('reason')
      .where('session_id', '=', paying)
      .execute()
    expect(reasons.map((r) => r.reason)).toEqual(['paid', 'paid'])
    const list = (await t.app.inject({ url: `/api/stores/${s.storeId}/recovery`, headers: s.owner.headers })).json()
    // a paid session is no longer listed; a non-consenting one is, without a WhatsApp button
    expect(list.map((e: { id: string }) => e.id)).toEqual([silent])
    expect(list[0].whatsappUrl).toBeNull()
  })

  it('restores the bumps and the coupon of the last report, never card data', async () => {
    const s = await shop()
    const { sent, at } = mailer()
    const bumpId = randomUUID()
    const id = await reported(s)
    // a later report of the same session: a bump added and a coupon applied on the page
    const later = await post(
      '/api/checkout/sessions',
      report(s, id, {
        step: 2,
        fields: {
          customer: { name: 'Maria Silva', email: 'maria@example.com' },
          orderBumps: [bumpId],
          coupon: 'VOLTA10',
          cardNumber: '4111111111111111',
        },
      }),
    )
    expect(later.statusCode, later.body).toBe(204)
    await at((await jobsOf(id)).FIRST)
    const token = linkOf(sent[0]).searchParams.get('recuperar') ?? ''
    const restored = await t.app.inject({
      url: `/api/checkout/recovery/${s.storeId}?token=${encodeURIComponent(token)}`,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    const body = restored.json()
    expect(body).toMatchObject({ sessionId: id, fields: { orderBumps: [bumpId], coupon: 'VOLTA10' } })
    expect(restored.body).not.toContain('4111')
  })

  it('restores the step the buyer reached and the address, never the CPF (issue 33)', async () => {
    const s = await shop()
    const { sent, at } = mailer()
    const address = {
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: 'ap 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      method: s.optionId,
    }
    const id = randomUUID()
    const reportedAt3 = await post('/api/checkout/sessions', {
      ...report(s, id),
      productId: s.physicalId,
      step: 3,
      fields: {
        customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '52998224725' },
        shipping: address,
      },
    })
    expect(reportedAt3.statusCode, reportedAt3.body).toBe(204)
    // a row written before the schema dropped unknown fields: whatever else it holds stays on the server
    const row = await sessionRow(id)
    await t.runtime.db
      .updateTable('checkout_sessions')
      .set({ fields: JSON.stringify({ ...row.fields, customer: { ...row.fields.customer, cpf: '52998224725' } }) })
      .where('id', '=', id)
      .execute()
    await at((await jobsOf(id)).FIRST)
    const link = linkOf(sent[0])
    expect(link.pathname).toBe(`/checkout/${s.storeId}/${s.physicalId}`)
    const restored = await t.app.inject({
      url: `/api/checkout/recovery/${s.storeId}?token=${encodeURIComponent(link.searchParams.get('recuperar') ?? '')}`,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual({
      sessionId: id,
      productId: s.physicalId,
      step: 3,
      fields: {
        customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321' },
        shipping: address,
      },
    })
    expect(restored.body).not.toContain('52998224725')
  })

  it('restores the fields from the link, and the order placed through it counts as recovered', async () => {
    const s = await shop()
    const { sent, at } = mailer()
    const id = await reported(s)
    await at((await jobsOf(id)).FIRST)
    const link = linkOf(sent[0])
    expect(link.pathname).toBe(`/digital-checkout/${s.storeId}/${s.digitalId}`)
    const token = link.searchParams.get('recuperar') ?? ''

    const restored = await t.app.inject({
      url: `/api/checkout/recovery/${s.storeId}?token=${encodeURIComponent(token)}`,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toMatchObject({
      sessionId: id,
      productId: s.digitalId,
      fields: { customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321' } },
    })
    // forged, or for another store: 404
    const other = await shop()
    for (const url of [
      `/api/checkout/recovery/${s.storeId}?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`,
      `/api/checkout/recovery/${other.storeId}?token=${encodeURIComponent(token)}`,
    ])
      expect((await t.app.inject({ url })).statusCode).toBe(404)

    const order = await post('/api/checkout/create-digital-order', digitalOrder(s, { checkoutSessionId: id }))
    expect(order.statusCode).toBe(200)
    await sandbox(order.json().paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await sessionRow(id)).status === 'CONVERTED')
    const summary = (
      await t.app.inject({ url: `/api/stores/${s.storeId}/recovery/summary`, headers: s.owner.headers })
    ).json()
    expect(summary).toMatchObject({ recoveredOrders: 1, recoveredRevenue: 49.9 })
    expect(summary.kinds.find((k: { kind: string }) => k.kind === 'ABANDONED')).toMatchObject({
      sessions: 1,
      recoveredOrders: 1,
      rate: 100,
    })
    const [entry] = (await t.app.inject({ url: `/api/stores/${s.storeId}/recovery`, headers: s.owner.headers })).json()
    expect(entry).toMatchObject({ id, recovered: true, recoveredValue: 49.9 })
    // the link of a paid session no longer restores anything
    expect(
      (await t.app.inject({ url: `/api/checkout/recovery/${s.storeId}?token=${encodeURIComponent(token)}` }))
        .statusCode,
    ).toBe(404)
    // another merchant's recovery list is 404
    expect(
      (await t.app.inject({ url: `/api/stores/${s.storeId}/recovery`, headers: other.owner.headers })).statusCode,
    ).toBe(404)
  })

  it('opts out in one click: that store never writes to the e-mail again', async () => {
    const s = await shop()
    const { sent, at } = mailer()
    const id = await reported(s)
    const jobs = await jobsOf(id)
    await at(jobs.FIRST)
    const unsubscribe = new URL(sent[0].listUnsubscribe)
    const page = await t.app.inject({ url: unsubscribe.pathname + unsubscribe.search })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<form method="post"')
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await at(jobs.SECOND)).toBe('skipped')
    // a new checkout of the same buyer at that store: still nothing
    const again = await reported(s)
    expect(await at((await jobsOf(again)).FIRST)).toBe('skipped')
    expect(sent).toHaveLength(1)
    const forged = await t.app.inject({ method: 'POST', url: '/descadastro?t=abc.def' })
    expect(forged.statusCode).toBe(404)
  })

  it('gives a refused card its own message', async () => {
    const s = await shop()
    const id = await reported(s)
    const refused = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { checkoutSessionId: id, payment: { ...card, cardNumber: SANDBOX_CARDS.refused } }),
    )
    expect(refused.statusCode).toBe(422)
    await waitFor(async () => (await sessionRow(id)).kind === 'REFUSED')
    const jobs = await jobsOf(id)
    const { sent, at } = mailer()
    expect(await at(jobs.FIRST)).toBe('skipped')
    expect(await at(jobs.REFUSED)).toBe('sent')
    expect(sent[0].subject).toBe('Seu pagamento não foi aprovado')
    const [entry] = (await t.app.inject({ url: `/api/stores/${s.storeId}/recovery`, headers: s.owner.headers })).json()
    expect(entry.kind).toBe('REFUSED')
  })
})

describe('bad input and data', () => {
  it("refuses another store's product, an invalid e-mail, a rebound session and more than a human rate", async () => {
    const s = await shop()
    const other = await shop()
    const id = randomUUID()
    expect((await post('/api/checkout/sessions', { ...report(s, id), storeId: other.storeId })).statusCode).toBe(404)
    const badEmail = await post(
      '/api/checkout/sessions',
      report(s, id, { fields: { customer: { email: 'maria@', phone: '' } } }),
    )
    expect(badEmail.statusCode).toBe(400)
    expect((await post('/api/checkout/sessions', report(s, id))).statusCode).toBe(204)
    expect((await post('/api/checkout/sessions', { ...report(s, id), productId: s.physicalId })).statusCode).toBe(404)
    const card = await post('/api/checkout/sessions', {
      ...report(s, id),
      fields: { customer: { email: 'maria@example.com' }, cardNumber: '4111111111111111' },
    })
    expect(card.statusCode).toBe(204)
    expect(JSON.stringify((await sessionRow(id)).fields)).not.toContain('4111')
    const codes: number[] = []
    for (let i = 0; i < 40; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/checkout/sessions',
            payload: report(s, id),
            remoteAddress: '10.9.8.7',
          })
        ).statusCode,
      )
    expect(codes).toContain(429)
  })

  it("deletes never-converted sessions' contacts after 90 days and keeps the opt-out", async () => {
    const s = await shop()
    const old = await reported(s)
    const recent = await reported(s)
    await t.runtime.db
      .updateTable('checkout_sessions')
      .set({ created_at: new Date(Date.now() - 91 * 24 * 3600_000) })
      .where('id', '=', old)
      .execute()
    await t.runtime.db.insertInto('recovery_opt_outs').values({ store_id: s.storeId, email: 'x@example.com' }).execute()
    const job = recoveryJobs().find((j) => j.name === RETENTION_JOB)!
    await job.handler(
      {},
      { db: t.runtime.db, config: t.config, log: t.runtime.log, jobs: t.runtime.jobs, jobId: 'r', attempt: 1 },
    )
    const left = await t.runtime.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('store_id', '=', s.storeId)
      .execute()
    expect(left.map((r) => r.id)).toEqual([recent])
    expect(
      await t.runtime.db.selectFrom('recovery_opt_outs').selectAll().where('store_id', '=', s.storeId).execute(),
    ).toHaveLength(1)
  })
})
