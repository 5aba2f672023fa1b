import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { BUYER_MSG } from '../../shared/buyers'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { buyersFixtures } from './buyers-fixtures'

const clock = controlledClock(new Date())
let t: TestApp
const { post, shop, digitalOrder, customer, sandbox, refund, orderStatus, pageTokenOf } = orderingFixtures(() => t)
const { uploadPdf } = buyersFixtures(() => t)
const PDF = Buffer.from('%PDF-1.7\n%conteúdo do e-book\n%%EOF\n')

beforeAll(async () => {
  t = await createTestApp({ clock })
})
afterAll(() => t.close())

async function paidDigitalOrder(s: Shop, email: string) {
  const placed = await post('/api/checkout/create-digital-order', digitalOrder(s, { customer: { ...customer, email } }))
  expect(placed.statusCode).toBe(200)
  const order = placed.json() as { orderId: string; orderPageUrl: string; paymentResult: { gatewayId: string } }
  await sandbox(order.paymentResult.gatewayId, 'pay')
  await waitFor(async () => (await orderStatus(order.orderId)).status === 'PAID')
  return order
}

/** Asks for a link and reads it from the e-mail kept in the mailbox (no SMTP in tests). */
async function loginLink(email: string): Promise<string> {
  const mails = () =>
    t.runtime.db
      .selectFrom('email_mailbox')
      .where('mail_to', 'like', `%${email}%`)
      .where('kind', '=', 'buyer_login')
      .orderBy('created_at', 'desc')
      .select('html')
      .execute()
  const before = (await mails()).length
  const res = await post('/api/buyer/login-link', { email })
  expect(res.statusCode).toBe(202)
  let html = ''
  await t.drain()
  await waitFor(async () => {
    const found = await mails()
    html = found[0]?.html ?? ''
    return found.length > before
  })
  const token = /minha-conta\/entrar\?token=([A-Za-z0-9_%-]+)/.exec(html)?.[1]
  expect(token).toBeDefined()
  return decodeURIComponent(token!)
}

async function signIn(email: string): Promise<string> {
  const token = await loginLink(email)
  const res = await post('/api/buyer/session', { token })
  expect(res.statusCode).toBe(200)
  const cookie = String(res.headers['set-cookie'])
  expect(cookie).toMatch(/HttpOnly/)
  expect(cookie).toMatch(/Path=\/api\/buyer/)
  return cookie.split(';')[0]
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } })

