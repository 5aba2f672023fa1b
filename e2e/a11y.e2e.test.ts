import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../src/testing/test-app'
import { continueToPayment, continueToShipping, BUYER as customer, fillFoundAddress, simulatePayment } from './buyer'
import { startFakeCep } from './fake-cep'
import { type Api, createDigitalShop, createProduct, payInSandbox, placeDigitalOrder } from './shop'
import { apiLogin, DESKTOP, PHONE, setupE2E, snap, startForFile } from './support'

/**
 * axe-core over every kind of page a person sees: the buyer's checkout steps and order pages (PIX, boleto, paid),
 * the merchant's screens and the admin's. A serious or critical violation fails the test, naming rule and nodes.
 * Buyer pages must also keep a clean console (no CSP violation, no error).
 */
const ADMIN_EMAIL = 'admin@a11y.test'
const ADMIN_PASSWORD = 'senha-admin-123'
const cep = await startForFile(startFakeCep)
const e2e = setupE2E({ ADMIN_EMAIL, ADMIN_PASSWORD, CEP_LOOKUP_URL: cep.url })

let token: string
let storeId: string
let digitalId: string
let physicalId: string
/** Order pages (buyer links) of three orders placed in beforeAll. */
const orderPage = { pix: '', boleto: '', paid: '' }

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // An e-mail preview is a sandboxed iframe without scripts: axe cannot run inside it and would wait forever.
    // The frame element itself is still checked (its title); the message is the e-mail tests' business.
    .exclude('[data-testid="email-frame"]')
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

/** No serious or critical violation on the page, nor (`landmarks: true`) a landmark one; a failure names `what`. */
async function expectAccessible(page: Page, what: string, opts: { landmarks?: boolean } = {}) {
  expect(await violations(page), what).toEqual([])
  if (opts.landmarks) expect(await landmarks(page), `${what} landmarks`).toEqual([])
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
  const shop = await createDigitalShop(url, { store: 'Loja Acessível', product: 'Curso de Libras', price: 97 })
  ;({ token, storeId, productId: digitalId } = shop)
  physicalId = await createProduct(shop.api, storeId, {
    name: 'Caneca Personalizada',
    price: 49.9,
    type: 'PHYSICAL',
    stock: 50,
  })
  await shop.api('POST', `/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 5.9, estimatedDays: 7 })
  await shop.api('POST', `/stores/${storeId}/order-bumps`, {
    title: 'Leve o curso junto',
    productId: digitalId,
    discountType: 'PERCENTAGE',
    discountValue: 10,
  })
  const order = async (method: string) =>
    (await placeDigitalOrder(url, { storeId, productId: digitalId, customer, method })).orderPageUrl
  orderPage.pix = await order('pix')
  orderPage.boleto = await order('bank_slip')
  orderPage.paid = await order('pix')
  await seedMerchantData(shop.api)
})

/**
 * What the merchant's screens show when they are in use: a paid order with a partial refund (badges, the refunds
 * list), a coupon, and checkout sessions on 'Recuperação' (one open with WhatsApp, one whose buyer paid later).
 */
async function seedMerchantData(api: Api) {
  const url = e2e.server.url
  const paid = await placeDigitalOrder(url, { storeId, productId: digitalId, customer })
  await payInSandbox(url, paid)
  await waitFor(async () => {
    try {
      await api('POST', `/stores/${storeId}/orders/${paid.orderId}/refunds`, { amount: 10, reason: 'Ajuste' })
      return true
    } catch {
      return false
    }
  }, 20_000)
  await api('POST', `/stores/${storeId}/coupons`, { code: 'BEMVINDO', discountType: 'PERCENTAGE', discountValue: 10 })
  const report = (sessionId: string, email: string) =>
    fetch(`${url}/api/checkout/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionId,
        storeId,
        productId: digitalId,
        step: 1,
        fields: { customer: { name: 'Rita Souza', email, phone: '(11) 98765-4321' } },
        consent: true,
      }),
    })
  await report(randomUUID(), 'rita@example.com')
  await report(randomUUID(), customer.email)
}

/** The app's own pages the sidebar links to, as paths. */
/** The sidebar's links once the ones under `prefix` are drawn (a store's sections come after the stores load). */
async function sidebarPaths(page: Page, prefix: '/store/' | '/admin'): Promise<string[]> {
  await page.locator(`.sidebar a[href^="${prefix}"]`).first().waitFor()
  return page.locator('.sidebar a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
}

/** Every page at `paths`, drawn and settled, checked by axe: the violations, each named by its page. */
async function scan(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = []
  for (const path of paths) {
    await page.goto(path)
    await page.locator('h1').first().waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...(await violations(page)).map((v) => `${path}: ${v}`))
  }
  return found
}

