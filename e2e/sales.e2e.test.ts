import { describe, expect, it } from 'vitest'
import { BUYER } from './buyer'
import { configureSandbox, createMerchant, createProduct, createStore, placeDigitalOrder } from './shop'
import { PHONE, putSession, setupE2E, snap, waitForToast } from './support'

const e2e = setupE2E()

/** A merchant with two stores and 12 digital PIX sales placed by buyers through the checkout API. */
async function merchantWithSales() {
  const { token, api } = await createMerchant(e2e.server.url, 'Lojista Vendas')
  for (const [storeName, count] of [
    ['Loja Centro', 9],
    ['Loja Praia', 3],
  ] as const) {
    const storeId = await createStore(api, storeName)
    const productId = await createProduct(api, storeId, {
      name: `Curso ${storeName}`,
      price: 49.9,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/curso.pdf',
    })
    await configureSandbox(api, storeId, 'sk_sandbox_e2e_sales_01')
    for (let i = 0; i < count; i++) {
      const name = i === 0 && storeName === 'Loja Praia' ? 'Joana Prado' : i % 2 ? 'Carlos Lima' : 'Beatriz Souza'
      const customer = { ...BUYER, name, email: 'comprador@example.com' }
      await placeDigitalOrder(e2e.server.url, { storeId, productId, customer })
    }
  }
  return { token }
}

