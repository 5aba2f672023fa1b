/**
 * What the buyers' API tests set up again and again: a digital product's PDF uploaded (stamped per buyer or not), an
 * order paid by a given buyer, and that buyer signed in through the e-mailed link. Only test files import this.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { expect } from 'vitest'
import { type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'

/** A PDF with one page per title, each page showing its title. */
export async function pdfOf(...titles: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const title of titles) doc.addPage([420, 595]).drawText(title, { x: 40, y: 500, font, size: 18 })
  return Buffer.from(await doc.save())
}

export function buyersFixtures(app: () => TestApp) {
  const { post, digitalOrder, customer, sandbox, orderStatus } = orderingFixtures(app)

  async function uploadPdf(s: Shop, data: Buffer, name = 'Guia.pdf'): Promise<{ id: string }> {
    const boundary = '----buyers-fixtures'
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...s.owner.headers },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: string }
  }

  const setStamp = (s: Shop, stampPdfs: boolean, as = s.owner) =>
    app().app.inject({
      method: 'PUT',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}/files/settings`,
      headers: as.headers,
      payload: { stampPdfs },
    })

  /** The product's PDF uploaded and stamped per buyer. */
  async function stampedPdf(s: Shop, data: Buffer, name?: string): Promise<string> {
    const { id } = await uploadPdf(s, data, name)
    expect((await setStamp(s, true)).statusCode).toBe(200)
    return id
  }

  /** A digital order by this buyer, paid in the sandbox. */
  async function paidOrder(s: Shop, buyer: { email: string; name?: string }) {
    const placed = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { customer: { ...customer, ...buyer } }),
    )
    expect(placed.statusCode).toBe(200)
    const order = placed.json() as { orderId: string; paymentResult: { gatewayId: string } }
    await sandbox(order.paymentResult.gatewayId, 'pay')
    await waitFor(async () => (await orderStatus(order.orderId)).status === 'PAID')
    return { orderId: order.orderId, gatewayId: order.paymentResult.gatewayId }
  }

  /** Signs in through the e-mailed link, as the buyer does (the newest link, when the e-mail got several). */
  async function signIn(email: string): Promise<string> {
    const t = app()
    const mails = () =>
      t.runtime.db
        .selectFrom('email_mailbox')
        .where('mail_to', 'like', `%${email}%`)
        .where('kind', '=', 'buyer_login')
        .orderBy('created_at', 'desc')
        .select('html')
        .execute()
    const before = (await mails()).length
    expect((await post('/api/buyer/login-link', { email })).statusCode).toBe(202)
    await t.drain()
    let html = ''
    await waitFor(async () => {
      const found = await mails()
      html = found[0]?.html ?? ''
      return found.length > before
    })
    const token = decodeURIComponent(/minha-conta\/entrar\?token=([A-Za-z0-9_%-]+)/.exec(html)![1]!)
    const res = await post('/api/buyer/session', { token })
    expect(res.statusCode).toBe(200)
    return String(res.headers['set-cookie']).split(';')[0]!
  }

  return { uploadPdf, setStamp, stampedPdf, paidOrder, signIn }
}
