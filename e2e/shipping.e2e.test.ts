import { describe, expect, it } from 'vitest'
import { startFakeMelhorEnvio } from '../src/testing/fake-melhor-envio'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { BUYER, continueToPayment, continueToShipping, fillFoundAddress, ORDER_PAGE, simulatePayment } from './buyer'
import { startFakeCep } from './fake-cep'
import { waitForMail } from './mail'
import { createShippingShop } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const cep = await startForFile(startFakeCep)
const melhorEnvio = await startForFile(startFakeMelhorEnvio)
const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url, MELHOR_ENVIO_API_URL: melhorEnvio.url, SMTP_URL: smtp.url })

const mailFor = (address: string, subject: RegExp) => waitForMail(smtp, address, subject)

describe('shipping with Melhor Envio', () => {
  it('the buyer picks SEDEX from real quotes and pays; the merchant buys the label; the buyer sees the tracking', async () => {
    const { token, storeId, productId } = await createShippingShop(e2e.server.url, {
      store: 'Loja Envios',
      merchant: 'Lojista Envios',
      email: 'envios@example.com',
      sandboxKey: 'sk_sandbox_e2e_shipping_1',
    })

    // The buyer, on a phone: SEDEX and PAC with the fake's prices and days for a 1.2 kg box.
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(`/checkout/${storeId}/${productId}`)
    await continueToShipping(buyer.page)
    await fillFoundAddress(buyer.page)
    await buyer.page.getByText('Correios SEDEX').waitFor()
    await buyer.page.getByText('Correios PAC').waitFor()
    const options = (await buyer.page.locator('main').textContent()) ?? ''
    expect(options).toContain('49,40') // SEDEX: 32,90 + 2 kg × 7,50 + 1,50 insurance
    expect(options).toContain('28,00') // PAC: 18,50 + 2 kg × 4,00 + 1,50
    await snap(buyer.page, 'shipping-quotes-390')
    await buyer.page.getByText('Correios SEDEX').click()
    await continueToPayment(buyer.page)
    await buyer.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await buyer.page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
    await simulatePayment(buyer.page)
    const orderUrl = buyer.page.url()

    // The merchant opens the order and buys the label.
    const { page } = await e2e.openSignedIn(token, `/store/${storeId}/orders`)
    await page.getByRole('cell', { name: /#1001/ }).waitFor()
    await page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    await page.getByRole('button', { name: 'Gerar etiqueta' }).click()
    const code = page.getByTestId('tracking-code')
    await code.waitFor({ timeout: 30_000 })
    const trackingCode = ((await code.textContent()) ?? '').trim()
    expect(trackingCode).toMatch(/^AA\d{9}BR$/)
    await page.getByTestId('order-shipment').getByText('Enviado', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Imprimir etiqueta' }).waitFor()
    await snap(page, 'shipping-order-modal-label')

    // The buyer's page shows the code; the e-mail carries it.
    await buyer.page.goto(orderUrl)
    await buyer.page.getByTestId('buyer-tracking-code').getByText(trackingCode).waitFor()
    await snap(buyer.page, 'shipping-buyer-tracking-390')
    const mail = await mailFor(BUYER.email, /foi enviado/)
    expect(mail.text).toContain(trackingCode)
    await buyer.context.close()
  }, 180_000)
})
