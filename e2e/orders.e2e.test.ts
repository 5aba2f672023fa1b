import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BUYER } from './buyer'
import { configureSandbox, createMerchant, createProduct, createStore, placeDigitalOrder } from './shop'
import { setupE2E, snap } from './support'

const e2e = setupE2E()

/** A store with 45 digital PIX orders placed through the checkout API (#1001 … #1045), every 5th by Ana Beatriz. */
async function storeWithOrders() {
  const { token, api } = await createMerchant(e2e.server.url, 'Lojista Pedidos')
  const storeId = await createStore(api, 'Loja Cheia')
  const productId = await createProduct(api, storeId, {
    name: 'Curso de Fotografia',
    price: 30,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.pdf',
  })
  await configureSandbox(api, storeId, 'sk_sandbox_e2e_orders_1')
  for (let i = 0; i < 45; i++) {
    const name = i % 5 === 0 ? 'Ana Beatriz' : 'Carlos Lima'
    const customer = { ...BUYER, name, email: `${name.split(' ')[0].toLowerCase()}@example.com` }
    await placeDigitalOrder(e2e.server.url, { storeId, productId, customer })
  }
  return { token, storeId }
}

describe('orders page', () => {
  it('pages through the orders with the server, filters them and exports every match', async () => {
    const { token, storeId } = await storeWithOrders()
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/orders`)
    await page.getByRole('heading', { name: 'Pedidos' }).waitFor()

    // Summary cards come from the rollups the event handlers keep: wait for all 45.
    await page.getByText('Página 1 de 3').waitFor()
    expect(await page.locator('.orders-summary').textContent()).toContain('45')
    await page.getByRole('cell', { name: /#1045/ }).waitFor()
    expect(await page.locator('tbody tr').count()).toBe(20)
    await snap(page, 'orders-pages-1')

    await page.getByRole('button', { name: 'Próxima' }).click()
    await page.getByText('Página 2 de 3').waitFor()
    await page.getByRole('cell', { name: /#1025/ }).waitFor()
    await page.getByRole('button', { name: 'Próxima' }).click()
    await page.getByText('Página 3 de 3').waitFor()
    await page.getByRole('cell', { name: /#1001/ }).waitFor()
    expect(await page.locator('tbody tr').count()).toBe(5)
    expect(await page.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true)
    await snap(page, 'orders-pages-3')
    await page.getByRole('button', { name: 'Anterior' }).click()
    await page.getByText('Página 2 de 3').waitFor()
    await page.getByRole('cell', { name: /#1025/ }).waitFor()

    // A filter goes back to page 1 with its own count.
    await page.getByLabel('Buscar').fill('ana beatriz')
    await page.getByText('Página 1 de 1').waitFor()
    await page.getByRole('cell', { name: /#1041/ }).waitFor()
    expect(await page.locator('tbody tr').count()).toBe(9)
    expect(await page.locator('.orders-summary').textContent()).toContain('9')
    await snap(page, 'orders-pages-filtro')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar' }).click(),
    ])
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(10)
    expect(lines.slice(1).every((l) => l.includes('Ana Beatriz'))).toBe(true)
    await context.close()
  })
})
