import { existsSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { ParsedMail } from 'mailparser'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { BUYER, fillBuyerContact, ORDER_PAGE } from './buyer'
import { createMerchant, createProduct, createStore } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

// Issue 36 end to end at 390 px: a merchant adds plans to a digital product; a buyer subscribes by card with the
// sandbox's renewal card (4000 0000 0000 0341: the first charge approved, every renewal soft-declined); the store's
// test clock passes the refused renewal; the e-mail's 'Atualizar cartão' link takes a good card and access comes
// back; the buyer cancels from their area. Runs once the subscriptions module is in the build.
const SERVER_READY = existsSync(new URL('../src/modules/subscriptions/index.ts', import.meta.url))

const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ SMTP_URL: smtp.url, MAIL_FROM: 'Checkout <no-reply@loja.test>' })

/** The newest message to `address` whose HTML holds `pattern`, waited for (the worker sends it after the fact). */
async function mailWith(address: string, pattern: RegExp, after = 0): Promise<ParsedMail> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = smtp.messages
      .slice(after)
      .filter((m) => JSON.stringify(m.to).includes(address) && pattern.test(String(m.html)))
      .at(-1)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail matching ${pattern} for ${address}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
const linkIn = (mail: ParsedMail, pattern: RegExp) =>
  (pattern.exec(mail.html as string)?.[1] ?? '').replaceAll('&amp;', '&')

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel('Nome no cartão').fill('MARIA DA SILVA')
  await page.getByLabel('Número do cartão').pressSequentially(number)
  await page.getByLabel('Validade').pressSequentially('1230')
  await page.getByLabel('CVV').pressSequentially('123')
}

