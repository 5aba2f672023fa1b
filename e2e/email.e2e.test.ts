import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PREVIEW_KINDS } from '../src/shared/notifications'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { BUYER, buyDigital, simulatePayment } from './buyer'
import { linkIn, waitForMail } from './mail'
import { createDigitalShop, createMerchant, createStore } from './shop'
import { apiRegister, PHONE, SCREENSHOTS, setupE2E, snap, startForFile } from './support'

const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ SMTP_URL: smtp.url, MAIL_FROM: 'Checkout <no-reply@loja.test>' })

const mailFor = (address: string, subject: RegExp) => waitForMail(smtp, address, subject)

describe('e-mail end to end', () => {
  it('a buyer pays a PIX, then the e-mailed link opens the paid order with the access button', async () => {
    const shop = await createDigitalShop(e2e.server.url, { store: 'Loja do Email', product: 'Curso Online', price: 97 })
    const { page, context } = await e2e.newPage(PHONE)
    const buyer = { ...BUYER, name: 'Joana Compradora', email: 'joana@example.com' }
    await buyDigital(page, `/digital-checkout/${shop.storeId}/${shop.productId}`, { buyer })
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()

    const received = await mailFor('joana@example.com', /^Recebemos seu pedido/)
    const pixOnPage = (await page.getByTestId('pix-code').textContent()) ?? ''
    const code = /00020101[0-9A-Za-z.\-/*:@ ]+6304[0-9A-F]{4}/.exec(received.text ?? '')?.[0]
    expect(code).toBeTruthy()
    expect(pixOnPage.replace(/\s/g, '')).toContain(code!.replace(/\s/g, ''))

    await simulatePayment(page)
    await context.close()

    const approved = await mailFor('joana@example.com', /^Pagamento aprovado/)
    const orderLink = linkIn(approved, /href="([^"]*\/pedido\/[^"]+)"/)
    expect(orderLink.startsWith(e2e.server.url)).toBe(true)
    const fresh = await e2e.newPage(PHONE)
    await fresh.page.goto(orderLink)
    await fresh.page.getByText('Pagamento Confirmado').waitFor()
    const access = fresh.page.getByRole('link', { name: 'Acessar Produto' })
    await access.waitFor()
    await snap(fresh.page, 'email-link-pedido-pago')
    await fresh.context.close()
  }, 120_000)

  it('a merchant resets a forgotten password through the e-mailed link and logs in', async () => {
    const email = `esqueci-${Date.now()}@example.com`
    await apiRegister(e2e.server.url, 'Lojista Esquecido', email, 'senha-antiga-1')
    const { page, context } = await e2e.newPage()
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
    const { api } = await createMerchant(e2e.server.url, 'Lojista Previa')
    const storeId = await createStore(api, 'Loja Prévia')
    await api('PATCH', `/stores/${storeId}/customization`, { primaryColor: '#0F766E' })
    const pages: { name: string; html: string }[] = []
    for (const kind of PREVIEW_KINDS) {
      const p = await api<{ html: string }>('GET', `/stores/${storeId}/emails/previews/${kind}`)
      pages.push({ name: kind, html: p.html })
    }
    const reset = smtp.messages.find((m) => /^Redefinição de senha/.test(m.subject ?? ''))
    if (reset) pages.push({ name: 'password_reset', html: reset.html as string })
    expect(pages.length).toBeGreaterThanOrEqual(PREVIEW_KINDS.length)
    for (const width of [390, 600]) {
      const context = await e2e.browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      for (const p of pages) {
        await page.setContent(p.html, { waitUntil: 'load' })
        // The message never needs more than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), p.name).toBeLessThanOrEqual(width)
        // No address printed as text (a link says what it does: 'Descadastrar', 'Minhas compras').
        const shown = (await page.evaluate(() => document.body.textContent)) ?? ''
        expect(shown, p.name).not.toMatch(/https?:\/\/\S{60,}/)
        if (p.name !== 'password_reset' && p.name !== 'new_sale')
          expect(await page.getByRole('link', { name: 'Minhas compras' }).getAttribute('href'), p.name).toMatch(
            /\/minha-conta$/,
          )
        if (p.name === 'recovery_reminder') await page.getByRole('link', { name: 'Descadastrar' }).waitFor()
        await snap(page, `email-${p.name}-${width}`)
      }
      await context.close()
    }
    writeFileSync(path.join(SCREENSHOTS, 'email-templates.txt'), pages.map((p) => p.name).join('\n'))
  }, 120_000)
})
