import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BUYER, continueToPayment, fillBuyerContact, ORDER_PAGE } from './buyer'
import { createMerchant, createProduct, createStore } from './shop'
import { apiLogin, callApi, DESKTOP, PHONE, setupE2E, snap } from './support'

// Issue 34 at 390 px: a buyer pays by card, takes the offer with one tap ('Sim, quero!'), declines the next, and sees
// both orders on the order page and in the e-mails; the merchant sees the stats on 'Funis'.
const ADMIN_EMAIL = 'admin@funnels.test'
const ADMIN_PASSWORD = 'senha-admin-123'
const e2e = setupE2E({ ADMIN_EMAIL, ADMIN_PASSWORD })

/** Serious or critical axe findings (WCAG 2.1 AA): unlabelled controls, contrast below 4.5:1. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/** Nothing wider than the phone: no sideways scroll at 390 px. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('funnels', () => {
  it('card buyer takes the offer with one tap, declines the next; the merchant sees the stats', async () => {
    const { api, token } = await createMerchant(e2e.server.url, 'Lojista Funis')
    const storeId = await createStore(api, 'Loja Funis')
    await api('POST', `/stores/${storeId}/payment-accounts`, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: 'sk_sandbox_e2e_funnels_0001',
      methods: ['pix', 'credit_card'],
    })
    const digital = (name: string, price: number) =>
      createProduct(api, storeId, { name, price, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/x.zip' })
    const course = await digital('Curso de Fotografia', 97)
    const mentoring = await digital('Mentoria em Grupo', 297)
    const community = await digital('Comunidade VIP', 47)
    const funnel = await api<{ id: string }>('POST', `/stores/${storeId}/funnels`, {
      name: 'Depois do curso',
      triggerProductIds: [course],
      steps: [
        {
          key: 'a',
          kind: 'upsell',
          productId: mentoring,
          priceCents: 19_700,
          headline: 'Leve a mentoria',
          onAccept: 'b',
        },
        { key: 'b', kind: 'upsell', productId: community, priceCents: 2_700, headline: 'Entre na comunidade' },
      ],
    })

    const buyer = await e2e.newPage(PHONE)
    const p = buyer.page
    await p.goto(`/digital-checkout/${storeId}/${course}`)
    await fillBuyerContact(p, BUYER)
    await continueToPayment(p)
    await p.getByRole('radio', { name: /Cartão/ }).click()
    await p.getByLabel('Nome no cartão').fill('MARIA DA SILVA')
    await p.getByLabel('Número do cartão').pressSequentially('4111111111111111')
    await p.getByLabel('Validade').pressSequentially('1230')
    await p.getByLabel('CVV').pressSequentially('123')
    await p.getByRole('button', { name: 'Finalizar Compra' }).click()
    await p.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await p.getByText('Pagamento Confirmado').waitFor()

    const offer = p.getByTestId('offer')
    await offer.getByRole('heading', { name: 'Leve a mentoria' }).waitFor({ timeout: 15_000 })
    expect(await p.content()).not.toMatch(/Redirecionamento|upsell/i)
    expect(await p.getByLabel('Nome no cartão').count()).toBe(0)
    expect(await pageWidth(p)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(p)).toEqual([])
    await snap(p, 'funnels-offer-390')
    await offer.getByRole('button', { name: 'Sim, quero!' }).click()
    await offer.getByRole('heading', { name: 'Entre na comunidade' }).waitFor({ timeout: 30_000 })
    await p.getByTestId('offer-orders').getByText('Pago').waitFor()
    await offer.getByRole('button', { name: 'Não, obrigado' }).click()
    await offer.waitFor({ state: 'detached' })
    const orders = p.getByTestId('offer-orders')
    expect(await orders.textContent()).toMatch(/R\$\s197,00/)
    await snap(p, 'funnels-after-390')
    const parentNumber = await p.getByTestId('order-number').textContent()
    const childLink = orders.getByRole('link')
    const childNumber = (await childLink.textContent())?.replace('Pedido ', '')
    expect(childNumber).not.toBe(parentNumber)
    await buyer.context.close()

    // Both orders' e-mails reach the buyer (kept in the database in the embedded default, read by an admin).
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await expect
      .poll(
        async () => {
          const box = await callApi<{ messages: { subject: string }[] }>(
            e2e.server.url,
            admin,
            'GET',
            `/admin/emails?to=${encodeURIComponent(BUYER.email)}`,
          )
          const subjects = box.messages.map((m) => m.subject).join(' | ')
          return subjects.includes(parentNumber ?? '?') && subjects.includes(childNumber ?? '?')
        },
        { timeout: 20_000 },
      )
      .toBe(true)

    const merchant = await e2e.openSignedIn(token, `/store/${storeId}/funnels`, { device: DESKTOP })
    const stats = merchant.page.getByTestId('funnel-stats')
    await stats.waitFor()
    await expect.poll(async () => (await stats.textContent()) ?? '').toMatch(/a1100\s*R\$\s*197,00/)
    expect(await stats.textContent()).toMatch(/b1010/)
    await snap(merchant.page, 'funnels-merchant-stats')
    expect(await seriousViolations(merchant.page)).toEqual([])
    await merchant.page.getByRole('button', { name: 'Editar Depois do curso' }).click()
    await merchant.page.getByRole('list', { name: 'Fluxo do funil' }).waitFor()
    expect(await merchant.page.getByLabel('Se aceitar').count()).toBe(2)
    expect(await seriousViolations(merchant.page)).toEqual([])
    await snap(merchant.page, 'funnels-editor-desktop')
    await merchant.context.close()

    // The editor on a phone: every field labelled, nothing wider than the screen, the preview at its 390 px.
    const phone = await e2e.openSignedIn(token, `/store/${storeId}/funnels`, { device: PHONE })
    await phone.page.getByRole('button', { name: 'Editar Depois do curso' }).click()
    await phone.page.getByTestId('funnel-preview').waitFor()
    expect(await pageWidth(phone.page)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(phone.page)).toEqual([])
    await snap(phone.page, 'funnels-editor-390')
    await phone.context.close()
    expect(funnel.id).toBeTruthy()
    // Two browsers, two orders, e-mails and three merchant views on a shared machine: more than the default 2 min.
  }, 300_000)
})
