/**
 * Issue 33, e-mails as the buyer and the merchant read them from the SMTP server: lines that add up to the total, one
 * message for an expired PIX, a notice per partial refund, the store's look, the platform's name.
 */
import { randomUUID } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeSmtp, startFakeSmtp } from '../../testing/fake-smtp'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'

let t: TestApp
let smtp: FakeSmtp
beforeAll(async () => {
  smtp = await startFakeSmtp()
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      EMAIL_RETRY_BASE_MS: '50',
      MAIL_FROM: 'Checkout <no-reply@loja.test>',
      PLATFORM_NAME: 'Vendas Brasil',
    },
  })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const { customer, post, shop, physicalOrder, sandbox, refund } = orderingFixtures(() => t)

const to = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address))
const mailsTo = (address: string, re = /./) =>
  smtp.messages.filter((m) => to(m).includes(address) && re.test(m.subject ?? ''))
async function mailTo(address: string, re: RegExp, n = 1): Promise<ParsedMail[]> {
  await waitFor(() => mailsTo(address, re).length >= n, 20_000)
  return mailsTo(address, re)
}

/** 'R$ 1.234,56' or '−R$ 4,50' → signed cents. */
const cents = (s: string) => {
  const n = Math.round(Number(s.replace(/[^\d,]/g, '').replace(',', '.')) * 100)
  return /^[−-]/.test(s.trim()) ? -n : n
}
/** The text part's money lines: 'Cupom DEZ −R$ 10,00' → ['Cupom DEZ', -1000]. */
function moneyLines(mail: ParsedMail): [string, number][] {
  return (mail.text ?? '')
    .split('\n')
    .map((l) => /^(.+?)\s+([−-]?R\$\s?[\d.]+,\d{2})$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null && !m[1].endsWith(':'))
    .map((m) => [m[1], cents(m[2])])
}
/** Items and adjustments, less the subtotal, add up to the total line. */
function expectSumsToTotal(lines: [string, number][]) {
  const total = lines.find(([l]) => l === 'Total')![1]
  const rest = lines.filter(([l]) => l !== 'Total' && l !== 'Subtotal')
  expect(rest.reduce((s, [, c]) => s + c, 0)).toBe(total)
  return total
}

async function pricedShop(): Promise<Shop> {
  const s = await shop()
  const config = await post(
    `/api/payment/ativo-pay/payment-config?storeId=${s.storeId}`,
    { ativoPayApiKey: 'sk_sandbox_orders_0001', pixDiscountPercent: 5 },
    s.owner.headers,
  )
  expect(config.statusCode, config.body).toBe(200)
  const coupon = await post(
    `/api/stores/${s.storeId}/coupons`,
    { code: 'DEZ', discountType: 'PERCENTAGE', discountValue: 10 },
    s.owner.headers,
  )
  expect(coupon.statusCode, coupon.body).toBe(201)
  return s
}

