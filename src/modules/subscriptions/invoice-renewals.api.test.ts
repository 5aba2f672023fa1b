/**
 * PIX and boleto renewal invoices (issue 36 review): the invoice sent at D-3 stays payable until the cycle's due date
 * (a checkout PIX lives 1 day: sent at D-3 it would be dead before the buyer's due date), and its one e-mail — the
 * 'pedido recebido' every PIX or boleto order gets — reads as the plan's renewal (plan, cycle, period, due date), not
 * as a new purchase. A first order keeps the ordinary text.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const { post, digitalOrder, sandbox } = orderingFixtures(() => t)
const { subscriptionShop, moveTo } = subscriptionFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const DAY = 86_400_000
const customer = (email: string) => ({ name: 'Maria Silva', email, phone: '(11) 98765-4321', cpf: '529.982.247-25' })

async function subscribeBy(s: Shop, planId: string, method: 'pix' | 'bank_slip', email: string) {
  const res = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(s, { planId, customer: customer(email), payment: { method } }),
  )
  expect(res.statusCode, res.body).toBe(200)
  await sandbox(res.json().paymentResult.gatewayId, 'pay')
  let id = ''
  await waitFor(async () => {
    const list = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions`, headers: s.owner.headers })
    id = list.json().items.find((i: { customerEmail: string }) => i.customerEmail === email)?.id ?? ''
    return Boolean(id)
  })
  return id
}

const mails = (email: string) =>
  t.runtime.db
    .selectFrom('email_mailbox')
    .select(['subject', 'html', 'text_body as text', 'kind'])
    .where('mail_to', 'like', `%${email}%`)
    .orderBy('created_at')
    .execute()

/** Cycle 2's order with its charge, as payments stored the gateway's answer. */
async function renewalCharge(subscriptionId: string) {
  const { rows } = await sql<{
    order_id: string
    pix_code: string | null
    boleto_line: string | null
    created_at: Date
    pix_expires_at: Date | null
    boleto_due_date: string | null
  }>`select o.id as order_id, o.pix_code, o.boleto_line, t.created_at, t.pix_expires_at,
       s.boleto_due_date::text as boleto_due_date
     from orders o join payment_transactions t on t.order_ref = o.id::text
     left join payment_sandbox_transactions s on s.metadata->>'paymentId' = t.id::text
     where o.subscription_id = ${subscriptionId} and o.cycle_number = 2`.execute(db())
  expect(rows).toHaveLength(1)
  return rows[0]!
}

/** São Paulo's calendar day `days` after `from`, as the sandbox writes a boleto's due date. */
const spDay = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })

describe('renewal invoices', () => {
  it('PIX sent at D-3: payable until the due date (3 days), e-mailed once as the renewal of the plan', async () => {
    const { s, planId } = await subscriptionShop({ name: 'Plano Mensal Leitura', methods: ['pix'] })
    const email = 'renova-pix@example.com'
    const id = await subscribeBy(s, planId, 'pix', email)
    await t.drain()
    await waitFor(async () => (await mails(email)).some((m) => m.kind === 'payment_approved'))
    const before = (await mails(email)).length
    // The first order's messages are the ordinary ones.
    expect((await mails(email)).filter((m) => m.subject.includes('Renovação'))).toEqual([])

    await moveTo(s, '2027-02-25T12:00:00.000Z')
    const charge = await renewalCharge(id)
    expect(charge.pix_code).toMatch(/^000201/)
    // Three days from its creation, not one: the due date is 28/02 at 12:00, three days after 25/02 at 12:00.
    const lifetime = charge.pix_expires_at!.getTime() - charge.created_at.getTime()
    expect(lifetime).toBeGreaterThanOrEqual(3 * DAY - 60_000)
    expect(lifetime).toBeLessThanOrEqual(3 * DAY + 60_000)

    await t.drain()
    await waitFor(async () => (await mails(email)).length > before)
    await t.drain()
    const sent = (await mails(email)).slice(before)
    // One e-mail for the renewal, not two: the order's own, worded as the plan's renewal.
    expect(sent.map((m) => m.kind)).toEqual(['order_received'])
    const mail = sent[0]!
    expect(mail.subject).toBe('Renovação da sua assinatura E-book (Plano Mensal Leitura) – vence em 28/02/2027')
    expect(mail.text).toContain('Renovação da sua assinatura')
    expect(mail.text).toContain('plano Plano Mensal Leitura')
    expect(mail.text).toContain('2º ciclo, de 28/02/2027 a 31/03/2027')
    expect(mail.text).toContain('Pague o PIX até 28/02/2027')
    expect(mail.text).not.toContain('Recebemos seu pedido')
    expect(mail.html).toContain(charge.pix_code!)
  })

  it('boleto sent at D-3: due with the cycle, not after the store’s own 7 days; e-mailed once as the renewal', async () => {
    const { s, planId } = await subscriptionShop({ name: 'Trimestral', intervalCount: 3, methods: ['bank_slip'] })
    const email = 'renova-boleto@example.com'
    const id = await subscribeBy(s, planId, 'bank_slip', email)
    await t.drain()
    await waitFor(async () => (await mails(email)).some((m) => m.kind === 'payment_approved'))
    const before = (await mails(email)).length
    // Cycle 2 is due 30/04 (31 Jan + 3 months, the anchor kept at the month's end); the invoice goes at D-3. The
    // store's own boletos last 7 days: the renewal's must fall due with the cycle, 3 days after it was sent (the
    // sandbox dates it from its own day, hence created_at).
    await sql`update payment_configs set boleto_expiration_days = 7 where store_id = ${s.storeId}`.execute(db())
    await moveTo(s, '2027-04-27T12:00:00.000Z')
    const charge = await renewalCharge(id)
    expect(charge.boleto_line).toBeTruthy()
    expect(charge.boleto_due_date).toBe(spDay(charge.created_at, 3))
    await t.drain()
    await waitFor(async () => (await mails(email)).length > before)
    await t.drain()
    const sent = (await mails(email)).slice(before)
    expect(sent.map((m) => m.kind)).toEqual(['order_received'])
    expect(sent[0]!.subject).toBe('Renovação da sua assinatura E-book (Trimestral) – vence em 30/04/2027')
    expect(sent[0]!.text).toContain('Pague o boleto até 30/04/2027')
    expect(sent[0]!.html).toContain(charge.boleto_line!)
  })
})
