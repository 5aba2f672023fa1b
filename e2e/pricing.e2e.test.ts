import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { continueToPayment, fillBuyerContact, simulatePayment } from './buyer'
import { configureSandbox, createDigitalShop } from './shop'
import { PHONE, setupE2E, snap } from './support'

// Issue 25 end to end at 390 px: a campaign link brings a coupon, PIX gives 5% off, the buyer pays, and the merchant
// sees the order with both discounts.
const e2e = setupE2E()

describe('prices the Brazilian way', () => {
  it('coupon from ?cupom=, 5% off on PIX, paid, both discounts on the merchant’s order', async () => {
    const shop = await createDigitalShop(e2e.server.url, {
      store: 'Loja dos Cupons',
      product: 'Curso de Fotografia',
      price: 200,
    })
    await configureSandbox(shop.api, shop.storeId, 'sk_sandbox_e2e_pricing_1', {
      pixDiscountPercent: 5,
      creditCardMaxInstallments: 24,
      interestFreeInstallments: 3,
      monthlyInterestPercent: 2.89,
    })
    await shop.api('POST', `/stores/${shop.storeId}/coupons`, {
      code: 'BLACK10',
      discountType: 'PERCENTAGE',
      discountValue: 10,
      maxUses: 100,
    })

    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}?cupom=black10`)
    await fillBuyerContact(page)
    await continueToPayment(page)

    // The campaign's coupon is applied; PIX (chosen first) shows its badge and both discount lines.
    await page.getByTestId('coupon-applied').waitFor()
    expect(await page.getByTestId('coupon-applied').textContent()).toContain('BLACK10')
    expect(await page.getByRole('radio', { name: /PIX/ }).textContent()).toContain('5% OFF')
    // On a phone the summary's lines are folded under 'Ver detalhes' (issue 33).
    await page.getByRole('button', { name: 'Ver detalhes' }).click()
    await page.getByTestId('summary-method-discount').waitFor()
    // 200 − 10% = 180; − 5% = 171
    await expectText(page.getByTestId('summary-total'), 'R$\u00a0171,00')
    expect(await page.getByTestId('summary-coupon').textContent()).toContain('20,00')
    expect(await page.getByTestId('summary-method-discount').textContent()).toContain('9,00')
    await snap(page, 'pricing-1-pix-cupom')

    // The card shows 'sem juros' up to 3x and the total with interest after it.
    await page.getByRole('radio', { name: /Cartão/ }).click()
    const plans = await page.getByLabel('Parcelas').locator('option').allTextContents()
    expect(plans).toHaveLength(24)
    expect(plans[2]).toBe('3x de R$ 60,00 sem juros')
    expect(plans[11]).toMatch(/^12x de R\$ \d+,\d\d com juros \(2,89% a\.m\.\) · total R\$ \d+,\d\d$/)
    await expectText(page.getByTestId('summary-total'), 'R$\u00a0180,00')
    await snap(page, 'pricing-2-cartao-parcelas')

    await page.getByRole('radio', { name: /PIX/ }).click()
    await expectText(page.getByTestId('summary-total'), 'R$\u00a0171,00')
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.getByRole('heading', { name: 'Pedido recebido! Pague para confirmar' }).waitFor()
    await expectText(page.getByTestId('summary-total'), 'R$\u00a0171,00')
    await snap(page, 'pricing-3-pedido-pix')
    await simulatePayment(page)
    await context.close()

    // The merchant's order shows both discounts.
    const merchant = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/orders`, { device: PHONE })
    await merchant.page.getByRole('button', { name: 'Ver' }).first().click()
    await merchant.page.getByTestId('order-coupon-discount').waitFor()
    expect(await merchant.page.getByTestId('order-coupon-discount').textContent()).toContain('20,00')
    expect(await merchant.page.getByTestId('order-method-discount').textContent()).toContain('9,00')
    await snap(merchant.page, 'pricing-4-pedido-lojista')
    await merchant.page.goto(`/store/${shop.storeId}/coupons`)
    await merchant.page.getByTestId('coupon-row').waitFor()
    await expectText(merchant.page.getByTestId('coupon-usage'), 'Usos: 1 de 100')
    await snap(merchant.page, 'pricing-5-cupons')

    // The form judges with the API's schema: a code with a space is refused under its field.
    await merchant.page.getByRole('button', { name: '+ Novo Cupom' }).click()
    await merchant.page.getByLabel('Código *').fill('COM ESPACO')
    await merchant.page.getByLabel('Desconto (%) *').fill('15')
    await merchant.page.getByRole('button', { name: 'Salvar cupom' }).click()
    await merchant.page.getByText('O código deve ter até 40 letras, números, - ou _, sem espaços').waitFor()
    await snap(merchant.page, 'pricing-6-cupom-form')
    await merchant.page.getByLabel('Código *').fill('FRETE15')
    await merchant.page.getByRole('button', { name: 'Salvar cupom' }).click()
    await merchant.page.getByText('FRETE15').waitFor()

    // The payment settings show the discounts and interest rules saved through the API.
    await merchant.page.goto(`/store/${shop.storeId}/payment-configuration`)
    await merchant.page.getByLabel('Desconto no PIX (%)').waitFor()
    await expectValue(merchant.page.getByLabel('Desconto no PIX (%)'), '5')
    await expectValue(merchant.page.getByLabel('Sem juros até (parcelas)'), '3')
    // The Brazilian decimal comma, as the merchant typed it (issue 33).
    await expectValue(merchant.page.getByLabel('Juros ao mês (%)'), '2,89')
    await merchant.page.getByLabel('Juros ao mês (%)').scrollIntoViewIfNeeded()
    await snap(merchant.page, 'pricing-7-pagamentos')
    await merchant.context.close()
  })
})

/** Waits up to 4 s for `locator` to show `text` (the figures settle after the quote answers). */
async function expectText(locator: Locator, text: string) {
  await expect.poll(() => locator.textContent(), { timeout: 4_000 }).toContain(text)
}

async function expectValue(locator: Locator, value: string) {
  await expect.poll(() => locator.inputValue(), { timeout: 4_000 }).toBe(value)
}