describe('accessibility: no serious or critical axe violation', () => {
  it('buyer checkout steps (physical 1–3, digital) at 390 px, with a clean console', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    const logs = await watchConsole(page)
    await page.goto(`/checkout/${storeId}/${physicalId}`)
    await page.getByLabel('Nome completo').waitFor()
    await expectAccessible(page, 'checkout step 1', { landmarks: true })
    await continueToShipping(page, customer)
    await fillFoundAddress(page)
    await page.getByRole('radio', { name: /PAC/ }).check()
    await expectAccessible(page, 'checkout step 2')
    await snap(page, 'a11y-checkout-step2-390')
    await continueToPayment(page)
    await expectAccessible(page, 'checkout step 3')
    await snap(page, 'a11y-checkout-step3-390')
    await page.goto(`/digital-checkout/${storeId}/${digitalId}`)
    await page.getByLabel('Nome completo').waitFor()
    await expectAccessible(page, 'digital checkout')
    await snap(page, 'a11y-digital-checkout-390')
    expect(logs).toEqual([])
    await context.close()
  })

  it('order pages: PIX, boleto and paid, with a clean console', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    const logs = await watchConsole(page)
    await page.goto(orderPage.pix)
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()
    await expectAccessible(page, 'order PIX', { landmarks: true })
    await snap(page, 'a11y-order-pix-390')
    await page.goto(orderPage.boleto)
    await page
      .getByText(/boleto/i)
      .first()
      .waitFor()
    await expectAccessible(page, 'order boleto')
    await snap(page, 'a11y-order-boleto-390')
    await page.goto(orderPage.paid)
    await simulatePayment(page)
    await expectAccessible(page, 'order paid')
    await snap(page, 'a11y-order-paid-390')
    expect(logs).toEqual([])
    await context.close()
  })

  it('login and register', async () => {
    const { page, context } = await e2e.newPage(DESKTOP)
    for (const path of ['/login', '/register']) {
      await page.goto(path)
      await page.getByRole('button').first().waitFor()
      await expectAccessible(page, path, { landmarks: true })
    }
    await context.close()
  })

  it('every merchant screen the sidebar offers, with data', async () => {
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/dashboard`)
    // Every page the sidebar offers (a new section is swept without touching this test), and the ones outside it.
    const paths = await sidebarPaths(page, '/store/')
    expect(paths).toContain(`/store/${storeId}/recuperacao`)
    expect(paths).toContain(`/store/${storeId}/emails`)
    const found = await scan(page, [...new Set([...paths, '/dashboard', '/sales', '/account-settings', '/debug'])])
    expect(found).toEqual([])
    await context.close()
  }, 360_000)

  it("the merchant's modals (order with its refunds, sale) and screens at 390 px", async () => {
    const { page, context } = await e2e.openSignedIn(token)
    const found: string[] = []
    // The order detail with its refunds and the refund form, and a sale's detail.
    await page.goto(`/store/${storeId}/orders`)
    await page.getByRole('button', { name: 'Ver' }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Reembolsar' }).click()
    await page.getByLabel('Motivo').waitFor()
    found.push(...(await violations(page)).map((v) => `order detail: ${v}`))
    await page.goto('/sales')
    await page
      .getByRole('button', { name: /^Ver venda/ })
      .first()
      .click()
    await page.getByRole('dialog').waitFor()
    found.push(...(await violations(page)).map((v) => `sale detail: ${v}`))
    await context.close()

    const phone = await e2e.openSignedIn(token, undefined, { device: PHONE })
    found.push(
      ...(
        await scan(phone.page, [
          `/store/${storeId}/orders`,
          `/store/${storeId}/recuperacao`,
          `/store/${storeId}/emails`,
          '/sales',
        ])
      ).map((v) => `390 px ${v}`),
    )
    await phone.context.close()
    expect(found).toEqual([])
  }, 240_000)

  it("every admin screen, with a user's details", async () => {
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const { page, context } = await e2e.openSignedIn(admin, '/admin')
    const paths = (await sidebarPaths(page, '/admin')).filter((p) => p.startsWith('/admin'))
    expect(paths).toEqual(expect.arrayContaining(['/admin', '/admin/panel', '/admin/emails']))
    const found = await scan(page, [...new Set([...paths, '/admin/orders'])])
    await page.goto('/admin/panel')
    await page
      .getByRole('button', { name: /^Ver detalhes de/ })
      .first()
      .click()
    await page.getByRole('dialog').waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...(await violations(page)).map((v) => `user details: ${v}`))
    expect(found).toEqual([])
    await context.close()
  }, 240_000)
})
