import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDigitalShop, type E2EServer, launchBrowser, newPage, PHONE, startServer } from './support'

let srv: E2EServer
let browser: Browser
let url: string

beforeAll(async () => {
  srv = await startServer()
  browser = await launchBrowser()
  const shop = await createDigitalShop(srv.url, {
    merchant: 'Lojista Primeira Pintura',
    store: 'Loja Rápida',
    product: 'Curso <Rápido> & "Direto"',
    price: 47.5,
    sandboxKey: 'sk_sandbox_e2e_first_paint_0001',
  })
  url = `/digital-checkout/${shop.storeId}/${shop.productId}?utm_source=e2e`
})

afterAll(async () => {
  await browser?.close()
  await srv?.close()
})

it('shows the checkout before any JavaScript runs: store, title, product and price as the page draws them', async () => {
  const { context, page } = await newPage(browser, srv.url, { ...PHONE, javaScriptEnabled: false })
  await page.goto(url)
  expect(await page.title()).toBe('Finalizar Compra Digital · Loja Rápida')
  expect(await page.locator('.ck-summary-bar-name').textContent()).toBe('Curso <Rápido> & "Direto"')
  expect(await page.locator('.ck-summary-bar-total').textContent()).toBe('Total R$\u00a047,50')
  await page.getByRole('heading', { name: 'Seus dados' }).waitFor()
  await context.close()
}, 60_000)

it('keeps the drawn page when React takes over: the same nodes, no error, and the form works', async () => {
  const { context, page } = await newPage(browser, srv.url, PHONE)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { __drawn: Element | null }).__drawn = document.querySelector('.ck-page')
    })
  })
  await page.goto(url)
  // Taps wait for React (a bare form would submit the buyer's data in the URL); then the page is live.
  await page.waitForFunction(() => document.getElementById('root')?.style.pointerEvents === '')
  const kept = await page.evaluate(
    () => (window as unknown as { __drawn: Element | null }).__drawn === document.querySelector('.ck-page'),
  )
  expect(kept).toBe(true)
  await page.getByLabel('Nome completo').fill('Maria')
  await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
  // React validates: the other fields are required.
  await page
    .getByText(/obrigatório/i)
    .first()
    .waitFor()
  expect(page.url()).toContain('utm_source=e2e')
  expect(page.url()).not.toContain('Maria')
  expect(errors).toEqual([])
  await context.close()
}, 60_000)