/** R$ 100 − 10% (DEZ) − 5% PIX + R$ 20 Sedex = R$ 105,50. */
async function couponPixOrder(s: Shop, email: string, extra: Record<string, unknown> = {}) {
  const res = await post(
    '/api/checkout/create-order',
    physicalOrder(s, { couponCode: 'dez', customer: { ...customer, email }, ...extra }),
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { orderId: string; orderNumber: string; paymentResult: { gatewayId: string } }
}

describe('order e-mails add up', () => {
  it('lists list prices, the coupon, the PIX discount and the freight; "Nova venda" adds the address', async () => {
    const s = await pricedShop()
    const email = 'linhas@example.com'
    const order = await couponPixOrder(s, email)
    const [received] = await mailTo(email, /^Recebemos seu pedido/)
    const lines = moneyLines(received)
    expect(lines).toEqual([
      ['1× Camiseta', 10_000],
      ['Subtotal', 10_000],
      ['Cupom DEZ', -1000],
      ['Desconto PIX (5%)', -450],
      ['Frete (Sedex)', 2000],
      ['Total', 10_550],
    ])
    expect(expectSumsToTotal(lines)).toBe(10_550)
    // 'Minhas compras' goes to the buyer area.
    expect(received.html).toContain(`href="${t.config.publicUrl}/minha-conta"`)

    await sandbox(order.paymentResult.gatewayId, 'pay')
    const [paid] = await mailTo(email, /^Pagamento aprovado/)
    expect(expectSumsToTotal(moneyLines(paid))).toBe(10_550)
    const [sale] = await mailTo(s.owner.email, /^Nova venda aprovada/)
    const saleLines = moneyLines(sale)
    expect(saleLines.map(([l]) => l)).toEqual([
      '1× Camiseta',
      'Subtotal',
      'Cupom DEZ',
      'Desconto PIX (5%)',
      'Frete (Sedex)',
      'Total',
    ])
    expect(expectSumsToTotal(saleLines)).toBe(10_550)
    expect(sale.text).toContain('Endereço de entrega')
    expect(sale.text).toContain('Avenida Paulista, 1000 – Apto 1')
    expect(sale.text).toContain('São Paulo/SP')
    expect(sale.text).toContain('CEP 01310-100')
    expect(sale.text).toContain(email)
  })
})

describe('an expired PIX', () => {
  async function consentedSession(s: Shop, email: string) {
    const sessionId = randomUUID()
    const res = await post('/api/checkout/sessions', {
      sessionId,
      storeId: s.storeId,
      productId: s.physicalId,
      step: 3,
      fields: { customer: { name: customer.name, email, phone: customer.phone } },
      consent: true,
    })
    expect(res.statusCode, res.body).toBe(204)
    return sessionId
  }
  const expiredStep = (sessionId: string) =>
    t.runtime.db
      .selectFrom('recovery_messages')
      .select(['status', 'reason'])
      .where('session_id', '=', sessionId)
      .where('step', '=', 'EXPIRED')
      .executeTakeFirst()

  it('brings one message with the real total and "Gerar novo código", never a second reminder', async () => {
    const s = await pricedShop()
    const email = 'expirou@example.com'
    const sessionId = await consentedSession(s, email)
    const order = await couponPixOrder(s, email, { checkoutSessionId: sessionId })
    await mailTo(email, /^Recebemos seu pedido/)
    await sandbox(order.paymentResult.gatewayId, 'expire')
    const [expired] = await mailTo(email, /expirou/)
    expect(expired.subject).toBe(`Seu PIX do pedido ${order.orderNumber} expirou`)
    expect(expired.text).toContain('Gerar novo código')
    expect(expired.text).not.toMatch(/cancelad/i)
    expect(expired.text).toMatch(/\(R\$\s105,50\)/)
    expect(expectSumsToTotal(moneyLines(expired))).toBe(10_550)
    // Recovery's own expiry reminder stands down: the order's message already told the buyer.
    await waitFor(async () => (await expiredStep(sessionId))?.status === 'SKIPPED', 20_000)
    expect(await expiredStep(sessionId)).toEqual({ status: 'SKIPPED', reason: 'order_email' })
    await t.drain()
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      `Recebemos seu pedido ${order.orderNumber}`,
      `Seu PIX do pedido ${order.orderNumber} expirou`,
    ])
  })

  it("sends recovery's reminder instead when the store switched the order message off: still one", async () => {
    const s = await pricedShop()
    const url = `/api/stores/${s.storeId}/emails/settings`
    const current = (await t.app.inject({ url, headers: s.owner.headers })).json()
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: s.owner.headers,
      payload: { ...current, buyerKinds: { ...current.buyerKinds, payment_expired: false } },
    })
    expect(saved.statusCode).toBe(200)
    const email = 'lembrete@example.com'
    const sessionId = await consentedSession(s, email)
    const order = await couponPixOrder(s, email, { checkoutSessionId: sessionId })
    await mailTo(email, /^Recebemos seu pedido/)
    await sandbox(order.paymentResult.gatewayId, 'expire')
    const [reminder] = await mailTo(email, /^Seu código de pagamento expirou/)
    // The opt-out is a 'Descadastrar' link, not a printed address; the List-Unsubscribe header stays.
    const html = reminder.html as string
    expect(html).toMatch(/<a[^>]+href="[^"]+\/descadastro\?t=[^"]+"[^>]*>Descadastrar<\/a>/)
    expect(html.replace(/<[^>]+>/g, ' ')).not.toContain('descadastro?t=')
    expect(smtp.raw[smtp.messages.indexOf(reminder)]).toMatch(/^List-Unsubscribe:\s*<[^>]+\/descadastro\?t=/m)
    // The SMTP server sees the message before recovery records it as sent.
    await waitFor(async () => (await expiredStep(sessionId))?.status === 'SENT', 20_000)
    await t.drain()
    expect(mailsTo(email)).toHaveLength(2)
  })
})

