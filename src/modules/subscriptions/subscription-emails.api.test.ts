/**
 * The buyer's subscription e-mails and the buyer area's list (issue 36), read from the platform's mailbox (no SMTP
 * here, as the buyer-area tests do): a refused renewal mails 'Atualizar cartão' with a working self-service link, a
 * cancellation mails once, a yearly plan's renewal is announced RENEWAL_NOTICE_DAYS before, once; the signed-in
 * buyer lists their subscriptions with the same link's token, and only theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { SANDBOX_CARDS } from '../payments/sandbox'
import { RENEWAL_NOTICE_DAYS } from './renewal-notice'
import { subscriptionFixtures } from './subscription-fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const DAY = 86_400_000
const { post } = orderingFixtures(() => t)
const fixtures = subscriptionFixtures(() => t)
const { moveTo } = fixtures
const subscriptionShop = (plan: Record<string, unknown> = {}) => fixtures.subscriptionShop(plan, ['credit_card'])
const subscribe = async (s: Shop, planId: string, cardNumber: string, email: string) =>
  (await fixtures.subscribeByCard(s, planId, cardNumber, email)).id

/** The mailbox's messages of one kind to one address, newest first. */
const mails = (email: string, kind: string) =>
  t.runtime.db
    .selectFrom('email_mailbox')
    .select(['subject', 'html', 'kind'])
    .where('mail_to', 'like', `%${email}%`)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .execute()
async function mailOf(email: string, kind: string) {
  await t.drain()
  await waitFor(async () => (await mails(email, kind)).length > 0)
  return (await mails(email, kind))[0]!
}

async function signIn(email: string) {
  const before = (await mails(email, 'buyer_login')).length
  expect((await post('/api/buyer/login-link', { email })).statusCode).toBe(202)
  await t.drain()
  await waitFor(async () => (await mails(email, 'buyer_login')).length > before)
  const html = (await mails(email, 'buyer_login'))[0]!.html
  const token = decodeURIComponent(/minha-conta\/entrar\?token=([A-Za-z0-9_%-]+)/.exec(html)![1]!)
  const res = await post('/api/buyer/session', { token })
  expect(res.statusCode).toBe(200)
  return String(res.headers['set-cookie']).split(';')[0]!
}

