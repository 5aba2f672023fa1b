import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BUYER } from './buyer'
import { type Api, configureSandbox, createMerchant, createProduct, createStore, placePhysicalOrder } from './shop'
import { setupE2E, snap, waitForToast } from './support'

const e2e = setupE2E()
const WIDE = { viewport: { width: 1280, height: 800 } }

const customer = {
  ...BUYER,
  name: 'Maria Aparecida dos Santos Figueiredo de Albuquerque',
  email: 'maria.aparecida.figueiredo.albuquerque@empresa-exemplo.com.br',
}

/** A store with long names everywhere (the worst case for the tables), ready to sell, and its sales. */
async function busyStore(api: Api) {
  const storeId = await createStore(api, 'Empório Artesanal da Serra Gaúcha')
  const shirtId = await createProduct(api, storeId, {
    name: 'Camiseta Estampada de Algodão Orgânico Edição Limitada Verão 2026',
    description:
      'Malha penteada 30.1, estampa em serigrafia com tintas à base de água, modelagem unissex e acabamento reforçado.',
    price: 1249.9,
    type: 'PHYSICAL',
    stock: 12345,
  })
  await createProduct(api, storeId, {
    name: 'Curso Completo de Marketing Digital para Pequenos Lojistas',
    price: 1997,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.pdf',
  })
  await createProduct(api, storeId, { name: 'Caneca Esgotada', price: 39.9, type: 'PHYSICAL', stock: 0 })
  await api('POST', `/stores/${storeId}/shipping`, {
    name: 'Transportadora Expressa Nacional com Seguro',
    description: 'Coleta no mesmo dia útil, rastreamento completo e seguro contra extravio incluído no valor.',
    basePrice: 1234.56,
    freeShippingThreshold: 10000,
    estimatedDays: 12,
    zipCodeRules: [
      {
        name: 'Região Norte e Centro-Oeste',
        zipCodePattern: '66000000-69999999, 76800000-77999999, 78000000-78899999',
        priceMultiplier: 1.75,
        additionalDays: 5,
      },
      { name: 'Capital SP', zipCodePattern: '01000000-05999999', priceMultiplier: 0.8, additionalDays: 0 },
    ],
  })
  await configureSandbox(api, storeId, 'sk_sandbox_e2e_tables_01')
  for (let i = 0; i < 3; i++) await placePhysicalOrder(e2e.server.url, { storeId, productId: shirtId, customer })
  return storeId
}

/** Every matched element lies inside the viewport's width (nothing pushed off to the right). */
async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const width = page.viewportSize()?.width ?? 0
  const n = await locator.count()
  expect(n, what).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) {
    const box = await locator.nth(i).boundingBox()
    expect(box, `${what} #${i} is rendered`).not.toBeNull()
    expect(box!.x, `${what} #${i} left`).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width, `${what} #${i} right edge`).toBeLessThanOrEqual(width)
  }
}

/** The table's column titles are `columns`, every one on screen. */
async function expectColumns(page: Page, table: Locator, what: string, columns: string[]) {
  expect(await table.locator('thead th').allTextContents()).toEqual(columns)
  await expectInsideViewport(page, table.locator('thead th'), `${what} header`)
}

/** The table needs no sideways scrolling: its wrapper is as wide as its content. */
async function expectNoSideScroll(table: Locator) {
  const overflow = await table.evaluate((el) => {
    const wrap = el.parentElement as HTMLElement
    return wrap.scrollWidth - wrap.clientWidth
  })
  expect(overflow).toBeLessThanOrEqual(0)
}

