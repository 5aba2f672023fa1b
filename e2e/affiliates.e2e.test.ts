/**
 * Issue 37 end to end, at 390 px: the producer opens a product to affiliates on 'Afiliados'; an affiliate signs up,
 * asks to promote it on 'Minhas afiliações' and takes the link; a buyer buys through the link; the affiliate sees
 * the pending commission and the producer sees the sale with its split.
 */
import { describe, expect, it } from 'vitest'
import { waitFor } from '../src/testing/test-app'
import { continueToPayment, fillBuyerContact, ORDER_PAGE, simulatePayment } from './buyer'
import { digitalShopForFile } from './shop'
import { PHONE, setupE2E, snap } from './support'

const e2e = setupE2E()
const shop = digitalShopForFile(e2e, { store: 'Loja Parceira', product: 'Curso de Marketing', price: 100 })

describe('affiliates', () => {
  it('affiliate link → sale → pending commission for the affiliate, split for the producer', async () => {
    // The producer opens the product: 30 %, approved automatically.
    const producer = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/afiliados`, { device: PHONE })
    const form = producer.page.getByRole('form', { name: 'Programa de afiliados' })
    await form.waitFor()
    await form.getByLabel('Comissão (%)').fill('30')
    await form.getByLabel('Aprovar afiliados automaticamente').check()
    await form.getByRole('button', { name: 'Salvar programa' }).click()
    await producer.page.getByText('Programa de afiliados salvo').waitFor()
    await snap(producer.page, 'affiliates-1-program')

    // An affiliate signs up and takes a link.
    const affiliate = await e2e.newPage(PHONE)
    await affiliate.page.goto('/register')
    await affiliate.page.getByLabel('Nome completo').fill('Ana Afiliada')
    await affiliate.page.getByLabel('Email').fill(`ana-${Date.now()}@example.com`)
    await affiliate.page.getByLabel('Senha', { exact: true }).fill('Senha-secreta-1')
    await affiliate.page.getByLabel('Confirmar senha').fill('Senha-secreta-1')
    await affiliate.page.getByRole('button', { name: 'Criar conta' }).click()
    await affiliate.page.waitForURL((u) => !u.pathname.startsWith('/register'))
    await affiliate.page.goto('/afiliacoes')
    const offer = affiliate.page.getByTestId('marketplace-row').filter({ hasText: 'Curso de Marketing' })
    await offer.getByRole('button', { name: 'Quero me afiliar' }).click()
    const link = affiliate.page.getByTestId('affiliate-link')
    await link.waitFor()
    const url = (await link.textContent()) ?? ''
    expect(url).toMatch(/\/a\/[\w-]+$/)
    await snap(affiliate.page, 'affiliates-2-link')

    // A buyer opens the link and buys.
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(url)
    await buyer.page.waitForURL(new RegExp(`/digital-checkout/${shop.storeId}/${shop.productId}`))
    await fillBuyerContact(buyer.page)
    await continueToPayment(buyer.page)
    await buyer.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await buyer.page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
    await simulatePayment(buyer.page)
    await buyer.context.close()

    // The affiliate sees the commission pending.
    await waitFor(async () => {
      await affiliate.page.reload()
      const row = affiliate.page.getByTestId('commission-row')
      await affiliate.page.getByRole('heading', { name: 'Minhas afiliações' }).waitFor()
      return (await row.count()) > 0
    }, 20_000)
    const commission = affiliate.page.getByTestId('commission-row').first()
    expect(await commission.textContent()).toContain('Pendente')
    const balance = await affiliate.page.getByTestId('affiliate-balance').textContent()
    expect(balance).toMatch(/Pendente\s*R\$\s*\d/)
    await snap(affiliate.page, 'affiliates-3-commission')
    await affiliate.context.close()

    // The producer sees the sale with its split.
    await producer.page.reload()
    const sale = producer.page.getByTestId('affiliate-sale-row').first()
    await sale.waitFor()
    const text = (await sale.textContent()) ?? ''
    expect(text).toContain('Ana Afiliada')
    expect(text).toContain('Pendente')
    await snap(producer.page, 'affiliates-4-split')
    await producer.context.close()
  })
})