describe.skipIf(!SERVER_READY)('subscriptions end to end', () => {
  // What the first test leaves for the second: the buyer's page, the merchant's, and where the e-mails start.
  let flow: { b: Page; m: Page; email: string; storeId: string; mailsBefore: number; close: () => Promise<void> }

  it('the merchant adds plans; the buyer subscribes by card; the test clock passes a refused renewal', async () => {
    const { api, token } = await createMerchant(e2e.server.url, 'Lojista Assinaturas')
    const storeId = await createStore(api, 'Clube do Livro')
    const productId = await createProduct(api, storeId, {
      name: 'Clube de Leitura',
      price: 49.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/clube.zip',
    })
    await api('POST', `/stores/${storeId}/payment-accounts`, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: 'sk_sandbox_e2e_subscriptions_0001',
      methods: ['pix', 'credit_card', 'bank_slip'],
    })

    // merchant, on a phone: two plans in the product form
    const merchant = await e2e.openSignedIn(token, `/store/${storeId}/products`, { device: PHONE })
    const m = merchant.page
    await m.getByRole('button', { name: 'Editar Clube de Leitura' }).click()
    const editor = m.getByTestId('plans-editor')
    for (const plan of [
      { name: 'Mensal', price: '49,90', count: '1', trial: '0' },
      { name: 'Trimestral', price: '139,90', count: '3', trial: '7' },
    ]) {
      await editor.getByRole('button', { name: 'Adicionar plano' }).click()
      const form = editor.getByRole('group', { name: 'Novo plano' })
      await form.getByLabel('Nome do plano *').fill(plan.name)
      await form.getByLabel('Preço por período (R$) *').fill(plan.price)
      await form.getByLabel('Intervalo *').fill(plan.count)
      await form.getByLabel('Dias grátis').fill(plan.trial)
      await form.getByRole('button', { name: 'Salvar plano' }).click()
      await editor.getByText(plan.name, { exact: true }).waitFor()
    }
    await fitsPhone(m)
    await snap(m, 'subscriptions-01-plans-editor-390')

    // buyer: chooses the monthly plan and pays by card
    const email = `assinante-${Date.now()}@example.com`
    const buyer = await e2e.newPage(PHONE)
    const b = buyer.page
    await b.goto(`/digital-checkout/${storeId}/${productId}`)
    const plans = b.getByRole('group', { name: 'Escolha seu plano' })
    await plans.getByText('R$ 49,90/mês').waitFor()
    await plans.getByText('R$ 139,90 a cada 3 meses').waitFor()
    await plans.getByText('7 dias grátis', { exact: true }).waitFor()
    await plans.getByRole('radio', { name: /Mensal/ }).check()
    expect(await seriousViolations(b)).toEqual([])
    await snap(b, 'subscriptions-02-plan-picker-390')
    await fillBuyerContact(b, { ...BUYER, email })
    await b.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    // The plan is paid by card only: the step offers no other method.
    await b.getByRole('radio', { name: /Cartão/ }).click()
    expect(await b.getByRole('radio', { name: /PIX/ }).count()).toBe(0)
    await payByCard(b, '4000000000000341')
    expect(await b.getByTestId('subscription-card-note').textContent()).toMatch(
      /cobrado automaticamente a cada período/,
    )
    await fitsPhone(b)
    await snap(b, 'subscriptions-03-card-step-390')
    await b.getByRole('button', { name: 'Finalizar Compra' }).click()
    await b.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await b.getByText('Pagamento Confirmado').waitFor()

    // merchant: the subscription is active; the test clock passes the first renewal (refused) and two retries
    await m.goto(`/store/${storeId}/assinaturas`)
    const row = m.getByRole('row', { name: new RegExp(email) })
    await row.getByText('Ativa').waitFor()
    const clock = m.getByTestId('test-clock')
    await clock.waitFor()
    const { now } = await api<{ now: string }>('GET', `/stores/${storeId}/test-clock`)
    const target = new Date(new Date(now).getTime() + 35 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/Sao_Paulo',
    })
    const mailsBefore = smtp.messages.length
    await clock.getByLabel('Avançar até').fill(target)
    await clock.getByRole('button', { name: 'Avançar' }).click()
    await row.getByText('Pagamento pendente').waitFor({ timeout: 60_000 })
    await row.getByRole('button', { name: `Ver assinatura de ${email}` }).click()
    const detail = m.getByTestId('subscription-detail')
    await detail
      .getByText(/recusada/)
      .first()
      .waitFor()
    await detail.getByRole('button', { name: 'Tentar cobrar agora' }).waitFor()
    await snap(m, 'subscriptions-04-merchant-past-due-390')
    expect(await seriousViolations(m)).toEqual([])
    await fitsPhone(m)

    flow = {
      b,
      m,
      email,
      storeId,
      mailsBefore,
      close: async () => {
        await merchant.context.close()
        await buyer.context.close()
      },
    }
  }, 240_000)

  it("the e-mail's 'Atualizar cartão' link takes a good card and access is back; the buyer cancels in the area", async () => {
    const { b, m, email, storeId, mailsBefore } = flow
    // buyer: the payment-failed e-mail's 'Atualizar cartão' link; access is suspended until a good card pays
    const failed = await mailWith(email, /\/assinatura\?token=/, mailsBefore)
    const link = linkIn(failed, /href="([^"]*\/assinatura\?token=[^"]+)"/)
    expect(link.startsWith(e2e.server.url)).toBe(true)
    await b.goto(link)
    await b.getByRole('heading', { name: 'Minha assinatura' }).waitFor()
    await b.getByTestId('subscription-access').getByText('Acesso suspenso').waitFor()
    await b.getByRole('button', { name: 'Atualizar cartão' }).click()
    await payByCard(b, '4111111111111111')
    expect(await seriousViolations(b)).toEqual([])
    await snap(b, 'subscriptions-05-update-card-390')
    await b.getByRole('button', { name: 'Salvar cartão' }).click()
    await b
      .getByTestId('subscription-access')
      .getByText(/^Acesso liberado até/)
      .waitFor({ timeout: 30_000 })
    await b.getByText('Ativa', { exact: true }).waitFor()
    await fitsPhone(b)
    await snap(b, 'subscriptions-06-access-back-390')

    // buyer area: signs in by e-mailed link, sees the subscription and cancels it now
    const mailsBeforeLogin = smtp.messages.length
    await b.goto('/minha-conta')
    await b.getByLabel('E-mail usado na compra').fill(email)
    await b.getByRole('button', { name: 'Receber link de acesso' }).click()
    const login = await mailWith(email, /\/minha-conta\/entrar\?token=/, mailsBeforeLogin)
    await b.goto(linkIn(login, /href="([^"]*\/minha-conta\/entrar\?token=[^"]+)"/))
    await b.waitForURL('**/minha-conta')
    const area = b.getByTestId('buyer-subscriptions')
    await area.getByText('Clube de Leitura').waitFor()
    await area
      .getByTestId('subscription-access')
      .getByText(/^Acesso liberado até/)
      .waitFor()
    await area.getByRole('button', { name: 'Cancelar assinatura' }).click()
    await area.getByRole('button', { name: 'Cancelar agora' }).click()
    await area.getByText('Cancelada', { exact: true }).waitFor()
    await fitsPhone(b)
    expect(await seriousViolations(b)).toEqual([])
    await snap(b, 'subscriptions-07-area-canceled-390')

    // the merchant sees it canceled
    await m.goto(`/store/${storeId}/assinaturas`)
    await m
      .getByRole('row', { name: new RegExp(email) })
      .getByText('Cancelada')
      .waitFor()
    await flow.close()
  }, 240_000)
})
