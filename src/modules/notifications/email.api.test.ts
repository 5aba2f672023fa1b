import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createRuntime } from '../../app'
import { type FakeSmtp, startFakeSmtp } from '../../testing/fake-smtp'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import * as repo from './repository'
import { queueAndSend } from './service'

let t: TestApp
let smtp: FakeSmtp
beforeAll(async () => {
  smtp = await startFakeSmtp()
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50', MAIL_FROM: 'Checkout <no-reply@loja.test>' },
  })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
beforeEach(() => {
  smtp.script = []
})

const { shop, physicalOrder, digitalOrder, post, sandbox, CPF, address } = orderingFixtures(() => t)

/** The shop's PIX order of a physical product, placed by the buyer `email`. */
const pixOrderBy = async (s: Awaited<ReturnType<typeof shop>>, email: string) =>
  (
    await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...physicalOrder(s).customer, email } }))
  ).json()
const to = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address))
const bySubject = (re: RegExp, address?: string) =>
  smtp.messages.filter((m) => re.test(m.subject ?? '') && (!address || to(m).includes(address)))
async function waitForMessages(re: RegExp, n: number, address?: string) {
  await waitFor(() => bySubject(re, address).length >= n, 15_000)
  return bySubject(re, address)
}
const deliveriesOf = async (storeId: string, headers: Record<string, string>) =>
  (await t.app.inject({ url: `/api/stores/${storeId}/emails/deliveries`, headers })).json().deliveries as {
    id: string
    kind: string
    state: string
    attempts: number
    response: string | null
    subjectId: string
  }[]

