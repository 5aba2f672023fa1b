import { describe, expect, it } from 'vitest'
import { createMerchant, createStore } from './shop'
import { setupE2E, snap, waitForToast } from './support'

const e2e = setupE2E()

const toast = waitForToast

describe('checkout configuration (merchant)', () => {
  it('creates a shipping option, customises the checkout, and buyers get the sanitised result', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Loja Config')
    const storeId = await createStore(api, 'Loja das Cores')
    // Shipping options: empty state, form validation, create with a zone rule, simulate, toggle, delete
    const { context, page } = await e2e.openSignedIn(token, `/store/${storeId}/shipping`, { toasts: true })
    await page.getByText('Nenhuma opção de frete').waitFor()
    await snap(page, 'checkout-config-01-shipping-empty')
    await page.getByRole('button', { name: '+ Nova Opção' }).click()
    await page.getByRole('button', { name: 'Criar Opção' }).click()
    await page.getByText('Nome é obrigatório').waitFor()
    await page.getByText('Preço base deve ser um valor válido').waitFor()
    await page.getByText('Prazo de entrega deve ser pelo menos 1 dia').waitFor()
    await page.getByLabel('Nome *').fill('PAC')
    await page.getByLabel('Descrição').fill('Entrega econômica pelos Correios')
    await page.getByLabel('Preço base (R$) *').fill('15,90')
    await page.getByLabel('Frete grátis a partir de (R$)').fill('199')
    await page.getByLabel('Prazo de entrega (dias úteis) *').fill('7')
    await page.getByRole('button', { name: '+ Adicionar regra' }).click()
    await page.getByLabel('Nome da regra').fill('Região Norte')
    await page.getByLabel('Padrão de CEP').fill('abc')
    await page.getByRole('button', { name: 'Criar Opção' }).click()
    await page.getByText(/Padrão de CEP inválido/).waitFor()
    await page.getByLabel('Padrão de CEP').fill('69*, 66000000-68999999')
    await page.getByLabel('Multiplicador').fill('1,5')
    await page.getByLabel('Dias adicionais').fill('5')
    await page.getByLabel('CEP', { exact: true }).fill('69005000')
    await page.getByLabel('Subtotal (R$)').fill('50')
    await expect.poll(() => page.getByTestId('cep-tester-result').textContent()).toMatch(/R\$\s23,85/)
    await expect.poll(() => page.getByTestId('cep-tester-result').textContent()).toContain('12 dias úteis')
    await snap(page, 'checkout-config-02-shipping-form')
    await page.getByRole('button', { name: 'Criar Opção' }).click()
    await toast(page, 'Opção de frete criada com sucesso!')
    await page.getByTestId('shipping-row').waitFor()
    expect(await page.getByTestId('shipping-row').textContent()).toMatch(/acima de R\$\s199,00/)
    await page.getByRole('button', { name: 'Ativa' }).click()
    await toast(page, 'Opção de frete atualizada com sucesso!')
    await page.getByRole('button', { name: 'Inativa' }).waitFor()
    await page.getByRole('button', { name: 'Inativa' }).click()
    await page.getByRole('button', { name: 'Ativa' }).waitFor()
    await page.getByRole('button', { name: 'Excluir' }).click()
    await page.getByText('Tem certeza que deseja excluir esta opção de frete?').waitFor()
    await snap(page, 'checkout-config-03-shipping-delete-confirm')
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await snap(page, 'checkout-config-03-shipping-list')

    const quote = await fetch(`${e2e.server.url}/api/stores/${storeId}/shipping/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ zipCode: '69005-000', items: [], totalValue: 1000 }),
    })
    expect((await quote.json()).options[0]).toMatchObject({ name: 'PAC', price: 23.85, isFree: false })

    // Customisation: colours, title, header HTML with a script, CSS; live preview shows the sanitised result
    await page.getByRole('link', { name: /Personalizar Checkout/ }).click()
    await page.waitForURL(`**/store/${storeId}/customize-checkout`)
    await page.getByRole('heading', { name: 'Customização do Checkout' }).waitFor()
    await page.getByTestId('checkout-preview').waitFor()
    await page.locator('#color-primaryColor').fill('#12AB34')
    await page.locator('#color-accentColor').fill('zzz')
    await page.getByLabel('Título do checkout').fill('Compre com Confiança')
    await page.getByLabel('Fonte').selectOption('Montserrat')
    await page
      .getByLabel('HTML do cabeçalho')
      .fill(
        '<p class="promo"><strong>Frete grátis</strong> acima de R$ 199</p><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">',
      )
    await page.getByLabel('CSS personalizado').fill('body { background: #fffbe6 } .promo { color: #b45309 }')
    await page.getByRole('button', { name: 'Salvar Configurações' }).click()
    await page.getByText('Cor inválida. Use o formato #RRGGBB').waitFor()
    await page.locator('#color-accentColor').fill('#F59E0B')
    const preview = page.getByTestId('checkout-preview')
    await preview.getByText('Compre com Confiança').waitFor()
    await preview.locator('.promo').waitFor()
    const previewColor = await preview
      .locator('.ck-button, .pv-button')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    // The merchant's #12AB34, darkened just enough for white text at 4.5:1 (readableButton, the accessibility pass).
    expect(previewColor).toBe('rgb(12, 132, 39)')
    expect(await preview.locator('.promo').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 83, 9)')
    // `body { ... }` became the checkout container, and nothing the merchant wrote ran
    expect(await preview.locator('.checkout-custom').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(255, 251, 230)',
    )
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 251, 230)')
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await page.getByRole('button', { name: 'Salvar Configurações' }).click()
    await toast(page, 'Configurações salvas com sucesso!')
    await snap(page, 'checkout-config-04-customize')
    await page.getByRole('button', { name: 'Confirmação' }).click()
    await preview.getByText('Pedido Confirmado!').waitFor()
    await page.getByRole('button', { name: 'Digital' }).click()
    await preview.getByText('Produto Digital Adquirido!').waitFor()
    await snap(page, 'checkout-config-05-preview-digital-thanks')

    // The public endpoint reflects the save, sanitised
    const pub = await (await fetch(`${e2e.server.url}/api/public/stores/${storeId}/customization`)).json()
    expect(pub).toMatchObject({
      primaryColor: '#12AB34',
      accentColor: '#F59E0B',
      fontFamily: 'Montserrat',
      checkoutTitle: 'Compre com Confiança',
      digital: { checkoutTitle: 'Compre com Confiança' },
      customHeaderHtml: '<p class="promo"><strong>Frete grátis</strong> acima de R$ 199</p>',
      customCss: '.checkout-custom { background: #fffbe6 }\n.checkout-custom .promo { color: #b45309 }',
    })
    expect(JSON.stringify(pub)).not.toMatch(/script|onerror|__pwned/)

    // Reload: the owner form shows what was saved (raw, as typed)
    await page.reload()
    await expect.poll(() => page.locator('#color-primaryColor').inputValue()).toBe('#12AB34')
    expect(await page.getByLabel('HTML do cabeçalho').inputValue()).toContain('<script>')

    // Another merchant opening this store's page is turned away
    const other = await createMerchant(e2e.server.url, 'Outra')
    await createStore(other.api, 'Loja da Outra')
    const second = await e2e.openSignedIn(other.token, `/store/${storeId}/customize-checkout`, { toasts: true })
    await second.page.waitForURL((u) => !u.pathname.includes(storeId))
    await snap(second.page, 'checkout-config-06-foreign-store')
    await second.context.close()
    await context.close()
  })
})
