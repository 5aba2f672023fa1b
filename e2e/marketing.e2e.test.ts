import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { continueToShipping, fillFoundAddress, ORDER_PAGE } from './buyer'
import { startFakeCep } from './fake-cep'
import { configureSandbox, createMerchant, createProduct, createStore } from './shop'
import { PHONE, setupE2E, snap, startForFile, waitForToast } from './support'

const cep = await startForFile(startFakeCep)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url })

let token: string
let storeId: string
let shirtId: string

/** Reloads until `text` shows (the worker counts after the request answered). */
async function reloadUntil(page: Page, check: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await check()) return
    await page.waitForTimeout(250)
    await page.reload()
  }
  throw new Error('condition not met after reloads')
}

describe('order bumps and the post-purchase link', () => {
  beforeAll(async () => {
    const merchant = await createMerchant(e2e.server.url, 'Lojista Bumps')
    const { api } = merchant
    token = merchant.token
    storeId = await createStore(api, 'Loja das Ofertas')
    shirtId = await createProduct(api, storeId, { name: 'Camiseta Básica', price: 79.9, type: 'PHYSICAL', stock: 10 })
    await createProduct(api, storeId, { name: 'Boné Aba Curva', price: 40, type: 'PHYSICAL', stock: 5 })
    const ebookId = await createProduct(api, storeId, {
      name: 'Guia de Estilo',
      price: 30,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/guia.pdf',
    })
    await api('POST', `/stores/${storeId}/shipping`, { name: 'Sedex', basePrice: 19.9, estimatedDays: 3 })
    await configureSandbox(api, storeId, 'sk_sandbox_e2e_bumps_01')
    // the second bump comes through the API; the first one is created on the merchant's screen below
    await api('POST', `/stores/${storeId}/order-bumps`, {
      title: 'Guia de Estilo com R$ 10 off',
      productId: ebookId,
      discountType: 'FIXED',
      discountValue: 10,
      position: 'BEFORE_PAYMENT',
      template: 'URGENT',
      buttonColor: '#DC2626',
    })
  })

  it('merchant creates a bump on the order-bumps screen and a post-purchase link', async () => {
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/order-bumps`, { toasts: true })
    await page.getByRole('heading', { name: 'Order Bumps' }).waitFor()
    await page
      .getByRole('link', { name: /Order Bumps/ })
      .first()
      .waitFor()
    await page.getByRole('button', { name: '+ Novo Order Bump' }).click()
    await page.getByRole('heading', { name: 'Criar Novo Order Bump' }).waitFor()
    await page.getByRole('button', { name: 'Criar Order Bump' }).click()
    await page.getByText('Título é obrigatório').waitFor()
    await page.getByText('Produto é obrigatório').waitFor()
    await page.getByLabel('Título *').fill('Boné com 25% off')
    await page.getByLabel('Produto *').selectOption({ label: 'Boné Aba Curva — R$\u00a040,00' })
    await page.getByLabel('Tipo de desconto').selectOption('PERCENTAGE')
    await page.getByLabel('Desconto (%)').fill('120')
    await page.getByRole('button', { name: 'Criar Order Bump' }).click()
    await page.getByText('Percentual não pode ser maior que 100%').waitFor()
    await snap(page, 'marketing-1-form-erros')
    await page.getByLabel('Desconto (%)').fill('25')
    await page.getByLabel('Posição').selectOption('AFTER_SHIPPING')
    await page.getByLabel('Modelo').selectOption('FEATURED')
    await page.getByRole('button', { name: 'Criar Order Bump' }).click()
    await waitForToast(page, 'Order bump criado com sucesso!')
    await page.getByRole('cell', { name: 'Boné com 25% off Destaque' }).waitFor()
    expect(await page.getByTestId('bump-row').count()).toBe(2)
    await snap(page, 'marketing-2-bumps-lista')

    // At 390 px each bump is a card: no box scrolls sideways, every cell names its column.
    const display = () =>
      page
        .getByTestId('bump-row')
        .first()
        .evaluate((r) => getComputedStyle(r).display)
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await display()).toBe('block')
    expect(await page.getByTestId('bump-row').first().locator('td[data-label="Performance"]').count()).toBe(1)
    const wide = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll<HTMLElement>('.table-wrap, .mk-table-wrap')]
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.className || el.tagName),
    )
    expect(wide).toEqual([])
    await snap(page, 'marketing-2-bumps-lista-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await display()).toBe('table-row')

    await page.goto(`/store/${storeId}/upsells`)
    await page.getByText('Nenhum link ativo').waitFor()
    await page.getByRole('button', { name: '+ Novo Link' }).click()
    await page.getByLabel('Nome *').fill('Oferta VIP')
    await page.getByLabel('URL de redirecionamento *').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('URL inválida: use um endereço http:// ou https://').waitFor()
    await page.getByLabel('URL de redirecionamento *').fill(`${e2e.server.url}/test-sidebar?oferta=vip`)
    await page.getByRole('button', { name: 'Salvar' }).click()
    await waitForToast(page, 'Link criado com sucesso!')
    await page.getByRole('button', { name: 'Ativar' }).click()
    await page.getByText('O link ativo atual será desativado').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Ativar' }).click()
    await page.getByTestId('upsell-active').getByText('Oferta VIP').waitFor()
    await snap(page, 'marketing-3-upsell-ativo')
    await context.close()
  })

  it('buyer on a phone adds a bump at step 2 and another at step 3, pays by PIX and lands on the link', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/checkout/${storeId}/${shirtId}`)
    await continueToShipping(page)
    // On a phone the summary's lines are folded under 'Ver detalhes' (issue 33).
    await page.getByRole('button', { name: 'Ver detalhes' }).click()

    // step 2: the AFTER_SHIPPING bump, FEATURED, priced by the server (R$ 40 − 25 %)
    const step2 = page.getByTestId('bumps-AFTER_SHIPPING')
    await step2.getByText('Ofertas Especiais Para Você!').waitFor()
    await step2.getByText('Boné com 25% off').waitFor()
    expect(await step2.textContent()).toContain('30,00')
    expect(await page.getByTestId('bumps-AFTER_SHIPPING').getByText('Guia de Estilo').count()).toBe(0)
    await snap(page, 'marketing-4-checkout-etapa2-oferta')
    await step2.getByRole('button', { name: 'Adicionar ao pedido' }).click()
    await step2.waitFor({ state: 'detached' })
    await page.getByTestId('summary-bumps').getByText('Boné com 25% off').waitFor()

    await fillFoundAddress(page)
    await page.getByText('Sedex').click()
    // 79,90 + 19,90 + 30,00
    expect(await page.getByTestId('summary-total').textContent()).toContain('129,80')
    await snap(page, 'marketing-5-checkout-etapa2-adicionado')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()

    // step 3: the BEFORE_PAYMENT bump, URGENT
    const step3 = page.getByTestId('bumps-BEFORE_PAYMENT')
    await step3.getByText('Guia de Estilo com R$ 10 off').waitFor()
    expect(await step3.textContent()).toContain('Oferta por tempo limitado')
    await snap(page, 'marketing-6-checkout-etapa3-oferta')
    await step3.getByRole('button', { name: 'Adicionar ao pedido' }).click()
    await step3.waitFor({ state: 'detached' })
    expect(await page.getByTestId('summary-total').textContent()).toContain('149,80')
    await page.getByRole('radio', { name: /PIX/ }).click()
    await snap(page, 'marketing-7-checkout-etapa3-adicionado')
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()

    // unpaid PIX: the buyer stays with the code; the link only sits under the payment box
    await page.waitForURL(ORDER_PAGE)
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()
    await page.getByTestId('upsell-link').waitFor()
    expect(await page.getByTestId('upsell').count()).toBe(0)
    await snap(page, 'marketing-8-pedido-pix-aguardando')
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    // The e-book bump makes this a digital buyer: the access stays on this page, and the offer waits for a tap
    // (opening in a new tab) instead of a countdown that would take the page away.
    await page.getByText('Acessar Guia de Estilo').waitFor()
    await page.getByTestId('upsell-destination').getByText('Abre em uma nova aba:').waitFor()
    expect(await page.getByTestId('upsell-countdown').count()).toBe(0)
    await snap(page, 'marketing-9-pedido-pago-oferta')
    const [offer] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('upsell').locator('.mk-upsell-go').click(),
    ])
    await offer.waitForURL(/\/test-sidebar\?oferta=vip/, { timeout: 15_000 })
    expect(page.url()).toMatch(/\/pedido\//)
    await context.close()
  })

  it('merchant sees the bump lines in the order and the counters move on both screens', async () => {
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/orders`, { device: PHONE })
    await page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pedido #1001' })
    await dialog.getByText('Boné Aba Curva').first().waitFor()
    await dialog.getByText('Guia de Estilo').first().waitFor()
    expect(await dialog.getByText('· Order bump').count()).toBe(2)
    await snap(page, 'marketing-10-pedido-com-bumps')

    await page.goto(`/store/${storeId}/order-bumps`)
    await reloadUntil(page, async () => {
      const text = (await page.getByTestId('bump-stats').textContent({ timeout: 5000 })) ?? ''
      return text.includes('100,0%')
    })
    const rows = await page.getByTestId('bump-performance').allTextContents()
    expect(rows.every((r) => r.includes('Exibições: 1') && r.includes('Conversões: 1'))).toBe(true)
    await snap(page, 'marketing-11-bumps-contadores')

    await page.goto(`/store/${storeId}/upsells`)
    await reloadUntil(page, async () =>
      ((await page.getByTestId('upsell-counts').first().textContent({ timeout: 5000 })) ?? '').includes('Cliques: 1'),
    )
    expect(await page.getByTestId('upsell-counts').first().textContent()).toContain('Exibições: 1')
    await snap(page, 'marketing-12-upsell-contadores')
    await context.close()
  })
})
