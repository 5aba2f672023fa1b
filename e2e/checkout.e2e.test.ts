import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { continueToPayment, fillBuyerContact, ORDER_PAGE } from './buyer'
import { startFakeCep } from './fake-cep'
import { configureSandbox, createMerchant, createProduct, createStore } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const cep = await startForFile(startFakeCep)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url })
let token: string
let storeId: string
let physicalId: string
let digitalId: string

beforeAll(async () => {
  const merchant = await createMerchant(e2e.server.url, 'Lojista E2E')
  const { api } = merchant
  token = merchant.token
  storeId = await createStore(api, 'Loja do Checkout')
  physicalId = await createProduct(api, storeId, {
    name: 'Camiseta Básica',
    description: 'Camiseta 100% algodão, tamanho M.',
    price: 79.9,
    type: 'PHYSICAL',
    stock: 10,
  })
  digitalId = await createProduct(api, storeId, {
    name: 'E-book de Receitas',
    price: 29.9,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/receitas.pdf',
  })
  await api('POST', `/stores/${storeId}/shipping`, {
    name: 'Sedex',
    description: 'Entrega rápida pelos Correios',
    basePrice: 19.9,
    estimatedDays: 3,
  })
  await api('POST', `/stores/${storeId}/shipping`, {
    name: 'PAC',
    basePrice: 12.5,
    estimatedDays: 8,
    freeShippingThreshold: 50,
  })
  await configureSandbox(api, storeId, 'sk_sandbox_e2e_checkout_01')
  // The store's look, with markup the server must clean before a buyer sees it.
  await api('PATCH', `/stores/${storeId}/customization`, {
    primaryColor: '#16A34A',
    secondaryColor: '#166534',
    customHeaderHtml:
      '<p class="promo">Frete grátis acima de R$ 50 <img src="x" onerror="window.hacked=1"></p><script>window.hacked=2</script>',
    customFooterHtml: '<p>Loja do Checkout · Atendimento de segunda a sexta</p>',
    customCss:
      '@import url("https://evil.example/x.css"); .promo { background: #FEF3C7; padding: 8px; text-align: center; margin: 0 }',
  })
})

describe('buyer checkout at a phone viewport', () => {
  it('buys a physical product and pays it by PIX through the sandbox', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/checkout/${storeId}/${physicalId}`)
    await page.getByRole('heading', { name: 'Finalizar Compra' }).waitFor()
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    // the merchant's header, footer and CSS, sanitised and scoped to the checkout container
    await page.locator('.checkout-custom .promo').waitFor()
    await page.getByText('Atendimento de segunda a sexta').waitFor()
    expect(await page.locator('.checkout-custom script, .checkout-custom [onerror]').count()).toBe(0)
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined()
    const css = await page.locator('.checkout-custom style').textContent()
    expect(css).toContain('.checkout-custom .promo')
    expect(css).not.toContain('evil.example')
    await snap(page, 'checkout-physical-1-dados')

    await page.getByRole('button', { name: 'Continuar para Envio' }).click()
    await expect(page.getByText('Nome é obrigatório').isVisible()).resolves.toBe(true)
    await expect(page.getByText('CPF é obrigatório').isVisible()).resolves.toBe(true)
    await page.getByLabel('CPF').pressSequentially('11111111111')
    await page.getByRole('button', { name: 'Continuar para Envio' }).click()
    await page.getByText('CPF inválido').waitFor()
    await snap(page, 'checkout-physical-1-erros')
    await page.getByLabel('CPF').fill('')
    await fillBuyerContact(page)
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321')
    expect(await page.getByLabel('CPF').inputValue()).toBe('529.982.247-25')
    await page.getByRole('button', { name: 'Continuar para Envio' }).click()

    await page.getByLabel('CEP').pressSequentially('01310100')
    await page.getByText('✓ Endereço encontrado').waitFor()
    expect(await page.getByLabel('Endereço').inputValue()).toBe('Avenida Paulista')
    expect(await page.getByLabel('Estado').inputValue()).toBe('SP')
    await page.getByText('Sedex').waitFor()
    await page.getByLabel('Número').fill('1000')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByText('Selecione um método de envio').waitFor()
    await page.getByText('Sedex').click()
    expect(await page.getByTestId('summary-total').textContent()).toContain('99,80')
    await snap(page, 'checkout-physical-2-entrega')
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()

    await page.getByRole('radio', { name: /PIX/ }).waitFor()
    expect(await page.getByRole('radio', { name: /PIX/ }).getAttribute('aria-checked')).toBe('true')
    await page.getByRole('radio', { name: /Cartão/ }).click()
    await page.getByLabel('Número do cartão').pressSequentially('4111111111111111')
    expect(await page.getByLabel('Número do cartão').inputValue()).toBe('4111 1111 1111 1111')
    await snap(page, 'checkout-physical-3-cartao')
    await page.getByRole('radio', { name: /Boleto/ }).click()
    await page.getByText(/O boleto vence em 3 dias úteis/).waitFor()
    await page.getByRole('radio', { name: /PIX/ }).click()
    await snap(page, 'checkout-physical-3-pagamento')
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()

    // the order opens its own page; unpaid, it says so instead of thanking for a confirmed order
    await page.waitForURL(ORDER_PAGE)
    await page.getByRole('heading', { name: 'Pedido recebido! Pague para confirmar' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Pedido Confirmado!' }).count()).toBe(0)
    expect(await page.getByTestId('order-number').textContent()).toBe('#1001')
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()
    expect(await page.getByTestId('pix-code').textContent()).toMatch(/^000201/)
    await snap(page, 'checkout-physical-4-confirmacao-pix')
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento Confirmado').waitFor()
    await page.getByRole('heading', { name: 'Pedido Confirmado!' }).waitFor()
    await snap(page, 'checkout-physical-5-pago')
    await context.close()
  })

  it('buys a digital product and shows its access once paid, without a reload', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    // the physical route sends a digital product to the digital checkout, replacing the history entry
    await page.goto(`/checkout/${storeId}/${digitalId}`)
    await page.waitForURL(`**/digital-checkout/${storeId}/${digitalId}`)
    await page.getByRole('heading', { name: 'Finalizar Compra Digital' }).waitFor()
    await snap(page, 'checkout-digital-1-dados')
    await fillBuyerContact(page)
    await continueToPayment(page)
    await snap(page, 'checkout-digital-2-pagamento')
    let navigations = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++
    })
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.getByRole('heading', { name: 'Pedido recebido! Pague para confirmar' }).waitFor()
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor()
    // counted from the order page on: paying must not need a reload
    navigations = 0
    await snap(page, 'checkout-digital-3-confirmacao-pix')
    expect(await page.getByRole('link', { name: 'Acessar Produto' }).count()).toBe(0)

    // the buyer pays in their bank (the sandbox), the page polls and turns without a reload
    const orderNumber = await page.getByTestId('order-number').textContent()
    expect(orderNumber).toBe('#1002')
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento Confirmado').waitFor({ timeout: 15_000 })
    await page.getByRole('heading', { name: 'Produto Digital Adquirido!' }).waitFor()
    const access = page.getByRole('link', { name: 'Acessar Produto' })
    await access.waitFor()
    expect(await access.getAttribute('href')).toMatch(/\/api\/checkout\/orders\/.+\/download\?token=/)
    expect(navigations).toBe(0)
    await snap(page, 'checkout-digital-4-pago')
    const href = (await access.getAttribute('href'))!
    const res = await fetch(`${e2e.server.url}${href}`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://files.example.com/receitas.pdf')
    await context.close()
  })

  it('shows "Produto não encontrado" for an unknown product', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/checkout/${storeId}/00000000-0000-4000-8000-000000000000`)
    await page.getByRole('heading', { name: 'Produto não encontrado' }).waitFor()
    await page.getByText('Não foi possível carregar as informações necessárias. Por favor, tente novamente.').waitFor()
    await page.getByRole('button', { name: 'Voltar' }).waitFor()
    await snap(page, 'checkout-not-found')
    await context.close()
  })
})