describe('buyer e-mails', () => {
  it('sends one "pedido recebido" per PIX order: its link opens the order page and its code is the order\'s', async () => {
    const s = await shop()
    const email = 'pix.buyer@example.com'
    const order = await pixOrderBy(s, email)
    const [mail] = await waitForMessages(/^Recebemos seu pedido/, 1, email)
    expect(mail.subject).toBe(`Recebemos seu pedido ${order.orderNumber ?? mail.subject!.slice(21)}`)
    expect(mail.from?.value[0].address).toBe('no-reply@loja.test')
    expect(mail.from?.value[0].name).toBe('Loja Teste')

    const link = /href="([^"]*\/pedido\/[^"]+)"/.exec(mail.html as string)![1].replaceAll('&amp;', '&')
    const url = new URL(link)
    expect(url.origin).toBe(t.config.publicUrl)
    const page = await t.app.inject({
      url: `/api/checkout/orders/${url.pathname.split('/').pop()}/page${url.search}`,
    })
    expect(page.statusCode).toBe(200)
    const pixCode = page.json().payment.pixCode as string
    expect(pixCode.length).toBeGreaterThan(50)
    expect(mail.text).toContain(pixCode)
    // The QR code travels inside the message, referenced by cid, never as a remote image.
    const qr = mail.attachments.find((a) => a.contentType === 'image/png')!
    expect(qr.contentId).toBeTruthy()
    expect(mail.html).toContain(`cid:${qr.cid}`)
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:/)
    // No CPF, no address.
    for (const part of [mail.html as string, mail.text ?? '']) {
      expect(part).not.toContain(CPF)
      expect(part).not.toContain(CPF.replace(/\D/g, ''))
      expect(part).not.toContain(address.address)
    }
    expect(mail.html).toContain('lang="pt-BR"')

    // The message reaches the SMTP server before the sender records SENT (and drain does not wait for BullMQ jobs).
    const mine = async () =>
      (await deliveriesOf(s.storeId, s.owner.headers)).filter((d) => d.subjectId === order.orderId)
    await waitFor(async () => {
      const log = await mine()
      return log.length > 0 && log.every((d) => d.state === 'SENT')
    })
    expect(await mine()).toMatchObject([{ kind: 'order_received', state: 'SENT' }])
  })

  it('sends one "pagamento aprovado" with an access link that answers, and one "nova venda" to the owner, even when the postback is replayed', async () => {
    const s = await shop()
    const email = 'digital.buyer@example.com'
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { customer: { ...physicalOrder(s).customer, email } }),
    )
    const order = res.json()
    await waitForMessages(/^Recebemos seu pedido/, 1, email)
    await sandbox(order.paymentResult.gatewayId, 'pay')
    const [paid] = await waitForMessages(/^Pagamento aprovado/, 1, email)
    const [sale] = await waitForMessages(/^Nova venda aprovada/, 1, s.owner.email)
    expect(sale.subject).toMatch(/R\$\s49,90/)

    const access = /href="([^"]*\/download\?[^"]+)"/.exec(paid.html as string)![1].replaceAll('&amp;', '&')
    const download = await t.app.inject({ url: new URL(access).pathname + new URL(access).search })
    expect(download.statusCode).toBe(302)
    expect(download.headers.location).toBe('https://files.example.com/ebook.pdf')

    // The gateway posts the same payment again, and the order.paid event is relayed a second time.
    await post(`/sandbox/ativopay/v1/transactions/${order.paymentResult.gatewayId}/pay`, {})
    const paidEvent = await t.runtime.db
      .selectFrom('outbox')
      .select(['event', 'payload'])
      .where('event', '=', 'order.paid')
      .where(({ ref }) => ref('payload', '->>').key('orderId' as never), '=', order.orderId)
      .executeTakeFirstOrThrow()
    await t.runtime.db
      .insertInto('outbox')
      .values({ event: paidEvent.event, payload: JSON.stringify(paidEvent.payload) })
      .execute()
    await t.drain()
    await new Promise((r) => setTimeout(r, 300))
    await t.drain()
    expect(bySubject(/^Pagamento aprovado/, email)).toHaveLength(1)
    expect(
      bySubject(/^Nova venda aprovada/, s.owner.email).filter((m) => m.subject?.includes(order.orderNumber ?? '')),
    ).toHaveLength(1)
  })

  it('sends once when two workers take the same delivery at the same moment', async () => {
    const s = await shop()
    const email = 'two.workers@example.com'
    const order = await pixOrderBy(s, email)
    await waitForMessages(/^Recebemos seu pedido/, 1, email)
    await sandbox(order.paymentResult.gatewayId, 'pay')
    await waitForMessages(/^Pagamento aprovado/, 1, email)
    // A second worker process on the same database and queue.
    const second = await createRuntime(t.config, { workers: true, relay: false })
    try {
      const ctxA = { db: t.runtime.db, config: t.config, log: t.runtime.log, jobs: t.runtime.jobs }
      const ctxB = { db: second.db, config: t.config, log: second.log, jobs: second.jobs }
      const key = {
        storeId: s.storeId,
        subjectId: order.orderId,
        kind: 'test.duplicate',
        recipient: email,
        payload: { subject: 'Duplicado?', name: 'M', message: { preview: 'p', heading: 'h', paragraphs: ['x'] } },
      }
      await Promise.all([
        queueAndSend(ctxA, key),
        queueAndSend(ctxB, key),
        queueAndSend(ctxA, key),
        queueAndSend(ctxB, key),
      ])
    } finally {
      await second.close()
    }
    await t.drain()
    expect(bySubject(/^Duplicado\?/, email)).toHaveLength(1)
    expect(bySubject(/^Recebemos seu pedido/, email)).toHaveLength(1)
    expect(bySubject(/^Pagamento aprovado/, email)).toHaveLength(1)
  })

  it('retries a 421 answer and delivers once; records a 550 as failed in the log', async () => {
    const s = await shop()
    const email = 'retry.buyer@example.com'
    smtp.script = [421, 421]
    const order = await pixOrderBy(s, email)
    await waitForMessages(/^Recebemos seu pedido/, 1, email)
    await waitFor(async () => (await deliveriesOf(s.storeId, s.owner.headers)).some((d) => d.state === 'SENT'))
    const [sent] = await deliveriesOf(s.storeId, s.owner.headers)
    expect(sent).toMatchObject({ subjectId: order.orderId, kind: 'order_received', state: 'SENT', attempts: 3 })
    expect(bySubject(/^Recebemos seu pedido/, email)).toHaveLength(1)

    const other = 'refused.buyer@example.com'
    smtp.script = [550]
    const refused = (
      await post(
        '/api/checkout/create-order',
        physicalOrder(s, { customer: { ...physicalOrder(s).customer, email: other } }),
      )
    ).json()
    await waitFor(async () =>
      (await deliveriesOf(s.storeId, s.owner.headers)).some(
        (d) => d.subjectId === refused.orderId && d.state === 'FAILED',
      ),
    )
    const failed = (await deliveriesOf(s.storeId, s.owner.headers)).find((d) => d.subjectId === refused.orderId)!
    expect(failed).toMatchObject({ state: 'FAILED', attempts: 1 })
    expect(failed.response).toContain('550')
    expect(bySubject(/^Recebemos seu pedido/, other)).toHaveLength(0)
    // 'Reenviar' sends it now that the server accepts it.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${s.storeId}/emails/deliveries/${failed.id}/resend`,
      headers: s.owner.headers,
    })
    expect(resend.statusCode).toBe(202)
    await waitForMessages(/^Recebemos seu pedido/, 1, other)
    expect(order.orderId).toBeTruthy()
  })

  it('cannot add a header or markup through the buyer name', async () => {
    const s = await shop()
    const email = 'crlf.buyer@example.com'
    const crlf = 'Maria\r\nBcc: evil@example.com'
    const res = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { customer: { ...physicalOrder(s).customer, name: crlf, email } }),
    )
    if (res.statusCode === 200) {
      const [mail] = await waitForMessages(/^Recebemos seu pedido/, 1, email)
      const i = smtp.messages.indexOf(mail)
      expect(smtp.envelopes[i]).toEqual([email])
      expect(mail.bcc).toBeUndefined()
      expect(smtp.raw[i]).not.toMatch(/^bcc:/im)
      expect(mail.headers.get('to')).toMatchObject({ value: [{ address: email }] })
    } else expect(res.statusCode).toBe(400)

    const markup = 'markup.buyer@example.com'
    const name = '<img src=x onerror=alert(1)> Maria'
    const ok = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { customer: { ...physicalOrder(s).customer, name, email: markup } }),
    )
    expect(ok.statusCode).toBe(200)
    const [mail] = await waitForMessages(/^Recebemos seu pedido/, 1, markup)
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).not.toMatch(/<[^>]+onerror/)
  })

  it('keeps settings per store: a switched-off kind is not sent, a bad reply-to is a 400, another merchant gets 404', async () => {
    const s = await shop()
    const url = `/api/stores/${s.storeId}/emails/settings`
    const current = (await t.app.inject({ url, headers: s.owner.headers })).json()
    expect(current).toMatchObject({ notifyNewSale: true, replyTo: null, buyerKinds: { order_received: true } })
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: s.owner.headers,
      payload: { ...current, replyTo: 'não é e-mail' },
    })
    expect(bad.statusCode).toBe(400)
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: s.owner.headers,
      payload: {
        notifyNewSale: true,
        replyTo: 'contato@loja.test',
        buyerKinds: { ...current.buyerKinds, order_received: false },
      },
    })
    expect(saved.statusCode).toBe(200)
    const stranger = await t.login()
    for (const path of ['emails/settings', 'emails/deliveries', 'emails/previews/order_received'])
      expect(
        (await t.app.inject({ url: `/api/stores/${s.storeId}/${path}`, headers: stranger.headers })).statusCode,
      ).toBe(404)

    const email = 'off.buyer@example.com'
    const order = await pixOrderBy(s, email)
    await t.drain()
    await sandbox(order.paymentResult.gatewayId, 'pay')
    const [paid] = await waitForMessages(/^Pagamento aprovado/, 1, email)
    expect(paid.replyTo?.value[0].address).toBe('contato@loja.test')
    expect(bySubject(/^Recebemos seu pedido/, email)).toHaveLength(0)

    const preview = await t.app.inject({
      url: `/api/stores/${s.storeId}/emails/previews/order_received`,
      headers: s.owner.headers,
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json().html).toContain('Loja Teste')
  })

  it('tells the buyer of an expired PIX how to get a new code', async () => {
    const s = await shop()
    const email = 'expired.buyer@example.com'
    const order = await pixOrderBy(s, email)
    await waitForMessages(/^Recebemos seu pedido/, 1, email)
    await sandbox(order.paymentResult.gatewayId, 'expire')
    const [mail] = await waitForMessages(/^Seu PIX do pedido .* expirou$/, 1, email)
    expect(mail.text).toContain('Gerar novo código')
    const reminder = await t.runtime.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'like', 'email-reminder-%')
      .execute()
      .catch(() => [])
    expect(Array.isArray(reminder)).toBe(true)
  })
})

describe('delivery rows', () => {
  it('one row per (subject, kind): a second claim of a sent delivery is settled, not sent', async () => {
    const db = t.runtime.db
    const key = { storeId: null, subjectId: 'x-1', kind: 'k.a', recipient: 'a@b.c' }
    const first = await repo.claimNew(db, key, 60_000)
    expect(first.kind).toBe('claimed')
    expect((await repo.claimNew(db, key, 60_000)).kind).toBe('busy')
    if (first.kind !== 'claimed') return
    await repo.settleEmail(db, first.row, { state: 'SENT', http_status: 250, error: null })
    expect(await repo.claimNew(db, key, 60_000)).toMatchObject({ kind: 'settled', row: { id: first.row.id } })
  })
})
