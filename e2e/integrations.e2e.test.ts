import { describe, expect, it } from 'vitest'
import { startFakeUtmify } from '../src/testing/fake-utmify'
import { waitFor } from '../src/testing/test-app'
import { buyDigital, simulatePayment } from './buyer'
import { digitalShopForFile } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const KEY = 'utmify_e2e_token_0123456789ABCDEF'

const fake = await startForFile(startFakeUtmify)
const e2e = setupE2E({ UTMIFY_API_URL: fake.url })
const shop = digitalShopForFile(e2e, { store: 'Loja de Tráfego', product: 'Curso de Anúncios', price: 197 })

describe('UTMify', () => {
  it('the merchant turns it on, saves the key and sees a simulated sale arrive', async () => {
    const { page, context } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/integrations`)
    await page.getByRole('heading', { name: 'Integrações', level: 1 }).waitFor()
    await page
      .getByRole('link', { name: /Integrações/ })
      .first()
      .waitFor()
    expect(await page.getByLabel('Plataforma').inputValue()).toBe('dexter')

    await page.getByRole('button', { name: 'Simular Venda' }).click()
    await page.getByTestId('utmify-banner').getByText('Configure a chave API primeiro').waitFor()

    await page.getByLabel('Chave da API (x-api-token)').fill(KEY)
    expect(await page.getByLabel('Chave da API (x-api-token)').getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Mostrar' }).click()
    expect(await page.getByLabel('Chave da API (x-api-token)').getAttribute('type')).toBe('text')
    await page.getByRole('switch', { name: 'Integração UTMify ativa' }).check()
    await page.getByRole('button', { name: 'Salvar' }).click()
    await page.getByTestId('utmify-banner').getByText('Configuração salva com sucesso!').waitFor()
    // the key comes back masked, never in full
    await page.getByText(/Chave salva:/).waitFor()
    expect(await page.content()).not.toContain(KEY)

    await page.getByRole('button', { name: 'Simular Venda' }).click()
    await page
      .getByTestId('utmify-banner')
      .getByText(/Venda simulada enviada com sucesso! Ordem: teste-/)
      .waitFor()
    expect(fake.calls.at(-1)?.body).toMatchObject({ isTest: true, platform: 'dexter' })
    expect(fake.calls.at(-1)?.token).toBe(KEY)
    await snap(page, 'integrations-1-utmify-configurado')
    // the banner clears itself after 3 s
    await page
      .getByTestId('utmify-banner')
      .getByText(/Venda simulada/)
      .waitFor({ state: 'detached', timeout: 6000 })
    await context.close()
  })

  it('a buyer from an ad pays by PIX; UTMify receives both statuses with the campaign; the merchant sees them', async () => {
    fake.calls.length = 0
    const { page, context } = await e2e.newPage(PHONE)
    const campaign = 'utm_source=FB&utm_medium=cpc&utm_campaign=black-friday&src=story&sck=ad-42'
    await buyDigital(page, `/digital-checkout/${shop.storeId}/${shop.productId}?${campaign}`)
    await simulatePayment(page, 20_000)
    await snap(page, 'integrations-2-compra-paga')
    await context.close()

    await waitFor(() => fake.calls.filter((c) => c.body.isTest === false).length >= 2, 20_000)
    const sent = fake.calls.filter((c) => c.body.isTest === false).map((c) => c.body)
    expect(sent.map((b) => b.status)).toEqual(['waiting_payment', 'paid'])
    expect(sent[0].orderId).toBe(sent[1].orderId)
    expect(sent[0].createdAt).toBe(sent[1].createdAt)
    for (const body of sent)
      expect(body.trackingParameters).toEqual({
        src: 'story',
        sck: 'ad-42',
        utm_source: 'FB',
        utm_medium: 'cpc',
        utm_campaign: 'black-friday',
        utm_content: null,
        utm_term: null,
      })
    expect(sent[1].commission).toMatchObject({ totalPriceInCents: 19700 })

    const merchant = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/integrations`)
    const rows = merchant.page.getByTestId('utmify-delivery')
    await rows.filter({ hasText: '#1001' }).filter({ hasText: 'Pago' }).getByText('Enviado').waitFor()
    await rows.filter({ hasText: '#1001' }).filter({ hasText: 'Aguardando pagamento' }).getByText('Enviado').waitFor()
    await snap(merchant.page, 'integrations-3-log-de-envios')

    // the order detail shows where the sale came from
    await merchant.page.goto(`/store/${shop.storeId}/orders`)
    await merchant.page.getByRole('row', { name: /#1001/ }).getByRole('button', { name: 'Ver' }).click()
    const tracking = merchant.page.getByRole('dialog', { name: 'Pedido #1001' }).getByTestId('order-tracking')
    await tracking.getByText('black-friday').waitFor()
    expect(await tracking.textContent()).toBe('utm_sourceFButm_mediumcpcutm_campaignblack-fridaysrcstorysckad-42')
    await snap(merchant.page, 'integrations-4-pedido-com-origem')
    await merchant.context.close()
  })
})