describe('sales screen', () => {
  it('filters, paginates, opens a sale and changes its status', async () => {
    const { token } = await merchantWithSales()
    const { context, page } = await e2e.openSignedIn(token, '/dashboard', { toasts: true })
    await page.getByRole('link', { name: 'Vendas' }).click()
    await page.waitForURL('**/sales')
    await page.getByRole('heading', { name: 'Vendas', level: 1 }).waitFor()
    const rows = page.locator('table[aria-label="Vendas"] tbody tr')
    await page.getByText('Página 1 de 2').waitFor()
    expect(await rows.count()).toBe(10)
    // Newest first: the last sale placed was the third of Loja Praia.
    await expect.poll(() => rows.first().textContent()).toContain('Loja Praia')
    await snap(page, 'sales-list')

    await page.getByRole('button', { name: 'Próxima' }).click()
    await page.getByText('Página 2 de 2').waitFor()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await page.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Anterior' }).click()
    await page.getByText('Página 1 de 2').waitFor()

    // A bad amount range is judged by the route's own schema before any request.
    await page.getByLabel('Valor mínimo (R$)').fill('50')
    await page.getByLabel('Valor máximo (R$)').fill('10')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('O valor máximo deve ser maior ou igual ao mínimo').waitFor()
    await page.getByLabel('Valor mínimo (R$)').fill('')
    await page.getByLabel('Valor máximo (R$)').fill('')

    await page.getByLabel('Cliente').fill('joana')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => rows.count()).toBe(1)
    await page.getByText('Página 1 de 1').waitFor()
    expect(await rows.first().textContent()).toContain('Joana Prado')

    await page.getByLabel('Pagamento').selectOption('Boleto')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('Nenhuma venda para exibir na tabela.').waitFor()
    await snap(page, 'sales-empty')
    await page.getByLabel('Pagamento').selectOption('PIX')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => rows.count()).toBe(1)

    // The sale's details; an unpaid sale cannot ship yet: the server's message shows under the status.
    await rows.first().getByRole('button', { name: 'Ver' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Joana Prado').waitFor()
    await dialog.getByRole('button', { name: 'Editar' }).click()
    await dialog.getByLabel('Status da venda').selectOption('Enviado')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Pedido de produto digital não tem envio.').waitFor()
    await snap(page, 'sales-status-refused')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.getByRole('button', { name: 'Editar' }).waitFor()
    expect(await dialog.textContent()).toContain('Pendente')

    // Escape closes; a click on the backdrop too.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await rows.first().getByRole('button', { name: 'Ver' }).click()
    await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } })
    await dialog.waitFor({ state: 'detached' })

    // A boleto paid at the counter: confirmed by hand; a digital sale is never 'Enviado' (fulfilment's own rule).
    await rows.first().getByRole('button', { name: 'Ver' }).click()
    await dialog.getByRole('button', { name: 'Editar' }).click()
    await dialog.getByLabel('Status da venda').selectOption('Pago')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await waitForToast(page, 'status alterado para Pago')
    await dialog.getByRole('button', { name: 'Editar' }).click()
    await dialog.getByLabel('Status da venda').selectOption('Enviado')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Pedido de produto digital não tem envio.').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.getByRole('button', { name: 'Editar' }).waitFor()
    expect(await dialog.textContent()).toContain('Pago')
    await snap(page, 'sales-detail-paid')
    await page.keyboard.press('Escape')
    await expect.poll(() => rows.first().textContent()).toContain('Pago')

    // The list by status: the paid sale is the only one.
    await page.getByRole('button', { name: 'Limpar' }).click()
    await page.getByText('Página 1 de 2').waitFor()
    await page.getByLabel('Status', { exact: true }).selectOption('Pago')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('Joana Prado')
    await snap(page, 'sales-filtered-paid')
    await context.close()
  })

  it('on a 390 px phone in an en-US browser: first sale above the fold, filters behind a button, dd/mm/aaaa dates, cards', async () => {
    const { token } = await merchantWithSales()
    // No pt-BR locale on purpose: a native date input would read mm/dd/yyyy here.
    const context = await e2e.browser.newContext({ ...PHONE, baseURL: e2e.server.url, locale: 'en-US' })
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await putSession(page, e2e.server.url, token)
    await page.goto('/sales')
    const rows = page.locator('table[aria-label="Vendas"] tbody tr')
    await page.getByText('Página 1 de 2').waitFor()

    // The first sale is on screen without any scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const box = await rows.first().boundingBox()
    expect(box).not.toBeNull()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844)
    // Rows are cards, and nothing scrolls sideways: not the page, not the table's box.
    expect(await rows.first().evaluate((r) => getComputedStyle(r).display)).toBe('block')
    expect(await rows.first().locator('td[data-label="Loja e itens"]').count()).toBe(1)
    const wide = () =>
      page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll<HTMLElement>('.table-wrap')]
          .filter((el) => el.scrollWidth > el.clientWidth)
          .map((el) => el.className || el.tagName),
      )
    expect(await wide()).toEqual([])
    await snap(page, 'sales-phone-390-list')

    // The filters wait behind 'Filtros'.
    const toggle = page.getByRole('button', { name: /^Filtros/ })
    const form = page.getByRole('form', { name: 'Filtros de vendas' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await form.isVisible()).toBe(false)
    await toggle.click()
    await form.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await toggle.getAttribute('aria-controls')).toBe(await form.getAttribute('id'))

    // Dates read and type as dd/mm/aaaa, whatever the browser's locale.
    const start = page.getByLabel('Data inicial')
    const end = page.getByLabel('Data final')
    expect(await start.getAttribute('placeholder')).toBe('dd/mm/aaaa')
    expect(await start.getAttribute('type')).not.toBe('date')
    await start.pressSequentially('01012020')
    expect(await start.inputValue()).toBe('01/01/2020')
    await end.pressSequentially('31/12/2099')
    expect(await end.inputValue()).toBe('31/12/2099')
    await snap(page, 'sales-phone-390-filters')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('Página 1 de 2').waitFor()
    await page.getByRole('button', { name: 'Filtros (2)' }).waitFor()

    // The dates reach the API: a range that ended in 2020 holds none of today's sales.
    await end.fill('')
    await end.pressSequentially('31122020')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('Nenhuma venda para exibir na tabela.').waitFor()
    // A date that does not exist is refused in the merchant's own format.
    await start.fill('')
    await start.pressSequentially('31022020')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByText('Data inicial inválida (use DD/MM/AAAA)').waitFor()
    expect(await wide()).toEqual([])
    await context.close()

    // At 1280 px the filters start open and the sales are still a table.
    const desk = await e2e.openSignedIn(token, '/sales', { device: { viewport: { width: 1280, height: 800 } } })
    await desk.page.getByText('Página 1 de 2').waitFor()
    expect(await desk.page.getByRole('button', { name: /^Filtros/ }).getAttribute('aria-expanded')).toBe('true')
    await desk.page.getByRole('form', { name: 'Filtros de vendas' }).waitFor()
    const deskRows = desk.page.locator('table[aria-label="Vendas"] tbody tr')
    expect(await deskRows.first().evaluate((r) => getComputedStyle(r).display)).toBe('table-row')
    expect(await desk.page.locator('table[aria-label="Vendas"] thead').isVisible()).toBe(true)
    await snap(desk.page, 'sales-desktop-1280-list')
    await desk.context.close()
  })

  it('shows the load failure in a red box, and fits a phone', async () => {
    const { token } = await createMerchant(e2e.server.url, 'Sem Vendas')
    const { context, page } = await e2e.openSignedIn(token, '/sales', { device: PHONE })
    await page.getByText('Nenhuma venda para exibir na tabela.').waitFor()
    await snap(page, 'sales-phone-empty')

    await page.route('**/api/sales?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    await page.route('**/api/sales', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    await page.reload()
    const alert = page.locator('.alert-danger')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('Falha ao carregar dados de vendas.')
    await snap(page, 'sales-phone-error')
    await context.close()
  })
})
