import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeCep } from './fake-cep'
import { apiLogin, callApi, createDigitalShop, DESKTOP, newPage, PHONE, setupE2E, snap, useSession } from './support'

/**
 * axe-core over every kind of page a person sees: the buyer's checkout steps and order pages (PIX, boleto, paid),
 * the merchant's screens and the admin's. A serious or critical violation fails the test, naming rule and nodes.
 * Buyer pages must also keep a clean console (no CSP violation, no error).
 */
const ADMIN_EMAIL = 'admin@a11y.test'
const ADMIN_PASSWORD = 'senha-admin-123'
let cep: Awaited<ReturnType<typeof startFakeCep>>
let e2e: ReturnType<typeof setupE2E>

beforeAll(async () => {
  cep = await startFakeCep()
})
afterAll(async () => {
  await cep?.close()
})
e2e = setupE2E({
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  get CEP_LOOKUP_URL() {
    return cep.url
  },
} as unknown as Record<string, string>)

let token: string
let storeId: string
let digitalId: string
let physicalId: string
let pixUrl: string
let boletoUrl: string
let paidUrl: string

const customer = { name: 'Maria da Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? n.failureSummary}]`).join(' | ')}`,
    )
}

async function landmarks(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withRules(['landmark-one-main', 'region']).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.length} node(s)`)
}

/** Console errors and CSP violations of a buyer page (the page must keep its console clean). */
async function watchConsole(page: Page) {
  const seen: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) seen.push(m.text())
  })
  page.on('pageerror', (e) => seen.push(e.message))
  return seen
}

beforeAll(async () => {
  const url = e2e.server.url
  ;({
    token,
    storeId,
    productId: digitalId,
  } = await createDigitalShop(url, {
    merchant: 'Lojista Acessível',
    store: 'Loja Acessível',
    product: 'Curso de Libras',
    price: 97,
    sandboxKey: 'sk_sandbox_e2e_a11y_01',
  }))
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(url, token, method, path, body)
  physicalId = (
    await api<{ id: string }>('POST', `/stores/${storeId}/products`, {
      name: 'Caneca Personalizada',
      price: 49.9,
      type: 'PHYSICAL',
      stock: 50,
    })
  ).id
  await api('POST', `/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 5.9, estimatedDays: 7 })
  await api('POST', `/stores/${storeId}/order-bumps`, {
    title: 'Leve o curso junto',
    productId: digitalId,
    discountType: 'PERCENTAGE',
    discountValue: 10,
  })
  const order = (method: string) =>
    callApi<{ orderPageUrl: string }>(url, '', 'POST', '/checkout/create-digital-order', {
      storeId,
      productId: digitalId,
      productType: 'DIGITAL',
      customer,
      payment: { method },
      items: [{ productId: digitalId, quantity: 1 }],
    })
  pixUrl = (await order('pix')).orderPageUrl
  boletoUrl = (await order('bank_slip')).orderPageUrl
  paidUrl = (await order('pix')).orderPageUrl
})

describe('accessibility: no serious or critical axe violation', () => {
  it('buyer checkout steps (physical 1–3, digital) at 390 px, with a clean console', async () => {
    const { page, context } = await newPage(e2e.browser, e2e.server.url, PHONE)
    const logs = await watchConsole(page)
    await page.goto(`/checkout/${storeId}/${physicalId}`)
    await page.getByLabel('Nome completo').waitFor()
    expect(await violations(page), 'checkout step 1').toEqual([])
    expect(await landmarks(page), 'checkout step 1 landmarks').toEqual([])
    await page.getByLabel('Nome completo').fill(customer.name)
    await page.getByLabel('E-mail').fill(customer.email)
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    await page.getByLabel('CPF').pressSequentially('52998224725')
    await page.getByRole('button', { name: 'Continuar para Envio' }).click()
    await page.getByLabel('CEP').pressSequentially('01310100')
    await page.getByText('Endereço encontrado').waitFor()
    await page.getByLabel('Número').fill('1000')
    await page.getByRole('radio', { name: /PAC/ }).check()
    expect(await violations(page), 'checkout step 2').toEqual([])
    await snap(page, 'a11y-checkout-step2-390')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByRole('radio', { name: /PIX/ }).waitFor()
    expect(await violations(page), 'checkout step 3').toEqual([])
    await snap(page, 'a11y-checkout-step3-390')
    await page.goto(`/digital-checkout/${storeId}/${digitalId}`)
    await page.getByLabel('Nome completo').waitFor()
    expect(await violations(page), 'digital checkout').toEqual([])
    await snap(page, 'a11y-digital-checkout-390')
    expect(logs).toEqual([])
    await context.close()
  })

  it('order pages: PIX, boleto and paid, with a clean console', async () => {
    const { page, context } = await newPage(e2e.browser, e2e.server.url, PHONE)
    const logs = await watchConsole(page)
    await page.goto(pixUrl)
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()
    expect(await violations(page), 'order PIX').toEqual([])
    expect(await landmarks(page), 'order page landmarks').toEqual([])
    await snap(page, 'a11y-order-pix-390')
    await page.goto(boletoUrl)
    await page
      .getByText(/boleto/i)
      .first()
      .waitFor()
    expect(await violations(page), 'order boleto').toEqual([])
    await snap(page, 'a11y-order-boleto-390')
    await page.goto(paidUrl)
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento Confirmado').waitFor({ timeout: 15_000 })
    expect(await violations(page), 'order paid').toEqual([])
    await snap(page, 'a11y-order-paid-390')
    expect(logs).toEqual([])
    await context.close()
  })

  it('login and register', async () => {
    const { page, context } = await newPage(e2e.browser, e2e.server.url, DESKTOP)
    for (const path of ['/login', '/register']) {
      await page.goto(path)
      await page.getByRole('button').first().waitFor()
      expect(await violations(page), path).toEqual([])
      expect(await landmarks(page), `${path} landmarks`).toEqual([])
    }
    await context.close()
  })

  it("the merchant's screens", async () => {
    const { page, context } = await newPage(e2e.browser, e2e.server.url, DESKTOP)
    await useSession(page, e2e.server.url, token)
    const pages: [string, string][] = [
      ['dashboard', 'Dashboard'],
      ['products', 'Produtos da Loja'],
      ['orders', 'Pedidos'],
      ['customize-checkout', 'Personalizar Checkout'],
      ['shipping', 'Opções de Frete'],
      ['order-bumps', 'Order Bumps'],
      ['upsells', 'Pós-Compra'],
      ['payment-configuration', 'Configuração de Pagamento'],
      ['reviews-management', 'Avaliações'],
      ['facebook-pixel', 'Pixel'],
      ['integrations', 'Integrações'],
    ]
    const found: string[] = []
    for (const [section] of pages) {
      await page.goto(`/store/${storeId}/${section}`)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      found.push(...(await violations(page)).map((v) => `${section}: ${v}`))
    }
    for (const path of ['/sales', '/account-settings']) {
      await page.goto(path)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
    await context.close()
  })

  it("the admin's screens", async () => {
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const { page, context } = await newPage(e2e.browser, e2e.server.url, DESKTOP)
    await useSession(page, e2e.server.url, admin)
    const found: string[] = []
    for (const path of ['/admin', '/admin/panel', '/admin/orders']) {
      await page.goto(path)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
    await context.close()
  })
})
