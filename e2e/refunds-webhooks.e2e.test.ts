/**
 * The merchant refunds a paid PIX order from its detail and sees Reembolsado; registers a local receiver, sees the
 * deliveries in the log and resends one.
 */
import { describe, expect, it } from 'vitest'
import { startWebhookReceiver } from '../src/testing/fake-webhook-receiver'
import { createDigitalShop, payInSandbox, placeDigitalOrder } from './shop'
import { setupE2E, snap, startForFile } from './support'

const receiver = await startForFile(startWebhookReceiver)
const e2e = setupE2E({ WEBHOOK_RETRY_SCHEDULE_MS: '200,200' })

async function paidPixOrder(storeId: string, productId: string) {
  const customer = { name: 'Joana Prado', email: 'joana@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }
  const order = await placeDigitalOrder(e2e.server.url, { storeId, productId, customer })
  await payInSandbox(e2e.server.url, order)
  return order
}

describe('refunds and webhooks', () => {
  it('refunds a PIX order from the order detail; webhooks log the deliveries and resend one', async () => {
    const shop = await createDigitalShop(e2e.server.url, {
      store: 'Loja Reembolso',
      product: 'Curso de Cerâmica',
      price: 89.9,
    })
    // The receiver first, through the integrations page.
    const { page } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/integrations`)
    await page.getByLabel('URL do endpoint').fill(receiver.url)
    await page.getByLabel(/Pedido criado/).check()
    await page.getByRole('button', { name: 'Adicionar webhook' }).click()
    const secret = await page.getByTestId('webhook-secret').textContent()
    expect(secret).toMatch(/^whsec_/)

    const order = await paidPixOrder(shop.storeId, shop.productId)
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)

    await page.goto(`/store/${shop.storeId}/orders`)
    await page.getByRole('cell', { name: new RegExp(order.orderNumber) }).waitFor()
    await page
      .getByRole('row', { name: new RegExp(order.orderNumber) })
      .getByRole('button', { name: 'Ver' })
      .click()
    await page.getByRole('button', { name: 'Reembolsar' }).click()
    await page.getByLabel('Motivo').fill('Cliente desistiu da compra')
    await page.getByRole('button', { name: 'Revisar reembolso' }).click()
    await page.getByRole('button', { name: 'Confirmar reembolso' }).click()
    await page.getByTestId('order-refund').getByText('Reembolsado').waitFor()
    await page.locator('.order-detail-head').getByText('Reembolsado').waitFor()
    await snap(page, 'order-refunded')
    await page.getByRole('button', { name: 'Fechar', exact: true }).last().click()
    await page
      .getByRole('row', { name: new RegExp(order.orderNumber) })
      .getByText('Reembolsado')
      .waitFor()

    // The log shows placed, paid and refunded; 'Reenviar' sends one again under the same webhook-id.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3)
    await page.goto(`/store/${shop.storeId}/integrations`)
    const rows = page.getByTestId('webhook-delivery')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    await rows.filter({ hasText: 'order.refunded' }).getByText('HTTP 200').waitFor()
    await snap(page, 'webhook-log')
    const firstId = receiver.received[0]!.headers['webhook-id']
    await rows.filter({ hasText: 'order.placed' }).getByRole('button', { name: 'Reenviar' }).click()
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(4)
    expect(receiver.received[3]!.headers['webhook-id']).toBe(firstId)
    const types = receiver.received.map((r) => JSON.parse(r.body).type)
    expect(types).toEqual(['order.placed', 'order.paid', 'order.refunded', 'order.placed'])
  })
})
