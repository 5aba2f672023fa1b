import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_KINDS } from '../src/shared/notifications'
import { type FakeSmtp, startFakeSmtp } from '../src/testing/fake-smtp'
import {
  apiRegister,
  callApi,
  createDigitalShop,
  type E2EServer,
  launchBrowser,
  newPage,
  PHONE,
  SCREENSHOTS,
  snap,
  startServer,
} from './support'

let smtp: FakeSmtp
let srv: E2EServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  smtp = await startFakeSmtp()
  srv = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Checkout <no-reply@loja.test>' })
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await srv?.close()
  await smtp?.close()
})

const recipients = (m: ParsedMail) => JSON.stringify(m.to)
async function mailFor(address: string, subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = smtp.messages.find((m) => recipients(m).includes(address) && subject.test(m.subject ?? ''))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail ${subject} for ${address}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
const linkIn = (mail: ParsedMail, pattern: RegExp) =>
  (pattern.exec(mail.html as string)?.[1] ?? '').replaceAll('&amp;', '&')

describe('e-mail end to end', () => {
  it('a buyer pays a PIX, then the e-mailed link opens the paid order with the access button', async () => {
    const shop = await createDigitalShop(srv.url, {
      merchant: 'Lojista Email',
      store: 'Loja do Email',
      product: 'Curso Online',
      price: 97,
      sandboxKey: 'sk_sandbox_email_0001',
    })
    const { page, context } = await newPage(browser, srv.url, PHONE)
    await page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}`)
    await page.getByLabel('Nome completo').fill('Joana Compradora')
    await page.getByLabel('E-mail').fill('joana@example.com')
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    await page.getByLabel('CPF').pressSequentially('52998224725')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByRole('radio', { name: /PIX/ }).waitFor()
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()

    const received = await mailFor('joana@example.com', /^Recebemos seu pedido/)
    const pixOnPage = await page.evaluate(() => document.body.innerText)
    const code = /00020101[0-9A-Za-z.\-/*:@ ]+6304[0-9A-F]{4}/.exec(received.text ?? '')?.[0]
    expect(code).toBeTruthy()
    expect(pixOnPage.replace(/\s/g, '')).toContain(code!.replace(/\s/g, ''))

    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento Confirmado').waitFor({ timeout: 15_000 })
    await context.close()

    const approved = await mailFor('joana@example.com', /^Pagamento aprovado/)
    const orderLink = linkIn(approved, /href="([^"]*\/pedido\/[^"]+)"/)
    expect(orderLink.startsWith(srv.url)).toBe(true)
    const fresh = await newPage(browser, srv.url, PHONE)
    await fresh.page.goto(orderLink)
    await fresh.page.getByText('Pagamento Confirmado').waitFor()
    const access = fresh.page.getByRole('link', { name: 'Acessar Produto' })
    await access.waitFor()
    await snap(fresh.page, 'email-link-pedido-pago')
    await fresh.context.close()
  }, 120_000)

  it('a merchant resets a forgotten password through the e-mailed link and logs in', async () => {
    const email = `esqueci-${Date.now()}@example.com`
    await apiRegister(srv.url, 'Lojista Esquecido', email, 'senha-antiga-1')
    const { page, context } = await newPage(browser, srv.url)
    await page.goto('/login')
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
    // The same 'Email' label is on both screens: fill only once the new one is there.
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Enviar link' }).click()
    await page.getByText('Se este e-mail estiver cadastrado').waitFor()

    const mail = await mailFor(email, /^Redefinição de senha/)
    const link = linkIn(mail, /href="([^"]*\/redefinir-senha\?token=[^"]+)"/)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Criar nova senha' }).waitFor()
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-123')
    await page.getByLabel('Confirme a nova senha').fill('outra-coisa')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.getByText('As senhas não coincidem.').waitFor()
    await page.getByLabel('Confirme a nova senha').fill('senha-nova-123')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Entrar' }).waitFor()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Senha').fill('senha-nova-123')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL('**/dashboard')
    // The link is single use.
    await page.goto(link)
    await page.getByRole('heading', { name: 'Criar nova senha' }).waitFor()
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-456')
    await page.getByLabel('Confirme a nova senha').fill('senha-nova-456')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.getByText(/inválido ou expirou/).waitFor()
    await context.close()
  }, 120_000)

  it('shows every template at 390 px and 600 px', async () => {
    const token = await apiRegister(srv.url, 'Lojista Previa', `previa-${Date.now()}@example.com`, 'senha-secreta-1')
    const store = await callApi<{ id: string }>(srv.url, token, 'POST', '/stores', { name: 'Loja Prévia' })
    await callApi(srv.url, token, 'PATCH', `/stores/${store.id}/customization`, { primaryColor: '#0F766E' })
    const pages: { name: string; html: string }[] = []
    for (const kind of PREVIEW_KINDS) {
      const p = await callApi<{ html: string }>(srv.url, token, 'GET', `/stores/${store.id}/emails/previews/${kind}`)
      pages.push({ name: kind, html: p.html })
    }
    const reset = smtp.messages.find((m) => /^Redefinição de senha/.test(m.subject ?? ''))
    if (reset) pages.push({ name: 'password_reset', html: reset.html as string })
    expect(pages.length).toBeGreaterThanOrEqual(PREVIEW_KINDS.length)
    for (const width of [390, 600]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      for (const p of pages) {
        await page.setContent(p.html, { waitUntil: 'load' })
        // The message never needs more than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await snap(page, `email-${p.name}-${width}`)
      }
      await context.close()
    }
    writeFileSync(path.join(SCREENSHOTS, 'email-templates.txt'), pages.map((p) => p.name).join('\n'))
  }, 120_000)
})