describe('merchant', () => {
  it('sees both orders on the orders page, opens one and exports the list', async () => {
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/orders`, { device: PHONE })
    await page.getByRole('heading', { name: 'Pedidos' }).waitFor()
    await page.getByRole('cell', { name: /#1001/ }).waitFor()
    await page.getByRole('cell', { name: /#1002/ }).waitFor()
    expect(await page.getByRole('cell', { name: 'Pago' }).count()).toBe(2)
    await snap(page, 'orders-1-lista')

    await page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pedido #1001' })
    await dialog.getByText('Avenida Paulista, 1000').waitFor()
    await dialog.getByText('529.982.247-25').waitFor()
    await dialog.getByRole('button', { name: 'Imprimir Pedido' }).waitFor()
    await snap(page, 'orders-2-detalhe')
    // what 'Imprimir Pedido' prints: only the order
    await page.evaluate(() => document.body.classList.add('printing-order'))
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('heading', { name: 'Pedidos', exact: true }).isVisible()).toBe(false)
    await snap(page, 'orders-2b-impressao')
    await page.emulateMedia({ media: 'screen' })
    await page.evaluate(() => document.body.classList.remove('printing-order'))
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click()

    // On a phone the filters wait behind 'Filtros'.
    await page.getByRole('button', { name: /^Filtros/ }).click()
    await page.getByLabel('Buscar').fill('nenhum-cliente')
    await page.getByText('Nenhum pedido encontrado').waitFor()
    await page.getByText('Tente ajustar os filtros de busca.').waitFor()
    await snap(page, 'orders-3-filtro-vazio')
    await page.getByLabel('Buscar').fill('#1002')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar' }).click(),
    ])
    const csv = readFileSync(await download.path(), 'utf8')
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('#1002')
    expect(lines[1]).toContain('E-book de Receitas')
    await context.close()
  })

  it('sees the sales on the store dashboard', async () => {
    const { page, context } = await e2e.openSignedIn(token, `/store/${storeId}/dashboard`, { device: PHONE })
    await page.getByRole('heading', { name: 'Loja do Checkout' }).waitFor()
    await page.getByText('Vendas Confirmadas').waitFor()
    await page.getByText('R$ 129,70').first().waitFor()
    await page.getByText('Premiação Total').waitFor()
    await snap(page, 'store-dashboard-phone')
    await page.getByLabel('Período').selectOption('yesterday')
    await page.getByText('0 pedidos pagos · Ontem').waitFor()
    await context.close()
  })
})
