/**
 * Issue 33, the merchant's screens at 390 px: registering signs in, the interest rate keeps its comma, 'Recuperação'
 * says 'Convertido' for a buyer who paid in a later visit, a line refund proposes what the buyer paid for the line,
 * the sales filter offers only real methods, and the orders screen shows the first order without scrolling.
 */
import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatBRL } from '../src/shared/money'
import { BUYER } from './buyer'
import { apiAs, createDigitalShop, createProduct, type PlacedOrder, payInSandbox } from './shop'
import { PHONE, setupE2E, snap } from './support'

const e2e = setupE2E()

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

describe('merchant screens on a phone', () => {
  it('registering signs the merchant in; the interest rate keeps the decimal comma', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto('/register')
    await page.getByLabel('Nome completo').fill('Paula Lojista')
    await page.getByLabel('Email').fill(`paula-${Date.now()}@example.com`)
    await page.getByLabel('Senha', { exact: true }).fill('segredo-123')
    await page.getByLabel('Confirmar senha').fill('segredo-123')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.waitForURL('**/dashboard')
    await page.getByText('Você ainda não possui lojas').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
    await snap(page, 'issue33-register-signed-in-390')

    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string
    const api = apiAs(e2e.server.url, token)
    const { id: storeId } = await api<{ id: string }>('POST', '/stores', { name: 'Loja da Paula' })
    await page.goto(`/store/${storeId}/payment-configuration`)
    const rate = page.getByLabel('Juros ao mês (%)')
    await rate.waitFor()
    await page.getByLabel('API Key do Ativo Pay').fill('sk_sandbox_e2e_paula_01')
    await page.getByLabel('Sem juros até (parcelas)').fill('3')
    await rate.fill('2,99')
    await page.getByRole('button', { name: 'Salvar Configuração' }).click()
    await expect
      .poll(
        async () =>
          (await api<{ monthlyInterestPercent: number }>('GET', `/payment/ativo-pay/payment-config?storeId=${storeId}`))
            .monthlyInterestPercent,
      )
      .toBe(2.99)
    await page.reload()
    await expect.poll(() => page.getByLabel('Juros ao mês (%)').inputValue()).toBe('2,99')
    await snap(page, 'issue33-interest-comma-390')
    await context.close()
  })

  it("'Recuperação' says 'Convertido' for a buyer who paid in a later visit, with no serious axe violation", async () => {
    const shop = await createDigitalShop(e2e.server.url, { store: 'Loja Volta', product: 'Curso de Bolo', price: 80 })
    const buyer = apiAs(e2e.server.url, null)
    // As the checkout page reports a visit (204, no body).
    const report = async (sessionId: string, email: string, name: string) => {
      const res = await fetch(`${e2e.server.url}/api/checkout/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionId,
          storeId: shop.storeId,
          productId: shop.productId,
          step: 1,
          fields: { customer: { name, email, phone: '(11) 98765-4321' } },
          consent: true,
        }),
      })
      expect(res.status).toBe(204)
    }
    // Joana leaves, then comes back in another tab and pays; Rita leaves for good.
    await report(randomUUID(), 'joana@example.com', 'Joana Volta')
    await report(randomUUID(), 'rita@example.com', 'Rita Foi')
    const later = randomUUID()
    await report(later, 'joana@example.com', 'Joana Volta')
    const order = await buyer<PlacedOrder>('POST', '/checkout/create-digital-order', {
      storeId: shop.storeId,
      productId: shop.productId,
      customer: { ...BUYER, name: 'Joana Volta', email: 'joana@example.com' },
      payment: { method: 'pix' },
      checkoutSessionId: later,
    })
    await payInSandbox(e2e.server.url, order)

    const { page, context } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/recuperacao`, {
      device: PHONE,
    })
    await page.getByRole('heading', { name: 'Recuperação' }).waitFor()
    const joana = page.getByTestId('recovery-row').filter({ hasText: 'joana@example.com' })
    await expect.poll(async () => (await joana.textContent()) ?? '', { timeout: 20_000 }).toContain('Convertido')
    expect(await joana.count()).toBe(1)
    expect(await joana.textContent()).not.toContain('Abandonado')
    const rita = page.getByTestId('recovery-row').filter({ hasText: 'rita@example.com' })
    expect(await rita.textContent()).toContain('Abandonado')
    await snap(page, 'issue33-recovery-convertido-390')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('proposes a line refund at what the buyer paid; the orders screen shows the first order at once', async () => {
    const shop = await createDigitalShop(e2e.server.url, {
      store: 'Loja Linhas',
      product: 'Curso Completo',
      price: 100,
    })
    await shop.api('POST', `/payment/ativo-pay/payment-config?storeId=${shop.storeId}`, {
      ativoPayApiKey: 'sk_sandbox_e2e_shop_0001',
      pixDiscountPercent: 5,
    })
    const ebookId = await createProduct(shop.api, shop.storeId, {
      name: 'E-book Extra',
      price: 50,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/ebook.pdf',
    })
    const bump = await shop.api<{ id: string }>('POST', `/stores/${shop.storeId}/order-bumps`, {
      title: 'Leve o e-book',
      productId: ebookId,
      discountType: 'PERCENTAGE',
      discountValue: 10,
    })
    const buyer = apiAs(e2e.server.url, null)
    const order = await buyer<PlacedOrder>('POST', '/checkout/create-digital-order', {
      storeId: shop.storeId,
      productId: shop.productId,
      customer: BUYER,
      payment: { method: 'pix' },
      orderBumps: [bump.id],
    })
    await payInSandbox(e2e.server.url, order)
    const listed = await shop.api<
      { id: string; items: { product: { name: string }; price: number; paid: number }[] }[]
    >('GET', `/stores/${shop.storeId}/orders`)
    const ebookLine = listed[0].items.find((i) => i.product.name === 'E-book Extra')!
    expect(ebookLine.paid).toBeLessThan(ebookLine.price)

    const { page, context } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/orders`, { device: PHONE })
    await page.getByRole('heading', { name: 'Pedidos' }).waitFor()
    const first = page.locator('tbody tr').first()
    await first.waitFor()
    // No scrolling: the first order is inside the 844 px screen, the cards and filters folded.
    const box = (await first.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(844)
    expect(await page.locator('.orders-summary').isVisible()).toBe(false)
    expect(await page.getByLabel('Buscar').isVisible()).toBe(false)
    await snap(page, 'issue33-orders-first-order-390')
    await page.getByRole('button', { name: /^Filtros/ }).click()
    await page.getByLabel('Buscar').waitFor()
    expect(await page.locator('.orders-summary').isVisible()).toBe(true)
    await snap(page, 'issue33-orders-filters-open-390')
    await page.getByRole('button', { name: /^Filtros/ }).click()

    await first.getByRole('button').first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Reembolsar' }).click()
    const paid = ebookLine.paid.toFixed(2).replace('.', ',')
    const paidBRL = formatBRL(ebookLine.paid)
    const choice = dialog.getByLabel('O que reembolsar')
    const option = (await choice.locator('option').allTextContents()).find((t) => t.includes('E-book Extra'))!
    expect(option).toContain(`pago ${paidBRL}`)
    await choice.selectOption({ label: option })
    await dialog.getByText(`Em branco: ${paidBRL}`).waitFor()
    expect(await dialog.getByLabel('Valor (R$)').getAttribute('placeholder')).toBe(paid)
    await snap(page, 'issue33-refund-line-paid-390')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()

    const sales = await e2e.openSignedIn(shop.token, '/sales', { device: PHONE })
    await sales.page.getByRole('heading', { name: 'Vendas' }).waitFor()
    await sales.page.getByRole('button', { name: /^Filtros/ }).click()
    const methods = await sales.page.getByLabel('Pagamento').locator('option').allTextContents()
    expect(methods).toEqual(['Todos', 'Cartão de Crédito', 'Boleto', 'PIX'])
    await snap(sales.page, 'issue33-sales-methods-390')
    await sales.context.close()
  })
})
