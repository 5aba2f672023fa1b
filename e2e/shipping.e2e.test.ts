import { describe, expect, it } from 'vitest'
import { BUYER, continueToPayment, ORDER_PAGE, simulatePayment } from './buyer'
import { reachMelhorEnvioQuotes, shippingSuite } from './shipping-suite'
import { createShippingShop } from './shop'
import { PHONE, snap } from './support'

const { e2e, mailFor } = await shippingSuite()

describe('shipping with Melhor Envio', () => {
  it('the buyer picks SEDEX from real quotes and pays; the merchant buys the label; the buyer sees the tracking', async () => {
    const { token, storeId, productId } = await createShippingShop(e2e.server.url, {
      store: 'Loja Envios',
      merchant: 'Lojista Envios',
      email: 'envios@example.com',
      sandboxKey: 'sk_sandbox_e2e_shipping_1',
    })

    // The buyer, on a phone: SEDEX and PAC with the fake's prices and days.
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(`/checkout/${storeId}/${productId}`)
    await reachMelhorEnvioQuotes(buyer.page)
    await snap(buyer.page, 'shipping-quotes-390')
    await buyer.page.getByText('Correios SEDEX').click()
    await continueToPayment(buyer.page)
    await buyer.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await buyer.page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
    await simulatePayment(buyer.page)
    const orderUrl = buyer.page.url()

    // The merchant opens the order and buys the label.
    const { page } = await e2e.openSignedIn(token, `/store/${storeId}/orders`, { device: PHONE })
    await page.getByRole('cell', { name: /#1001/ }).waitFor()
    await page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    await page.getByRole('button', { name: 'Gerar etiqueta' }).click()
    const code = page.getByTestId('tracking-code')
    await code.waitFor({ timeout: 30_000 })
    const trackingCode = ((await code.textContent()) ?? '').trim()
    expect(trackingCode).toMatch(/^AA\d{9}BR$/)
    await page.getByTestId('order-shipment').getByText('Enviado', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Imprimir etiqueta' }).waitFor()
    await page.getByTestId('order-shipment').scrollIntoViewIfNeeded()
    await snap(page, 'shipping-order-modal-label-390')

    // Bought by mistake: cancelled before posting (confirmed), then the right label is bought.
    await page.getByRole('button', { name: 'Cancelar etiqueta' }).click()
    await page
      .getByRole('dialog', { name: 'Cancelar etiqueta' })
      .getByRole('button', { name: 'Cancelar etiqueta' })
      .click()
    await page.getByRole('button', { name: 'Gerar etiqueta' }).waitFor({ timeout: 30_000 })
    // The cancel stays on the order as a line of the shipment's history, naming the code that no longer holds.
    await page.getByRole('dialog', { name: 'Cancelar etiqueta' }).waitFor({ state: 'hidden' })
    const history = page.getByTestId('shipment-history')
    await history.getByText(`Etiqueta Correios SEDEX (código ${trackingCode}) cancelada`, { exact: false }).waitFor()
    await history.scrollIntoViewIfNeeded()
    await snap(page, 'shipping-order-modal-cancelled-390')
    await page.getByRole('button', { name: 'Gerar etiqueta' }).click()
    await page.getByTestId('order-shipment').getByText('Enviado', { exact: true }).waitFor({ timeout: 30_000 })
    const rebought = ((await code.textContent()) ?? '').trim()
    expect(rebought).toMatch(/^AA\d{9}BR$/)
    expect(rebought).not.toBe(trackingCode)
    await snap(page, 'shipping-order-modal-rebought-390')

    // The buyer's page shows the code; the e-mail carries it.
    await buyer.page.goto(orderUrl)
    await buyer.page.getByTestId('buyer-tracking-code').getByText(rebought).waitFor()
    await snap(buyer.page, 'shipping-buyer-tracking-390')
    const mail = await mailFor(BUYER.email, /foi enviado/)
    expect(mail.text).toMatch(new RegExp(`${trackingCode}|${rebought}`))
    // And the buyer, who had been sent the first code, is told it no longer holds.
    const notice = await mailFor(BUYER.email, /não vale mais/)
    expect(notice.text).toContain(trackingCode)
    await buyer.context.close()
  }, 180_000)
})
