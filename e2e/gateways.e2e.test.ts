import { describe, expect, it } from 'vitest'
import { BUYER, continueToPayment, fillBuyerContact, ORDER_PAGE } from './buyer'
import { createMerchant, createProduct, createStore } from './shop'
import { DESKTOP, PHONE, setupE2E, snap, waitForToast } from './support'

// Issue 32: a store with two gateway accounts, the first one down (the sandbox's 503 switch: an sk_sandbox_down_
// key). The merchant sets them up on the Gateways screen; the buyer pays by card at 390 px and sees one approval.
const e2e = setupE2E()

describe('gateway fallback', () => {
  it('the merchant lists two accounts; the first answers 503 and the buyer is approved by the second', async () => {
    const { api, token } = await createMerchant(e2e.server.url, 'Lojista Gateways')
    const storeId = await createStore(api, 'Loja Dois Gateways')
    const productId = await createProduct(api, storeId, {
      name: 'Curso de Fotografia',
      price: 97,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/curso.zip',
    })

    const merchant = await e2e.openSignedIn(token, `/store/${storeId}/gateways`, { device: DESKTOP, toasts: true })
    const page = merchant.page
    await page.getByRole('heading', { name: 'Gateways' }).waitFor()
    for (const [label, key] of [
      ['Principal', 'sk_sandbox_down_e2e_0001'],
      ['Reserva', 'sk_sandbox_e2e_backup_0001'],
    ]) {
      await page.getByLabel('Gateway').selectOption('sandbox')
      await page.getByLabel('Nome da conta').fill(label!)
      await page.getByLabel('API Key').fill(key!)
      await page.getByRole('button', { name: 'Adicionar conta' }).click()
      await waitForToast(page, 'Conta adicionada')
    }
    const rows = page.getByTestId('gateway-row')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.nth(0).textContent()).toContain('Principal')
    expect(await page.content()).not.toContain('sk_sandbox_down_e2e_0001')
    await rows.nth(0).getByRole('button', { name: 'Testar conexão' }).click()
    await waitForToast(page, 'Não foi possível conectar ao gateway')
    await rows.nth(1).getByRole('button', { name: 'Testar conexão' }).click()
    await waitForToast(page, 'Conexão bem-sucedida')
    await snap(page, 'gateways-two-accounts')
    await merchant.context.close()

    const buyer = await e2e.newPage(PHONE)
    const p = buyer.page
    await p.goto(`/digital-checkout/${storeId}/${productId}`)
    await fillBuyerContact(p, BUYER)
    await continueToPayment(p)
    await p.getByRole('radio', { name: /Cartão/ }).click()
    await p.getByLabel('Nome no cartão').fill('MARIA DA SILVA')
    await p.getByLabel('Número do cartão').pressSequentially('4111111111111111')
    await p.getByLabel('Validade').pressSequentially('1230')
    await p.getByLabel('CVV').pressSequentially('123')
    // The store keeps cards: the step says so plainly, ticked by default.
    expect(await p.getByLabel('Salvar cartão para próximas compras nesta loja').isChecked()).toBe(true)
    await snap(p, 'gateways-buyer-card-step-390')
    await p.getByRole('button', { name: 'Finalizar Compra' }).click()
    await p.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await p.getByText('Pagamento Confirmado').waitFor()
    await snap(p, 'gateways-buyer-approved-390')
    await buyer.context.close()

    const charges = await api<{ data: { status: string }[] }>(
      'GET',
      `/payment/ativo-pay/transactions?storeId=${storeId}`,
    )
    expect(charges.data.map((c) => c.status)).toEqual(['PAID'])
  })
})
