import type { ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { startFakeMelhorEnvio } from '../src/testing/fake-melhor-envio'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { BUYER, continueToPayment, continueToShipping, fillFoundAddress, ORDER_PAGE, simulatePayment } from './buyer'
import { startFakeCep } from './fake-cep'
import { configureSandbox, createMerchant, createStore } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const cep = await startForFile(startFakeCep)
const melhorEnvio = await startForFile(startFakeMelhorEnvio)
const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url, MELHOR_ENVIO_API_URL: melhorEnvio.url, SMTP_URL: smtp.url })

async function mailFor(address: string, subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = smtp.messages.find((m) => JSON.stringify(m.to).includes(address) && subject.test(m.subject ?? ''))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail ${subject} for ${address}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('shipping with Melhor Envio', () => {
  it('the buyer picks SEDEX from real quotes and pays; the merchant buys the label; the buyer sees the tracking', async () => {
    const { token, api } = await createMerchant(e2e.server.url, 'Lojista Envios')
    const storeId = await createStore(api, 'Loja Envios')
    const { id: productId } = await api<{ id: string }>('POST', `/stores/${storeId}/products`, {
      name: 'Luminária',
      price: 150,
      type: 'PHYSICAL',
      stock: 5,
      weightGrams: 1200,
      heightCm: 20,
      widthCm: 15,
      lengthCm: 15,
    })
    await configureSandbox(api, storeId, 'sk_sandbox_e2e_shipping_1')
    await api('PUT', `/stores/${storeId}/shipping/melhor-envio`, {
      token: 'me-test-token',
      originCep: '01310100',
      services: [1, 2],
      sender: {
        name: 'Loja Envios',
        document: '52998224725',
        phone: '11987654321',
        email: 'envios@example.com',
        address: 'Rua Augusta',
        number: '100',
        district: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
      },
      active: true,
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
