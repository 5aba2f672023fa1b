import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiLogin,
  callApi,
  createDigitalShop,
  DESKTOP,
  newPage,
  PHONE,
  useSession as putSession,
  setupE2E,
  snap,
} from './support'

/**
 * What a person sees (issue 27): the review prompt offers every product of the order, a CEP service that is down,
 * the pending order a returning buyer already has, a digital buyer's access before any upsell, and the admin's
 * platform orders behind 'Ver todas'.
 */
const ADMIN_EMAIL = 'admin@polish.test'
const ADMIN_PASSWORD = 'senha-admin-123'
// A CEP service that is down (every lookup answers 500), started on port 0.
const down = createServer((_req, res) => {
  res.statusCode = 500
  res.end('{}')
})
let downUrl = ''
beforeAll(async () => {
  await new Promise<void>((r) => down.listen(0, '127.0.0.1', () => r()))
  downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}/ws`
})
afterAll(() => new Promise<void>((r) => down.close(() => r())))
const e2e = setupE2E({
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  get CEP_LOOKUP_URL() {
    return downUrl
  },
} as unknown as Record<string, string>)

let token: string
let storeId: string
let ebookId: string
let mugId: string
let bumpId: string
const customer = { name: 'João Pereira', email: 'joao@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }

beforeAll(async () => {
  const url = e2e.server.url
  ;({
    token,
    storeId,
    productId: ebookId,
  } = await createDigitalShop(url, {
    merchant: 'Lojista do João',
    store: 'Loja do João',
    product: 'E-book Receitas do João',
    price: 19.9,
    sandboxKey: 'sk_sandbox_e2e_polish_01',
  }))
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(url, token, method, path, body)
  mugId = (
    await api<{ id: string }>('POST', `/stores/${storeId}/products`, {
      name: 'Caneca do João',
      price: 49.9,
      type: 'PHYSICAL',
      stock: 20,
    })
  ).id
  await api('POST', `/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 5.9, estimatedDays: 7 })
  bumpId = (
    await api<{ id: string }>('POST', `/stores/${storeId}/order-bumps`, {
      title: 'Leve o e-book',
      productId: ebookId,
      showOnProducts: [mugId],
    })
  ).id
  await api('POST', `/stores/${storeId}/upsells`, {
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
    const options = await callApi<{ options: { id: string }[] }>(
      e2e.server.url,
      '',
      'POST',
      `/stores/${storeId}/shipping/calculate`,
      { zipCode: '01310-100', items: [{ productId: mugId, quantity: 1 }] },
    )
    const created = await callApi<{ orderPageUrl: string }>(e2e.server.url, '', 'POST', '/checkout/create-order', {
      storeId,
      productId: mugId,
      productType: 'PHYSICAL',
      customer,
      shipping: {
        zipCode: '01310-100',
        address: 'Avenida Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
        method: options.options[0].id,
      },
      payment: { method: 'pix' },
      items: [{ productId: mugId, quantity: 1 }],
      orderBumps: [bumpId],
    })
    const { page, context } = await newPage(e2e.browser, e2e.server.url, PHONE)
    await watchCsp(page)
    await page.goto(created.orderPageUrl)
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento Confirmado').waitFor({ timeout: 15_000 })
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
    const { page, context } = await newPage(e2e.browser, e2e.server.url, PHONE)
    await page.goto(`/checkout/${storeId}/${mugId}`)
    await page.getByLabel('Nome completo').fill(customer.name)
    await page.getByLabel('E-mail').fill(customer.email)
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    await page.getByLabel('CPF').pressSequentially('52998224725')
    await page.getByRole('button', { name: 'Continuar para Envio' }).click()
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
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByRole('radio', { name: /PIX/ }).waitFor()
    await context.close()
  })

  it('a digital buyer gets the access before any upsell, and back on the checkout is told of the pending order', async () => {
    const { page, context } = await newPage(e2e.browser, e2e.server.url, PHONE)
    const checkout = `/digital-checkout/${storeId}/${ebookId}`
    await page.goto(checkout)
    await page.getByLabel('Nome completo').fill(customer.name)
    await page.getByLabel('E-mail').fill(customer.email)
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    await page.getByLabel('CPF').pressSequentially('52998224725')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByRole('radio', { name: /PIX/ }).click()
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.waitForURL(/\/pedido\/[0-9a-f-]{36}\?t=/)
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
  const { page, context } = await newPage(e2e.browser, e2e.server.url, device)
  await putSession(page, e2e.server.url, admin)
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Ver todas' }).click()
  await page.waitForURL(/\/admin\/orders$/)
  await page.getByRole('heading', { name: 'Pedidos da Plataforma' }).waitFor()
  const stores = page.getByTestId('order-store')
  await stores.first().waitFor()
  expect(new Set(await stores.allTextContents())).toEqual(new Set(['Loja do João']))
  // the store page's filters work here too
  await page.getByLabel('Status').selectOption('PAID')
  await page.getByRole('row', { name: /#100/ }).first().waitFor()
  await snap(page, `polish-13-admin-pedidos-${width}`)
  await context.close()
}
