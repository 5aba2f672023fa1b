import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { configureSandbox, createMerchant, createStore, type Merchant } from './shop'
import { PHONE, SCREENSHOTS, setupE2E, snap } from './support'

const e2e = setupE2E()

const SANDBOX_KEY = 'sk_sandbox_e2e_merchant_0001'
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor()
const badge = (page: Page) => page.getByTestId('connection-status')

async function merchant(): Promise<Merchant & { storeId: string }> {
  const created = await createMerchant(e2e.server.url, 'Lojista Pagamentos')
  return { ...created, storeId: await createStore(created.api, 'Loja Pagamentos') }
}

describe('payment configuration', () => {
  it('configures the sandbox key, tests the connection, saves, and sees the masked key after a reload', async () => {
    const { token, storeId } = await merchant()
    const { context, page } = await e2e.openSignedIn(token, `/store/${storeId}/payment-configuration`)
    await page.getByRole('heading', { name: 'Configuração de Pagamentos' }).waitFor()

    // Nothing stored yet: 'Não configurado' (nothing is being tested), and both buttons wait for a key.
    expect(await badge(page).textContent()).toBe('Não configurado')
    expect(await page.getByRole('button', { name: 'Salvar Configuração' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Testar Conexão' }).isDisabled()).toBe(true)
    expect(await page.getByTestId('webhook-url').inputValue()).toBe(
      `${e2e.server.url}/api/payment/ativo-pay/webhook/callback`,
    )
    await snap(page, 'payments-config-empty')

    // A wrong key: 'Erro' and the spec's message.
    const keyField = page.getByLabel('API Key do Ativo Pay')
    await keyField.fill('sk_live_wrong_key_123')
    await page.getByRole('button', { name: 'Testar Conexão' }).click()
    await toast(page, 'API Key inválida ou não configurada')
    await page.waitForFunction(() => document.querySelector('[data-testid=connection-status]')?.textContent === 'Erro')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy() // a bad gateway key is no logout

    // The sandbox key: 'Conectado'.
    await keyField.fill(SANDBOX_KEY)
    await page.getByRole('button', { name: 'Testar Conexão' }).click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid=connection-status]')?.textContent === 'Conectado',
    )
    await page.getByLabel('Máximo de parcelas').fill('6')
    await page.getByLabel('Boleto Bancário').uncheck()
    await snap(page, 'payments-config-connected')

    await page.getByRole('button', { name: 'Salvar Configuração' }).click()
    await toast(page, 'Configuração salva com sucesso!')

    await page.reload()
    await page.getByTestId('saved-key').waitFor()
    const masked = await page.getByTestId('saved-key').textContent()
    expect(masked).toMatch(/^sk_s•+0001$/)
    expect(await keyField.inputValue()).toBe(masked)
    expect(await page.content()).not.toContain(SANDBOX_KEY)
    await page.waitForFunction(
      () => document.querySelector('[data-testid=connection-status]')?.textContent === 'Conectado',
    )
    expect(await page.getByLabel('Máximo de parcelas').inputValue()).toBe('6')
    expect(await page.getByLabel('Boleto Bancário').isChecked()).toBe(false)
    await snap(page, 'payments-config-reloaded')

    // Out of range installments: the spec's limits, under the field.
    await page.getByLabel('Máximo de parcelas').fill('30')
    await page.getByRole('button', { name: 'Salvar Configuração' }).click()
    await page.getByText('O número máximo de parcelas deve estar entre 1 e 24').waitFor()
    await context.close()
  })

  it('fits a phone screen', async () => {
    const { token, storeId } = await merchant()
    const { context, page } = await e2e.openSignedIn(token, `/store/${storeId}/payment-configuration`, {
      device: PHONE,
    })
    await page.getByRole('heading', { name: 'Configuração de Pagamentos' }).waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await snap(page, 'payments-config-phone')
    await context.close()
  })
})

describe('/test-ativo-pay and the PIX component', () => {
  it('asks for a login without a session', async () => {
    const { context, page } = await e2e.newPage()
    await page.goto('/test-ativo-pay')
    await page.getByText('é preciso estar logado como lojista').waitFor()
    await context.close()
  })

  it('creates a sandbox PIX, copies the code and simulates the payment', async () => {
    const { token, api, storeId } = await merchant()
    await configureSandbox(api, storeId, SANDBOX_KEY)
    const { context, page } = await e2e.openSignedIn(token, '/test-ativo-pay', { device: PHONE })
    await page.getByText('PIX ativo').waitFor()
    await page.getByLabel('Valor (R$)').fill('25,90')
    await page.getByRole('button', { name: 'Criar transação' }).click()
    const code = page.getByTestId('pix-code')
    await code.waitFor()
    const pix = (await code.textContent()) ?? ''
    expect(pix).toMatch(/^000201.*br\.gov\.bcb\.pix.*540525\.905802BR.*6304[0-9A-F]{4}$/)
    expect(await page.getByTestId('pix-countdown').textContent()).toMatch(/^(30:00|29:5\d)$/)
    const qr = page.locator('.ck-pix-qr svg')
    expect(await qr.getAttribute('width')).toBe('180') // narrow layout

    await page.getByRole('button', { name: 'Copiar Código PIX' }).click()
    await page.getByRole('button', { name: 'Código Copiado!' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pix)
    await snap(page, 'payments-pix-component')
    await page
      .getByRole('region', { name: 'Pagamento PIX' })
      .screenshot({ path: path.join(SCREENSHOTS, 'payments-pix-element.png') })
    await page.getByRole('button', { name: 'Copiar Código PIX' }).waitFor({ timeout: 5_000 })

    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await page.getByText('Pagamento simulado! Aguardando confirmação...').waitFor()
    await page.locator('.test-pay-result .badge', { hasText: 'Pago' }).waitFor()
    await snap(page, 'payments-pix-paid')
    await context.close()

    // A wide screen gets the 220 px QR code.
    const wide = await e2e.openSignedIn(token, '/test-ativo-pay')
    await wide.page.getByText('PIX ativo').waitFor()
    await wide.page.getByRole('button', { name: 'Criar transação' }).click()
    await wide.page.getByTestId('pix-code').waitFor()
    expect(await wide.page.locator('.ck-pix-qr svg').getAttribute('width')).toBe('220')
    await snap(wide.page, 'payments-test-page-desktop')
    await wide.context.close()
  })
})
