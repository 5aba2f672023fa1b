import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { BUYER, buyDigital, simulatePayment } from './buyer'
import { linkIn, waitForMail } from './mail'
import { createDigitalShop } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ SMTP_URL: smtp.url, MAIL_FROM: 'Checkout <no-reply@loja.test>' })

const mailFor = (address: string, subject: RegExp) => waitForMail(smtp, address, subject)

const PDF = Buffer.from('%PDF-1.4\n% Guia de vendas\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

describe("buyer's area end to end", () => {
  it('merchant uploads the file; buyer pays by PIX, signs in from the e-mail, downloads; a refund ends it', async () => {
    const shop = await createDigitalShop(e2e.server.url, {
      store: 'Loja da Área',
      product: 'Guia de Vendas',
      price: 47,
    })

    // merchant: the product form's deliverables section
    const merchant = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/products`)
    await merchant.page.getByRole('button', { name: 'Editar Guia de Vendas' }).click()
    const dialog = merchant.page.getByRole('dialog', { name: 'Editar Produto' })
    await dialog.getByText('Nenhum arquivo enviado ainda.').waitFor()
    await dialog
      .getByTestId('product-file-input')
      .setInputFiles({ name: 'guia-de-vendas.pdf', mimeType: 'application/pdf', buffer: PDF })
    await dialog.getByText('guia-de-vendas.pdf').waitFor()
    await dialog
      .getByTestId('product-file-input')
      .setInputFiles({ name: 'bonus.pdf', mimeType: 'application/pdf', buffer: PDF })
    await dialog.getByText('bonus.pdf').waitFor()
    // ▲ puts the bonus first; the switch stamps PDFs (this one cannot be parsed, so it is served as uploaded)
    await dialog.getByRole('button', { name: 'Subir bonus.pdf' }).click()
    const names = dialog.locator('.product-files-name')
    await expect.poll(() => names.allTextContents()).toEqual(['bonus.pdf', 'guia-de-vendas.pdf'])
    const stamp = dialog.getByRole('switch', { name: 'Carimbar PDFs com nome e e-mail do comprador' })
    // saved at once: the switch shows on only once the server answered
    await stamp.click()
    await expect.poll(() => stamp.isChecked()).toBe(true)
    await snap(merchant.page, 'buyer-area-01-merchant-files')
    await merchant.page.reload()
    await merchant.page.getByRole('button', { name: 'Editar Guia de Vendas' }).click()
    await expect.poll(() => names.allTextContents()).toEqual(['bonus.pdf', 'guia-de-vendas.pdf'])
    expect(await stamp.isChecked()).toBe(true)
    await merchant.context.close()

    // buyer: pays by PIX on a phone; the paid page points to the area
    const email = `comprador-${Date.now()}@example.com`
    const { page, context } = await e2e.newPage(PHONE)
    await buyDigital(page, `/digital-checkout/${shop.storeId}/${shop.productId}`, { buyer: { ...BUYER, email } })
    const orderId = /\/pedido\/([0-9a-f-]{36})/.exec(page.url())?.[1]
    await simulatePayment(page)
    await page.getByRole('link', { name: 'Acessar minha área' }).waitFor()
    await snap(page, 'buyer-area-02-paid-order')

    const approved = await mailFor(email, /^Pagamento aprovado/)
    expect(linkIn(approved, /href="([^"]*\/minha-conta)"/)).toBe(`${e2e.server.url}/minha-conta`)

    // the area: ask for a link, open it from the e-mail
    await page.goto('/minha-conta')
    await page.getByLabel('E-mail usado na compra').fill(email)
    await page.getByRole('button', { name: 'Receber link de acesso' }).click()
    await page.getByText('Se houver compras com este e-mail').waitFor()
    await snap(page, 'buyer-area-03-link-sent')
    const login = await mailFor(email, /^Seu link de acesso/)
    const link = linkIn(login, /href="([^"]*\/minha-conta\/entrar\?token=[^"]+)"/)
    await page.goto(link)
    await page.waitForURL('**/minha-conta')
    await page.getByRole('heading', { name: 'Meus produtos' }).waitFor()
    const file = page.getByTestId('buyer-download').filter({ hasText: 'guia-de-vendas.pdf' })
    await file.waitFor()
    expect(await page.getByTestId('buyer-download').locator('.ba-file-name').allTextContents()).toEqual([
      'bonus.pdf',
      'guia-de-vendas.pdf',
    ])
    await page.getByTestId('buyer-orders').getByText('Loja da Área').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await snap(page, 'buyer-area-04-area')

    const [download] = await Promise.all([page.waitForEvent('download'), file.click()])
    expect(download.suggestedFilename()).toBe('guia-de-vendas.pdf')
    expect(readFileSync((await download.path())!).equals(PDF)).toBe(true)

    // the merchant sees the download in the order's detail
    const orders = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/orders`)
    await orders.page.getByRole('row', { name: /1001/ }).getByRole('button', { name: 'Ver' }).click()
    await orders.page.getByTestId('order-downloads').getByText('guia-de-vendas.pdf: 1 download').waitFor()
    await snap(orders.page, 'buyer-area-06-merchant-downloads')
    await orders.context.close()

    // the merchant refunds the order: the next download is refused and the product leaves the area
    await shop.api('POST', `/stores/${shop.storeId}/orders/${orderId}/refunds`, { reason: 'Pedido do cliente' })
    const href = (await file.getAttribute('href'))!
    const refused = await page.request.get(href, { maxRedirects: 0 })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toMatch(/reembolsado/)
    await page.reload()
    await page.getByText('Nenhum produto digital liberado por enquanto.').waitFor()
    await page.getByTestId('buyer-orders').getByText('Reembolsado').first().waitFor()
    await snap(page, 'buyer-area-05-after-refund')
    await context.close()
  }, 150_000)
})