describe('refunds', () => {
  it('e-mails each partial refund (amount, what, what is left) and then the rest', async () => {
    const s = await shop()
    const email = 'reembolso@example.com'
    const placed = await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
    const order = placed.json()
    await sandbox(order.paymentResult.gatewayId, 'pay')
    await mailTo(email, /^Pagamento aprovado/)

    expect((await refund(s, order.orderId, { amount: 20.5, reason: 'Atraso na entrega' })).statusCode).toBe(201)
    const [partial] = await mailTo(email, /^Reembolso do pedido/)
    expect(partial.text).toContain('Fizemos um reembolso parcial')
    expect(Object.fromEntries(moneyLines(partial))).toMatchObject({
      'Reembolsado agora': 2050,
      'Continua pago': 9950,
    })
    expect(partial.text).toMatch(/Reembolsado no total R\$\s20,50 de R\$\s120,00/)
    expect(partial.text).toContain('parte do valor do pedido')
    // Not the merchant's reason: it is theirs.
    expect(partial.text).not.toContain('Atraso na entrega')

    expect((await refund(s, order.orderId, { reason: 'Devolução' })).statusCode).toBe(201)
    const both = await mailTo(email, /^Reembolso do pedido/, 2)
    expect(Object.fromEntries(moneyLines(both[1]))).toMatchObject({ 'Reembolsado agora': 9950, 'Continua pago': 0 })
    expect(both[1].text).toContain('Seu reembolso foi feito')
  })

  it('refunds a line for what the buyer paid for it (net of coupon and PIX discount), and says which line', async () => {
    const s = await pricedShop()
    const email = 'linha@example.com'
    const order = await couponPixOrder(s, email)
    await sandbox(order.paymentResult.gatewayId, 'pay')
    await mailTo(email, /^Pagamento aprovado/)
    const list = await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
    const detail = (list.json() as { id: string; items: { id: string }[] }[]).find((o) => o.id === order.orderId)!
    expect(detail.items[0]).toMatchObject({ price: 100, paid: 85.5 })
    const res = await refund(s, order.orderId, { itemId: detail.items[0].id, reason: 'Defeito' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().amount).toBe(85.5)
    const [mail] = await mailTo(email, /^Reembolso do pedido/)
    expect(mail.text).toMatch(/Referente a 1× Camiseta/)
    expect(Object.fromEntries(moneyLines(mail))).toMatchObject({ 'Reembolsado agora': 8550, 'Continua pago': 2000 })
  })
})

describe('the look of the messages', () => {
  it("puts the store's logo and colour in the header of the buyer's e-mails", async () => {
    const s = await shop()
    const look = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/customization`,
      headers: s.owner.headers,
      payload: { primaryColor: '#0F766E', customLogoUrl: '/uploads/logo-loja.png', showStoreLogo: true },
    })
    expect(look.statusCode, look.body).toBe(200)
    const email = 'visual@example.com'
    await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
    const [mail] = await mailTo(email, /^Recebemos seu pedido/)
    const html = mail.html as string
    expect(html).toMatch(
      new RegExp(
        `<img[^>]+src="${t.config.publicUrl}/uploads/logo-loja.png"[^>]*alt="Loja Teste"|<img[^>]+alt="Loja Teste"[^>]+src="${t.config.publicUrl}/uploads/logo-loja.png"`,
      ),
    )
    expect(html).toMatch(/background-color:#0F766E/i)
  })

  it("signs the password reset with the platform's configured name, not 'Checkout'", async () => {
    const user = await t.login()
    expect((await post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(200)
    const [mail] = await mailTo(user.email, /^Redefinição de senha/)
    expect(mail.from?.value[0]).toMatchObject({ name: 'Vendas Brasil', address: 'no-reply@loja.test' })
    expect(mail.text).toContain('Vendas Brasil')
    expect(mail.html).not.toMatch(/>\s*Checkout\s*</)
  })
})
