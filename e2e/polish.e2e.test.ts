import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUYER, type Buyer, buyDigital, continueToPayment, continueToShipping, simulatePayment } from './buyer'
import { startFakeCep } from './fake-cep'
import { createDigitalShop, createProduct, placePhysicalOrder } from './shop'
import { apiLogin, DESKTOP, PHONE, setupE2E, snap, startForFile } from './support'

/**
 * What a person sees (issue 27): the review prompt offers every product of the order, a CEP service that is down,
 * the pending order a returning buyer already has, a digital buyer's access before any upsell, and the admin's
 * platform orders behind 'Ver todas'.
 */
const ADMIN_EMAIL = 'admin@polish.test'
const ADMIN_PASSWORD = 'senha-admin-123'
const down = await startForFile(() => startFakeCep({ down: true }))
const e2e = setupE2E({ ADMIN_EMAIL, ADMIN_PASSWORD, CEP_LOOKUP_URL: down.url })

let storeId: string
let ebookId: string
let mugId: string
let bumpId: string
let merchantApi: Awaited<ReturnType<typeof createDigitalShop>>['api']
const customer: Buyer = { ...BUYER, name: 'João Pereira', email: 'joao@example.com' }

beforeAll(async () => {
  const shop = await createDigitalShop(e2e.server.url, {
    store: 'Loja do João',
    product: 'E-book Receitas do João',
    price: 19.9,
  })
  ;({ storeId, productId: ebookId } = shop)
  merchantApi = shop.api
  mugId = await createProduct(shop.api, storeId, { name: 'Caneca do João', price: 49.9, type: 'PHYSICAL', stock: 20 })
  await shop.api('POST', `/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 5.9, estimatedDays: 7 })
  bumpId = (
    await shop.api<{ id: string }>('POST', `/stores/${storeId}/order-bumps`, {
      title: 'Leve o e-book',
      productId: ebookId,
      showOnProducts: [mugId],
    })
  ).id
  await shop.api('POST', `/stores/${storeId}/upsells`, {
    title: 'Curso completo com desconto',
    redirectUrl: 'https://ofertas.example.com/curso',
    delaySeconds: 1,
    active: true,
  })
})

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
async function watchCsp(page: Page) {
  await page.context().addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
}

describe('what a person sees', () => {
  it('a paid order of the mug with the e-book bump offers both for review, the mug first', async () => {
    const created = await placePhysicalOrder(e2e.server.url, {
      storeId,
      productId: mugId,
      customer,
      orderBumps: [bumpId],
    })
    const { page, context } = await e2e.newPage(PHONE)
    await watchCsp(page)
    await page.goto(created.orderPageUrl)
    await simulatePayment(page)
    // A physical product is offered for review once delivered (issue 38): the merchant ships and delivers it.
    const { orderId } = created
    await merchantApi('POST', `/stores/${storeId}/orders/${orderId}/shipments`, {
      kind: 'MANUAL',
      carrier: 'Correios',
      trackingCode: 'QB123456789BR',
    })
    await merchantApi('POST', `/stores/${storeId}/orders/${orderId}/shipments/delivered`, {})
    await page.reload()
    const form = page.getByTestId('leave-review')
    await form.getByRole('heading', { name: 'Avalie sua compra: Caneca do João' }).waitFor()
    const choices = page.getByTestId('review-products').getByRole('button')
    expect(await choices.allTextContents()).toEqual(['Caneca do João', 'E-book Receitas do João'])
    await snap(page, 'polish-1-avaliar-produtos-390')
    // the buyer reviews the mug, then the e-book is one tap away
    await form.getByLabel('5 estrelas').check()
    await form.getByLabel('Título *').fill('Caneca linda')
    await form.getByLabel('Comentário *').fill('Chegou bem embalada e a estampa é ótima.')
    await form.getByRole('button', { name: 'Enviar avaliação' }).click()
    await page.getByTestId('review-sent').waitFor()
    await choices.filter({ hasText: 'E-book' }).click()
    await page
      .getByTestId('leave-review')
      .getByRole('heading', { name: 'Avalie sua compra: E-book Receitas do João' })
      .waitFor()
    // the review form parses with Zod: no eval probe reported under the CSP
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('with the CEP service down the buyer is told plainly and types the address, cursor in the first empty field', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/checkout/${storeId}/${mugId}`)
    await continueToShipping(page, customer)
    await page.getByLabel('CEP').pressSequentially('01310100')
    await page.getByTestId('cep-unavailable').waitFor()
    expect(await page.getByText('Erro ao consultar CEP').count()).toBe(0)
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'address')
    await snap(page, 'polish-5-cep-fora-390')
    // the fields take the address by hand and the buyer goes on
    await page.getByLabel('Endereço', { exact: true }).fill('Avenida Paulista')
    await page.getByLabel('Número').fill('1000')
    await page.getByLabel('Cidade').fill('São Paulo')
    await page.getByLabel('Estado').selectOption('SP')
    await page.getByRole('radio', { name: /PAC/ }).check()
    await continueToPayment(page)
    await context.close()
  })

  it('a digital buyer gets the access before any upsell, and back on the checkout is told of the pending order', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    const checkout = `/digital-checkout/${storeId}/${ebookId}`
    await buyDigital(page, checkout, { buyer: customer, method: /PIX/ })
    const orderUrl = page.url()

    // item 8: the buyer comes back to the checkout: the pending order is named, with the way back to it
    await page.goto(checkout)
    const notice = page.getByTestId('pending-order')
    await notice.getByText('Você já tem um pedido aguardando pagamento').waitFor()
    await snap(page, 'polish-8-pedido-pendente-390')
    await notice.getByRole('link', { name: 'Ver pedido e pagar' }).click()
    await page.waitForURL(orderUrl)

    // item 9: paid, the access is there and the upsell waits for a tap, saying where it leads
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByRole('link', { name: 'Acessar Produto' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('upsell').waitFor()
    expect(await page.getByTestId('upsell-destination').textContent()).toContain('ofertas.example.com')
    expect(await page.getByTestId('upsell-countdown').count()).toBe(0)
    // longer than the link's 1 s delay: still here, with the access
    await page.waitForTimeout(2500)
    expect(page.url()).toBe(orderUrl)
    await snap(page, 'polish-9-upsell-digital-390')

    // once paid, the checkout no longer speaks of a pending order
    await page.goto(checkout)
    await page.getByLabel('Nome completo').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('pending-order').count()).toBe(0)
    await context.close()
  })

  it("the admin's 'Ver todas' opens the platform's orders, each with its store", async () => {
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    await seeAllOrders(admin, DESKTOP, '1280')
    await seeAllOrders(admin, PHONE, '390')
  })
})

async function seeAllOrders(admin: string, device: object, width: string) {
  const { page, context } = await e2e.openSignedIn(admin, '/admin', { device })
  await page.getByRole('button', { name: 'Ver todas' }).click()
  await page.waitForURL(/\/admin\/orders$/)
  await page.getByRole('heading', { name: 'Pedidos da Plataforma' }).waitFor()
  const stores = page.getByTestId('order-store')
  await stores.first().waitFor()
  expect(new Set(await stores.allTextContents())).toEqual(new Set(['Loja do João']))
  // the store page's filters work here too (behind 'Filtros' on a phone)
  if (device === PHONE) await page.getByRole('button', { name: /^Filtros/ }).click()
  await page.getByLabel('Status').selectOption('PAID')
  await page.getByRole('row', { name: /#100/ }).first().waitFor()
  await snap(page, `polish-13-admin-pedidos-${width}`)
  await context.close()
}