describe('subscription e-mails and the buyer area', () => {
  it("a refused renewal mails 'Atualizar cartão' with the self-service link; the area lists it; a cancel mails once", async () => {
    const { s, planId } = await subscriptionShop()
    const email = `assina-${s.storeId.slice(0, 8)}@example.com`
    const id = await subscribe(s, planId, SANDBOX_CARDS.renewalSoftDecline, email)
    expect((await moveTo(s, '2027-03-01T12:00:00.000Z')).statusCode).toBe(200)
    const failed = await mailOf(email, 'subscriptions.payment_failed')
    expect(failed.subject).toMatch(/Não conseguimos cobrar sua assinatura/)
    expect(failed.html).toContain('Atualizar cartão')
    expect(failed.html).toMatch(/R\$\s49,90/)
    const href = /href="([^"]*\/assinatura\?token=[^"]+)"/.exec(failed.html)![1]!.replaceAll('&amp;', '&')
    expect(href.startsWith(t.config.publicUrl)).toBe(true)
    const token = decodeURIComponent(new URL(href).searchParams.get('token')!)
    const page = await t.app.inject({ url: `/api/subscriptions/self?token=${encodeURIComponent(token)}` })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ id, status: 'PAST_DUE', hasAccess: false })
    // The retries of the same cycle send no second 'payment failed'.
    await moveTo(s, '2027-03-08T13:00:00.000Z')
    await t.drain()
    expect(await mails(email, 'subscriptions.payment_failed')).toHaveLength(1)

    // The buyer area: only with the session; the buyer's subscription with the same token; no one else's.
    expect((await t.app.inject({ url: '/api/buyer/subscriptions' })).statusCode).toBe(401)
    const cookie = await signIn(email)
    const area = await t.app.inject({ url: '/api/buyer/subscriptions', headers: { cookie } })
    expect(area.statusCode, area.body).toBe(200)
    expect(area.json()).toEqual([
      expect.objectContaining({ id, storeId: s.storeId, planName: 'Mensal', status: 'PAST_DUE', hasAccess: false }),
    ])
    expect(area.json()[0].manageToken).toBe(token)
    // Another buyer of the same plan sees only their own.
    const otherEmail = `outra-${s.storeId.slice(0, 8)}@example.com`
    const otherId = await subscribe(s, planId, SANDBOX_CARDS.approved, otherEmail)
    const stranger = await signIn(otherEmail)
    const theirs = await t.app.inject({ url: '/api/buyer/subscriptions', headers: { cookie: stranger } })
    expect(theirs.json().map((i: { id: string }) => i.id)).toEqual([otherId])

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/self/cancel?token=${encodeURIComponent(token)}`,
      payload: { atPeriodEnd: false },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const canceled = await mailOf(email, 'subscriptions.canceled')
    expect(canceled.subject).toMatch(/Assinatura cancelada/)
    expect(canceled.html).toContain('/assinatura?token=')
    // Cancelling twice is harmless and mails nothing more.
    await t.app.inject({ method: 'POST', url: `/api/subscriptions/self/cancel?token=${encodeURIComponent(token)}` })
    await t.drain()
    expect(await mails(email, 'subscriptions.canceled')).toHaveLength(1)
  })

  it(`a yearly plan's renewal is announced ${RENEWAL_NOTICE_DAYS} days before, once; a monthly one is not`, async () => {
    const { s, planId } = await subscriptionShop({ name: 'Anual', intervalUnit: 'YEAR', priceCents: 39900 })
    const email = `anual-${s.storeId.slice(0, 8)}@example.com`
    const id = await subscribe(s, planId, SANDBOX_CARDS.approved, email)
    const due = new Date('2028-01-31T12:00:00.000Z').getTime()
    await moveTo(s, new Date(due - (RENEWAL_NOTICE_DAYS + 1) * DAY).toISOString())
    await t.drain()
    expect(await mails(email, 'subscriptions.renewal_upcoming')).toHaveLength(0)
    await moveTo(s, new Date(due - (RENEWAL_NOTICE_DAYS - 1) * DAY).toISOString())
    const notice = await mailOf(email, 'subscriptions.renewal_upcoming')
    expect(notice.subject).toBe('Sua assinatura será renovada em 31/01/2028')
    expect(notice.html).toMatch(/R\$\s399,00/)
    expect(notice.html).toContain('/assinatura?token=')
    await moveTo(s, new Date(due - DAY).toISOString())
    await t.drain()
    expect(await mails(email, 'subscriptions.renewal_upcoming')).toHaveLength(1)
    const detail = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions/${id}`, headers: s.owner.headers })
    expect(detail.json().status).toBe('ACTIVE')

    const monthly = await subscriptionShop()
    const other = `mensal-${monthly.s.storeId.slice(0, 8)}@example.com`
    await subscribe(monthly.s, monthly.planId, SANDBOX_CARDS.approved, other)
    await moveTo(monthly.s, '2027-02-25T12:00:00.000Z')
    await t.drain()
    expect(await mails(other, 'subscriptions.renewal_upcoming')).toHaveLength(0)
  })

  it("the merchant previews the four subscription e-mails with the store's look", async () => {
    const { s } = await subscriptionShop()
    const kinds = {
      subscription_payment_failed: ['Atualizar cartão', /^Não conseguimos cobrar sua assinatura/],
      subscription_canceled: ['Ver assinatura', /^Assinatura cancelada/],
      subscription_renewal_upcoming: ['Gerenciar assinatura', /^Sua assinatura será renovada em/],
      subscription_trial_ending: ['Gerenciar assinatura', /^Seu teste grátis termina em/],
    } as const
    for (const [kind, [button, subject]] of Object.entries(kinds)) {
      const res = await t.app.inject({
        url: `/api/stores/${s.storeId}/emails/previews/${kind}`,
        headers: s.owner.headers,
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().subject).toMatch(subject)
      expect(res.json().html).toContain(button)
      expect(res.json().html).toContain('/assinatura?token=exemplo')
    }
  })
})
