import { expect, it } from 'vitest'
import { digitalShopForFile } from './shop'
import { PHONE, setupE2E } from './support'

const e2e = setupE2E()
const shop = digitalShopForFile(e2e, { store: 'Loja Rápida', product: 'Curso <Rápido> & "Direto"', price: 47.5 })
const checkout = () => `/digital-checkout/${shop.storeId}/${shop.productId}?utm_source=e2e`

it('shows the checkout before any JavaScript runs: store, title, product and price as the page draws them', async () => {
  const { context, page } = await e2e.newPage({ ...PHONE, javaScriptEnabled: false })
  await page.goto(checkout())
  expect(await page.title()).toBe('Finalizar Compra Digital · Loja Rápida')
  // 'Resumo do pedido' first, folded to the product, its total and the price by PIX (the store has no discount).
  const summary = page.getByTestId('order-summary')
  expect(await summary.locator('.ck-summary-name').textContent()).toBe('Curso <Rápido> & "Direto"')
  expect(await summary.locator('.ck-summary-peek').textContent()).toBe('R$\u00a047,50')
  expect(await page.getByTestId('summary-pix-price').textContent()).toBe('R$ 47,50 no PIX')
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Curso <Rápido>')
  await page.getByRole('heading', { name: 'Seus dados' }).waitFor()
  await context.close()
}, 60_000)

it('keeps the drawn page when React takes over: the same nodes, no error, and the form works', async () => {
  const { context, page } = await e2e.newPage(PHONE)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { __drawn: Element | null }).__drawn = document.querySelector('.ck-page')
    })
  })
  await page.goto(checkout())
  // Taps wait for React (a bare form would submit the buyer's data in the URL); then the page is live.
  await page.waitForFunction(() => document.getElementById('root')?.style.pointerEvents === '')
  const kept = await page.evaluate(
    () => (window as unknown as { __drawn: Element | null }).__drawn === document.querySelector('.ck-page'),
  )
  expect(kept).toBe(true)
  // The code was asked for after the drawn page's first paint (checkout-boot.js), not beside the HTML.
  const [paintAt, codeAt] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.+\.js$/.test(r.name))
        .map((r) => r.startTime),
    ),
  ])
  expect(codeAt).toBeGreaterThan(paintAt)
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