describe('merchant tables at 1280 px', () => {
  it('sales, products and shipping show every column and action on screen, with pt-BR numbers and titles', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Lojista Tabelas')
    const storeId = await busyStore(api)
    const { page } = await e2e.openSignedIn(token, '/sales', { device: WIDE })
    const sales = page.locator('table[aria-label="Vendas"]')
    await sales.locator('tbody tr').first().waitFor()
    await expect.poll(() => sales.locator('tbody tr').count()).toBe(3)
    await snap(page, 'merchant-tables-sales-1280')
    expect(await page.title()).toBe('Vendas · Checkout Platform')
    await expectColumns(page, sales, 'sales', ['Pedido', 'Cliente', 'Loja e itens', 'Total', 'Status', 'Ações'])
    await expectInsideViewport(page, sales.locator('tbody .badge'), 'sales status')
    await expectInsideViewport(page, sales.getByRole('button', { name: 'Ver' }), 'sales action')
    await expectNoSideScroll(sales)
    // R$ 1.249,90 + shipping R$ 1.234,56 × 0,8 (Capital SP): thousands with a dot, cents with a comma.
    expect(await sales.locator('tbody tr').first().textContent()).toMatch(/R\$\s2\.237,55/)

    await page.goto(`/store/${storeId}/products`)
    const products = page.locator('table.products-table')
    await products.locator('tbody tr').nth(2).waitFor()
    await snap(page, 'merchant-tables-products-1280')
    await expect.poll(() => page.title()).toBe('Produtos · Empório Artesanal da Serra Gaúcha')
    await expectColumns(page, products, 'products', ['Produto', 'Preço', 'Tipo e estoque', 'Link de Compra', 'Ações'])
    for (const name of ['Visualizar', 'Copiar', 'Editar', 'Excluir'])
      await expectInsideViewport(page, products.getByRole('button', { name }), `products '${name}'`)
    await expectNoSideScroll(products)
    const shirtRow = products.locator('tbody tr', { hasText: 'Camiseta Estampada' })
    expect(await shirtRow.textContent()).toMatch(/R\$\s1\.249,90/)
    expect(await shirtRow.textContent()).toContain('12.342 em estoque')
    expect(await products.locator('tbody tr', { hasText: 'Caneca Esgotada' }).textContent()).toContain('Esgotado')
    // Payment and shipping are configured: no warning over the list.
    expect(await page.getByTestId('readiness-warning').count()).toBe(0)
    // The edit form shows the price with a decimal comma and takes one typed with a thousands dot.
    await shirtRow.getByRole('button', { name: 'Editar' }).click()
    expect(await page.getByLabel('Preço (R$) *').inputValue()).toBe('1249,90')
    await snap(page, 'merchant-tables-product-edit')
    // Typed the Brazilian way, thousands dot included.
    await page.getByLabel('Preço (R$) *').fill('1.249,90')
    await page.getByRole('button', { name: 'Salvar Alterações' }).click()
    await page.getByText('Produto atualizado com sucesso!').waitFor()
    expect(await shirtRow.textContent()).toMatch(/R\$\s1\.249,90/)

    await page.goto(`/store/${storeId}/shipping`)
    const shipping = page.locator('table.shipping-table')
    await shipping.locator('tbody tr').first().waitFor()
    await snap(page, 'merchant-tables-shipping-1280')
    await expect.poll(() => page.title()).toBe('Opções de Frete · Empório Artesanal da Serra Gaúcha')
    await expectColumns(page, shipping, 'shipping', ['Opção', 'Preço e prazo', 'Regras por CEP', 'Status', 'Ações'])
    await expectInsideViewport(page, shipping.locator('tbody .badge'), 'shipping status')
    for (const name of ['Editar', 'Excluir'])
      await expectInsideViewport(page, shipping.getByRole('button', { name }), `shipping '${name}'`)
    await expectNoSideScroll(shipping)
    const row = await shipping.locator('tbody tr').first().textContent()
    expect(row).toMatch(/R\$\s1\.234,56/)
    expect(row).toMatch(/grátis acima de R\$\s10\.000,00/)
    expect(row).toContain('×1,75 +5 dias')
    expect(row).toContain('×0,8')
    await shipping.getByRole('button', { name: 'Editar' }).click()
    expect(await page.getByLabel('Preço base (R$) *').inputValue()).toBe('1234,56')
    expect(await page.getByLabel('Frete grátis a partir de (R$)').inputValue()).toBe('10000,00')
    expect(await page.getByLabel('Multiplicador').first().inputValue()).toBe('1,75')
    await page.getByRole('button', { name: 'Salvar Alterações' }).click()
    await page.getByText('Opção de frete atualizada com sucesso!').waitFor()
    expect(await shipping.locator('tbody tr').first().textContent()).toMatch(/R\$\s1\.234,56/)

    // The favicon is served and linked.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg')
    const icon = await fetch(`${e2e.server.url}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
  })
})

describe('store readiness', () => {
  it('a new store sees what is missing on the dashboard and the products page, and the fix on each page', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Lojista Nova')
    const storeId = await createStore(api, 'Loja Recém-Criada')
    await createProduct(api, storeId, { name: 'Vaso de Cerâmica', price: 89.9, type: 'PHYSICAL', stock: 3 })
    const { page } = await e2e.openSignedIn(token, `/store/${storeId}/dashboard`, { device: WIDE, toasts: true })
    const checklist = page.getByTestId('readiness-checklist')
    await checklist.waitFor()
    expect(await page.title()).toBe('Dashboard da Loja · Loja Recém-Criada')
    expect(await checklist.getByRole('heading').textContent()).toBe('Antes de vender')
    const item = (id: string) => checklist.locator(`[data-readiness="${id}"]`)
    expect(await item('payment').getAttribute('data-ok')).toBe('false')
    expect(await item('products').getAttribute('data-ok')).toBe('true')
    expect(await item('shipping').getAttribute('data-ok')).toBe('false')
    expect(await item('checkout').textContent()).toContain('(opcional)')
    expect(await checklist.textContent()).toContain('1 de 3 itens obrigatórios')
    await snap(page, 'readiness-dashboard-new-store')

    // The products page warns while the links cannot sell.
    await page.goto(`/store/${storeId}/products`)
    const warning = page.getByTestId('readiness-warning')
    await warning.waitFor()
    expect(await warning.textContent()).toContain('Ativo Pay')
    expect(await warning.textContent()).toContain('Nenhuma opção de frete ativa')
    await snap(page, 'readiness-products-warning')

    // The payment page says there is no key instead of 'Testando' forever.
    await warning.getByRole('link', { name: 'Configurar pagamentos' }).click()
    await page.getByRole('heading', { name: 'Configuração de Pagamentos' }).waitFor()
    expect(await page.getByTestId('connection-status').textContent()).toBe('Não configurado')
    await page.locator('input[name="ativoPayApiKey"]').fill('sk_sandbox_e2e_ready_01')
    await page.getByRole('button', { name: 'Salvar Configuração' }).click()
    await waitForToast(page, 'Configuração salva com sucesso!')
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toBe('Conectado')

    // Shipping: no option yet; the merchant turns the fallback on from the shipping page.
    await page.goto(`/store/${storeId}/shipping`)
    const fallback = page.getByTestId('shipping-fallback')
    await fallback.waitFor()
    const toggle = fallback.getByRole('checkbox', { name: 'Oferecer frete padrão quando não houver opção para o CEP' })
    expect(await toggle.isChecked()).toBe(false)
    expect(await fallback.textContent()).toContain('não conseguem finalizar a compra')
    await snap(page, 'readiness-shipping-fallback-off')
    await toggle.check()
    await waitForToast(page, 'Configuração de frete salva com sucesso!')
    await expect.poll(() => fallback.textContent()).toMatch(/Padrão R\$\s10,00/)
    expect(await api('GET', `/stores/${storeId}/shipping/settings`)).toEqual({ fallbackEnabled: true })
    await snap(page, 'readiness-shipping-fallback-on')

    await page.goto(`/store/${storeId}/dashboard`)
    await expect.poll(() => checklist.getByRole('heading').textContent()).toBe('Sua loja está pronta para vender')
    expect(await checklist.textContent()).toContain('3 de 3 itens obrigatórios')
    // Only the optional suggestion stays in view once the store is ready.
    expect(await checklist.locator('[data-readiness]').count()).toBe(1)
    expect(await item('checkout').count()).toBe(1)
    await snap(page, 'readiness-dashboard-ready')

    await page.goto(`/store/${storeId}/products`)
    await page.locator('table.products-table tbody tr').first().waitFor()
    expect(await page.getByTestId('readiness-warning').count()).toBe(0)
  })
})