describe('buyer area', () => {
  let a: Shop
  let b: Shop
  let fileA: { id: string }
  let fileB: { id: string }
  const ana = 'ana.compradora@example.com'
  const bia = 'bia@example.com'

  beforeAll(async () => {
    a = await shop({ shipping: false })
    b = await shop({ shipping: false })
    fileA = await uploadPdf(a, PDF, 'E-book.pdf')
    fileB = await uploadPdf(b, PDF, 'E-book.pdf')
    await paidDigitalOrder(a, ana)
    await paidDigitalOrder(b, 'Ana.Compradora@Example.com')
    await paidDigitalOrder(b, bia)
  })

  it('answers the same 202 for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const unknown = await post('/api/buyer/login-link', { email: 'ninguem@example.com' })
    expect(unknown.statusCode).toBe(202)
    expect(unknown.json()).toEqual({ message: BUYER_MSG.linkSent })
    await t.drain()
    const mails = await t.runtime.db
      .selectFrom('email_mailbox')
      .where('mail_to', 'like', '%ninguem@example.com%')
      .select('id')
      .execute()
    expect(mails).toHaveLength(0)
    const bad = await post('/api/buyer/login-link', { email: 'não é e-mail' })
    expect(bad.statusCode).toBe(400)
  })

  it('uses a sign-in link once, refuses an expired or forged one', async () => {
    const token = await loginLink(ana)
    expect((await post('/api/buyer/session', { token })).statusCode).toBe(200)
    const again = await post('/api/buyer/session', { token })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'BUYER_LINK_INVALID', message: BUYER_MSG.linkInvalid })
    expect((await post('/api/buyer/session', { token: `${token}x` })).statusCode).toBe(400)

    const late = await loginLink(ana)
    clock.advance(16 * 60_000)
    expect((await post('/api/buyer/session', { token: late })).statusCode).toBe(400)
  })

  it("lists exactly the buyer's orders across two stores, newest first, with their page links", async () => {
    const cookie = await signIn(ana)
    const res = await get('/api/buyer/orders', cookie)
    expect(res.statusCode).toBe(200)
    const { orders, total } = res.json()
    expect(total).toBe(2)
    expect(orders.map((o: { storeName: string }) => o.storeName)).toEqual(['Loja Teste', 'Loja Teste'])
    expect(orders[0].pageUrl).toMatch(/^\/pedido\/[0-9a-f-]+\?t=/)
    // The CPF in either spelling (not a bare '529': a random id or token may hold those digits).
    expect(JSON.stringify(orders)).not.toMatch(/529\.?982\.?247-?25/)
    expect((await get('/api/buyer/orders', 'buyer_session=forged')).statusCode).toBe(401)
  })

  it('downloads a paid file through a 5-minute link; another buyer gets 404; a signed URL expires', async () => {
    const cookie = await signIn(ana)
    const library = (await get('/api/buyer/library', cookie)).json()
    expect(library.items).toHaveLength(2)
    expect(library.items[0].files[0]).toMatchObject({ name: 'E-book.pdf', size: PDF.length })

    const res = await get(`/api/buyer/files/${fileA.id}/download`, cookie)
    expect(res.statusCode).toBe(302)
    const file = await t.app.inject({ method: 'GET', url: res.headers.location as string })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PDF)).toBe(true)
    expect(file.headers['content-disposition']).toContain('E-book.pdf')

    clock.advance(5 * 60_000 + 1000)
    const late = await t.app.inject({ method: 'GET', url: res.headers.location as string })
    expect(late.statusCode).toBe(403)

    const biaCookie = await signIn(bia)
    expect((await get(`/api/buyer/files/${fileA.id}/download`, biaCookie)).statusCode).toBe(404)
    expect((await get(`/api/buyer/files/${fileB.id}/download`, biaCookie)).statusCode).toBe(302)
    expect((await get('/api/buyer/files/not-a-uuid/download', biaCookie)).statusCode).toBe(404)

    const counted = await t.runtime.db
      .selectFrom('buyer_downloads')
      .select(['order_id', 'file_id', 'downloads'])
      .execute()
    const row = counted.find((c) => c.file_id === fileA.id)
    expect(row?.downloads).toBe(1)

    // the merchant sees it in the order; another merchant gets 404
    const seen = await t.app.inject({
      url: `/api/stores/${a.storeId}/orders/${row!.order_id}/downloads`,
      headers: a.owner.headers,
    })
    expect(seen.json()).toEqual([expect.objectContaining({ fileId: fileA.id, name: 'E-book.pdf', downloads: 1 })])
    const foreign = await t.app.inject({
      url: `/api/stores/${b.storeId}/orders/${row!.order_id}/downloads`,
      headers: b.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('a refunded order loses access at once: 403 with the reason, and leaves the library', async () => {
    const cookie = await signIn(bia)
    const orderId = (await get('/api/buyer/orders', cookie)).json().orders[0].id
    const res = await refund(b, orderId, { reason: 'Cliente desistiu' })
    expect(res.statusCode).toBe(201)
    const refused = await get(`/api/buyer/files/${fileB.id}/download`, cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'ACCESS_ENDED', message: BUYER_MSG.accessEnded })
    expect((await get('/api/buyer/library', cookie)).json().items).toHaveLength(0)
  })

  it("the paid order's page and e-mail lead to the area when the product has files, to its link otherwise", async () => {
    const withFiles = await paidDigitalOrder(a, 'carla@example.com')
    const paid = await orderStatus(withFiles.orderId, pageTokenOf(withFiles.orderPageUrl))
    expect(paid.digitalAccess).toMatchObject({ url: '/minha-conta', inArea: true })
    await t.drain()
    await waitFor(async () => {
      const mail = await t.runtime.db
        .selectFrom('email_mailbox')
        .where('mail_to', 'like', '%carla@example.com%')
        .where('kind', '=', 'payment_approved')
        .select('html')
        .executeTakeFirst()
      return Boolean(mail?.html.includes('/minha-conta"'))
    })

    const linkOnly = await shop({ shipping: false })
    const old = await paidDigitalOrder(linkOnly, 'carla@example.com')
    const page = await orderStatus(old.orderId, pageTokenOf(old.orderPageUrl))
    expect(page.digitalAccess.url).toMatch(/^\/api\/checkout\/orders\/.+\/download\?token=/)
    expect(page.digitalAccess.inArea).toBeUndefined()
  })

  it('limits sign-in links per e-mail: the sixth in an hour is 429 with the message', async () => {
    const email = 'pressa@example.com'
    for (let i = 0; i < 5; i++) expect((await post('/api/buyer/login-link', { email })).statusCode).toBe(202)
    const over = await post('/api/buyer/login-link', { email })
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(BUYER_MSG.tooMany)
  })

  it('signs out: the session is revoked', async () => {
    const cookie = await signIn(ana)
    const out = await t.app.inject({ method: 'POST', url: '/api/buyer/logout', headers: { cookie } })
    expect(out.statusCode).toBe(204)
    expect((await get('/api/buyer/me', cookie)).statusCode).toBe(401)
  })
})
