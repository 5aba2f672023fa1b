import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { apiRegister, newPage, setupE2E, snap, useSession } from './support'

const e2e = setupE2E()

async function call<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2e.server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A store with 45 digital PIX orders placed through the checkout API (#1001 … #1045), every 5th by Ana Beatriz. */
async function storeWithOrders() {
  const token = await apiRegister(e2e.server.url, 'Lojista Pedidos', `pedidos-${Date.now()}@example.com`, 'senha-1234')
  const store = await call<{ id: string }>(token, 'POST', '/stores', { name: 'Loja Cheia' })
  const product = await call<{ id: string }>(token, 'POST', `/stores/${store.id}/products`, {
    name: 'Curso de Fotografia',
    price: 30,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.pdf',
  })
  await call(token, 'POST', `/payment/ativo-pay/payment-config?storeId=${store.id}`, {
    ativoPayApiKey: 'sk_sandbox_e2e_orders_1',
  })
  for (let i = 0; i < 45; i++) {
    const name = i % 5 === 0 ? 'Ana Beatriz' : 'Carlos Lima'
    await call(null, 'POST', '/checkout/create-digital-order', {
      storeId: store.id,
      productId: product.id,
      customer: {
        name,
        email: `${name.split(' ')[0].toLowerCase()}@example.com`,
        phone: '(11) 98765-4321',
        cpf: '529.982.247-25',
      },
      shipping: { address: 'Produto digital', number: '0', city: 'Digital', state: 'DG', zipCode: '00000000' },
      payment: { method: 'pix' },
    })
  }
  return { token, storeId: store.id }
}

describe('orders page', () => {
  it('pages through the orders with the server, filters them and exports every match', async () => {
    const { token, storeId } = await storeWithOrders()
    const { page, context } = await newPage(e2e.browser, e2e.server.url)
    await useSession(page, e2e.server.url, token)
    await page.goto(`/store/${storeId}/orders`)
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
