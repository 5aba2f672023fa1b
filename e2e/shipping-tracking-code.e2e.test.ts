import { describe, expect, it } from 'vitest'
import { BUYER, continueToPayment, ORDER_PAGE } from './buyer'
import { reachMelhorEnvioQuotes, shippingSuite } from './shipping-suite'
import { createShippingShop } from './shop'
import { PHONE, snap } from './support'

const { e2e, mailFor } = await shippingSuite()

// Typed by the merchant, not bought from Melhor Envio: the Correios link is built from it.
const TRACKING_CODE = 'QB123456789BR'
const CORREIOS_LINK = `https://rastreamento.correios.com.br/app/index.php?objeto=${TRACKING_CODE}`

describe('shipping with a tracking code the merchant types', () => {
  it('the buyer picks PAC from the quotes and pays; the merchant informs the code; the buyer sees it and gets the e-mail', async () => {
    const { token, storeId, productId } = await createShippingShop(e2e.server.url, {
      store: 'Loja Rastreio',
      merchant: 'Lojista Rastreio',
      email: 'rastreio@example.com',
      sandboxKey: 'sk_sandbox_e2e_shipping_2',
    })

    // The buyer, on a phone: SEDEX and PAC with the fake's prices and days.
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(`/checkout/${storeId}/${productId}`)
    await reachMelhorEnvioQuotes(buyer.page)
    await buyer.page.getByText('Correios PAC').click()
    // 150,00 + PAC 28,00, recomputed as soon as PAC is chosen (the summary may sit folded at 390 px).
    await buyer.page.getByTestId('summary-total').filter({ hasText: '178,00' }).waitFor({ state: 'attached' })
    await continueToPayment(buyer.page)
    // The sandbox's approved card: the order is paid on the spot.
    await buyer.page.getByRole('radio', { name: /Cartão/ }).click()
    await buyer.page.getByLabel('Nome no cartão').fill('MARIA DA SILVA')
    await buyer.page.getByLabel('Número do cartão').pressSequentially('4111111111111111')
    await buyer.page.getByLabel('Validade').pressSequentially('1230')
    await buyer.page.getByLabel('CVV').pressSequentially('123')
    await buyer.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await buyer.page.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await buyer.page.getByText('Pagamento Confirmado').waitFor({ timeout: 20_000 })
    const orderUrl = buyer.page.url()

    // The merchant opens the order and types the carrier and the code instead of buying a label.
    const { page } = await e2e.openSignedIn(token, `/store/${storeId}/orders`)
    await page.getByRole('cell', { name: /#1001/ }).waitFor()
    await page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    const section = page.getByTestId('order-shipment')
    await section.getByRole('button', { name: 'Informar código de rastreio' }).click()
    await section.getByLabel('Transportadora').fill('Correios')
    await section.getByLabel('Código de rastreio').fill(TRACKING_CODE)
    await section.getByRole('button', { name: 'Salvar e marcar como enviado' }).click()
    await section.getByTestId('tracking-code').getByText(TRACKING_CODE).waitFor({ timeout: 30_000 })
    await section.getByText('Enviado', { exact: true }).waitFor()
    expect(await section.getByRole('link', { name: TRACKING_CODE }).getAttribute('href')).toBe(CORREIOS_LINK)
    // Typed, not bought: there is no label to print.
    expect(await section.getByRole('button', { name: 'Imprimir etiqueta' }).count()).toBe(0)
    await snap(page, 'shipping-order-modal-typed-code')

    // The buyer's page shows the code and the Correios link; the e-mail carries both.
    await buyer.page.goto(orderUrl)
    await buyer.page.getByTestId('buyer-tracking-code').getByText(TRACKING_CODE).waitFor()
    const buyerShipment = buyer.page.getByTestId('buyer-shipment')
    expect(await buyerShipment.textContent()).toContain('Correios')
    expect(await buyerShipment.getByRole('link', { name: 'Rastrear pedido' }).getAttribute('href')).toBe(CORREIOS_LINK)
    await snap(buyer.page, 'shipping-buyer-typed-code-390')
    const mail = await mailFor(BUYER.email, /Seu pedido .* foi enviado/)
    expect(mail.text).toContain(TRACKING_CODE)
    expect(String(mail.html)).toContain(CORREIOS_LINK)
    await buyer.context.close()
  }, 180_000)
})
