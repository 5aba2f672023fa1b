import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { startFakeGraph } from '../src/modules/tracking/fake-graph'
import { waitFor } from '../src/testing/test-app'
import { BUYER, buyDigital as buy, continueToPayment, fillBuyerContact, simulatePayment } from './buyer'
import { createProduct, digitalShopForFile } from './shop'
import { PHONE, setupE2E, snap, startForFile, waitForToast } from './support'

const PIXEL = '987654321012345'
const TOKEN = `EAAG${'e2e'.repeat(14)}_|-Z9`
const FBP = 'fb.1.1700000000000.424242'

/**
 * Stands in for https://connect.facebook.net/en_US/fbevents.js (no internet here): like the real one it sets the
 * `_fbp` cookie and takes over the queue of our loader; it records every call instead of sending it to Meta.
 */
const FBEVENTS_STUB = `(function () {
  var calls = (window.__fbqCalls = window.__fbqCalls || []);
  document.cookie = '_fbp=${FBP}; path=/';
  var f = window.fbq;
  f.callMethod = function () { calls.push(Array.prototype.slice.call(arguments)); };
  var q = f.queue.slice();
  f.queue.length = 0;
  q.forEach(function (a) { f.callMethod.apply(f, a); });
})();`

const fake = await startForFile(startFakeGraph)
const e2e = setupE2E({ FACEBOOK_GRAPH_URL: fake.url, FACEBOOK_GRAPH_VERSION: 'v21.0' })
const shop = digitalShopForFile(e2e, { store: 'Loja do Pixel', product: 'Curso de Anúncios', price: 197.9 })
let physicalId: string

/** Serves the stub for the pixel script and counts how often the page asked for it. */
async function stubFbevents(page: Page) {
  const requests: string[] = []
  await page.route('https://connect.facebook.net/**', (route) => {
    requests.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FBEVENTS_STUB })
  })
  return requests
}

type FbqCall = [string, ...unknown[]]
const fbqCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fbqCalls?: FbqCall[] }).__fbqCalls ?? [])
/** The `track`/`trackSingle` calls as [event, params, eventID]. */
async function tracked(page: Page) {
  return (await fbqCalls(page))
    .filter((c) => c[0] === 'track' || c[0] === 'trackSingle')
    .map((c) => (c[0] === 'track' ? c.slice(1) : c.slice(2)) as [string, Record<string, unknown>, { eventID: string }])
}

async function buyDigital(page: Page, query = '') {
  await buy(page, `/digital-checkout/${shop.storeId}/${shop.productId}${query}`)
  await page.getByRole('button', { name: 'Simular pagamento' }).waitFor({ timeout: 20_000 })
}

beforeAll(async () => {
  physicalId = await createProduct(shop.api, shop.storeId, {
    name: 'Camiseta do Pixel',
    price: 59.9,
    type: 'PHYSICAL',
    stock: 10,
  })
})

describe('Facebook Pixel', () => {
  it('with the pixel off, the checkout loads no pixel code', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    const requests = await stubFbevents(page)
    await page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}`)
    await page.getByLabel('Nome completo').waitFor()
    await fillBuyerContact(page)
    await continueToPayment(page)
    expect(requests).toEqual([])
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined')
    await context.close()
  })

  it('the merchant configures the pixel: validation before save and copy, masked token, status Ativo', async () => {
    const { page, context } = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/facebook-pixel`, {
      toasts: true,
    })
    await page.getByRole('heading', { name: 'Facebook Pixel', level: 1 }).waitFor()
    await page
      .getByRole('link', { name: /Facebook Pixel/ })
      .first()
      .waitFor()
    await page.getByTestId('pixel-status').getByText('Inativo').waitFor()

    // Copy is refused while the id is not 15–16 digits.
    await page.getByRole('button', { name: 'Mostrar código' }).click()
    await page.getByRole('button', { name: 'Copiar script' }).click()
    await page.getByText('ID do Facebook Pixel inválido. Deve conter 15-16 dígitos.').waitFor()

    await page.getByLabel('ID do Pixel').fill('12345')
    await page.getByRole('switch', { name: 'Pixel ativo' }).check()
    await page.getByRole('button', { name: 'Salvar configuração' }).click()
    await page
      .locator('.field-invalid')
      .getByText('ID do Facebook Pixel inválido. Deve conter 15-16 dígitos.')
      .waitFor()
    await page.getByLabel(/Token de acesso/).fill('curto')
    await page.getByLabel('ID do Pixel').fill(PIXEL)
    await page.getByRole('button', { name: 'Salvar configuração' }).click()
    await page.getByText(/Token de acesso inválido/).waitFor()
    expect(await shop.api<{ active: boolean }>('GET', `/stores/${shop.storeId}/facebook-pixel`)).toMatchObject({
      active: false,
    })

    await page.getByLabel(/Token de acesso/).fill(TOKEN)
    await page.getByLabel('Código de teste (opcional)').fill('TEST4242')
    await page.getByRole('button', { name: 'Salvar configuração' }).click()
    await waitForToast(page, 'Configuração do Pixel salva com sucesso!')
    await page.getByTestId('pixel-status').getByText('Ativo').waitFor()
    expect(await page.getByLabel(/Token de acesso/).inputValue()).toContain('•')
    expect(await page.content()).not.toContain(TOKEN)

    await page.getByRole('button', { name: 'Copiar script' }).click()
    await waitForToast(page, 'Código copiado!')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain(`fbq('init', '${PIXEL}')`)
    expect(await page.getByTestId('pixel-script').textContent()).toContain(PIXEL)
    await snap(page, 'pixel-1-configurado')
    await context.close()
  })

  it('at 390 px the buyer’s page sends PageView, AddToCart, InitiateCheckout, Purchase; the server the same Purchase', async () => {
    fake.calls.length = 0
    const { page, context } = await e2e.newPage(PHONE)
    const requests = await stubFbevents(page)
    await buyDigital(page, '?fbclid=IwAR-e2e')
    expect(requests).toHaveLength(1)
    expect((await fbqCalls(page)).find((c) => c[0] === 'init')).toEqual(['init', PIXEL])
    // An order waiting for its PIX is not a sale yet: no Purchase until it is paid.
    expect((await tracked(page)).map((e) => e[0])).toEqual(['PageView', 'AddToCart', 'InitiateCheckout'])
    const orderId = page.url().match(/\/pedido\/([^?]+)/)?.[1]
    expect(orderId).toBeTruthy()
    await snap(page, 'pixel-2-pedido-390')

    await simulatePayment(page, 20_000)
    await page.waitForFunction(() =>
      ((window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []).some((c) => c.includes('Purchase')),
    )
    const events = await tracked(page)
    expect(events.map((e) => e[0])).toEqual(['PageView', 'AddToCart', 'InitiateCheckout', 'Purchase'])
    const byName = Object.fromEntries(events.map((e) => [e[0], e]))
    expect(byName.AddToCart[1]).toMatchObject({
      value: 197.9,
      currency: 'BRL',
      content_ids: [shop.productId],
      contents: [{ id: shop.productId, quantity: 1, item_price: 197.9 }],
    })
    expect(byName.Purchase[1]).toMatchObject({ value: 197.9, currency: 'BRL', content_ids: [shop.productId] })
    expect(byName.Purchase[2].eventID).toBe(`purchase.${orderId}`)
    expect(byName.InitiateCheckout[2].eventID).toBe(`checkout.${shop.productId}.${FBP}`)

    await waitFor(() => fake.calls.some((c) => c.body.data[0].event_name === 'Purchase'), 20_000)
    const server = Object.fromEntries(fake.calls.map((c) => [c.body.data[0].event_name, c.body]))
    expect(server.Purchase.data[0].event_id).toBe(byName.Purchase[2].eventID)
    expect(server.Purchase.data[0].custom_data).toMatchObject({ value: 197.9, currency: 'BRL' })
    expect(server.Purchase.data[0].user_data.fbp).toBe(FBP)
    expect(server.Purchase.data[0].user_data.fbc).toMatch(/^fb\.1\.\d+\.IwAR-e2e$/)
    expect(server.Purchase.test_event_code).toBe('TEST4242')
    expect(server.InitiateCheckout.data[0].event_id).toBe(byName.InitiateCheckout[2].eventID)
    await snap(page, 'pixel-3-pago-390')

    // A reload of the order page sends no second Purchase.
    await page.reload()
    await page.getByText('Pagamento Confirmado').waitFor()
    expect((await tracked(page)).filter((e) => e[0] === 'Purchase')).toEqual([])
    const stored = await page.evaluate(() => [
      localStorage.getItem('pixel-purchases'),
      localStorage.getItem('pixel-pending-purchases'),
    ])
    expect(JSON.parse(stored[0] ?? '[]')).toContain(orderId)
    expect(JSON.parse(stored[1] ?? '{}')).not.toHaveProperty(orderId as string)
    await context.close()

    const merchant = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/facebook-pixel`)
    const rows = merchant.page.getByTestId('pixel-delivery')
    await rows.filter({ hasText: 'Purchase' }).getByText('Recebido pela Meta').waitFor()
    await rows.filter({ hasText: 'InitiateCheckout' }).getByText('Recebido pela Meta').waitFor()
    await snap(merchant.page, 'pixel-4-log-de-eventos')
    await merchant.context.close()

    const phone = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/facebook-pixel`, { device: PHONE })
    await phone.page.getByTestId('pixel-delivery').first().waitFor()
    await snap(phone.page, 'pixel-5-tela-390')
    await phone.context.close()
  })

  describe('Lead and CompleteRegistration from the identification step', () => {
    const named = async (page: Page, event: string) => (await tracked(page)).filter((e) => e[0] === event)
    /** The pixel has loaded and sent AddToCart: from here an event that was due has had every chance to go out. */
    const pixelReady = (page: Page) =>
      page.waitForFunction(() =>
        ((window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []).some((c) => c.includes('AddToCart')),
      )
    const sent = (page: Page, event: string) =>
      page.waitForFunction(
        (name) => ((window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []).some((c) => c.includes(name)),
        event,
      )
    const toggles = (on: boolean) =>
      shop.api('PATCH', `/stores/${shop.storeId}/facebook-pixel`, { trackLead: on, trackCompleteRegistration: on })
    /** The toggles set, a phone at the checkout `path` with the stubbed pixel loaded. */
    async function openCheckout(on: boolean, path: string) {
      await toggles(on)
      const opened = await e2e.newPage(PHONE)
      await stubFbevents(opened.page)
      await opened.page.goto(path)
      await pixelReady(opened.page)
      return opened
    }

    it('with the toggles on: a valid e-mail sends Lead once, a complete identification CompleteRegistration once, without the buyer’s data', async () => {
      const { page, context } = await openCheckout(true, `/digital-checkout/${shop.storeId}/${shop.productId}`)

      await page.getByLabel('Nome completo').fill(BUYER.name)
      // Half an e-mail is no lead, even when the buyer leaves the field.
      await page.getByLabel('E-mail').fill('maria@example')
      await page.getByLabel('Telefone').focus()
      expect(await named(page, 'Lead')).toEqual([])

      await page.getByLabel('E-mail').fill(BUYER.email)
      await page.getByLabel('Telefone').focus()
      await sent(page, 'Lead')
      await page.getByLabel('Telefone').pressSequentially('11987654321')
      // Name, e-mail and phone are not yet an identification: no CPF.
      await page.getByLabel('CPF').pressSequentially('5299822472')
      await page.getByLabel('Nome completo').focus()
      expect(await named(page, 'CompleteRegistration')).toEqual([])

      await page.getByLabel('CPF').fill('')
      await page.getByLabel('CPF').pressSequentially('52998224725')
      await page.getByLabel('Nome completo').focus()
      await sent(page, 'CompleteRegistration')

      // Leaving fields again, editing the e-mail, going to payment and back: nothing is sent twice.
      await page.getByLabel('E-mail').fill('maria.silva@example.com')
      await page.getByLabel('Telefone').focus()
      await continueToPayment(page)
      await page.getByRole('button', { name: 'Voltar' }).click()
      await page.getByLabel('Nome completo').focus()
      await page.getByLabel('CPF').focus()
      await continueToPayment(page)

      const events = await tracked(page)
      const names = events.map((e) => e[0])
      expect(names.filter((n) => n === 'Lead' || n === 'CompleteRegistration')).toEqual([
        'Lead',
        'CompleteRegistration',
      ])
      expect(names.indexOf('CompleteRegistration')).toBeLessThan(names.indexOf('InitiateCheckout'))
      const byName = Object.fromEntries(events.map((e) => [e[0], e]))
      for (const event of ['Lead', 'CompleteRegistration']) {
        expect(byName[event][1]).toMatchObject({ value: 197.9, currency: 'BRL', content_ids: [shop.productId] })
      }
      expect(byName.Lead[2].eventID).toMatch(new RegExp(`^lead\\.${shop.productId}\\.`))
      expect(byName.CompleteRegistration[2].eventID).toMatch(new RegExp(`^registration\\.${shop.productId}\\.`))
      // Meta's pixel hashes advanced matching itself: the event parameters carry no personal data.
      const params = JSON.stringify(events.map((e) => e[1]))
      for (const pii of ['maria', 'Maria', '98765', '52998224725', '529.982.247-25']) expect(params).not.toContain(pii)
      await context.close()
    })

    it('the physical checkout sends CompleteRegistration when the buyer leaves the identification step', async () => {
      const { page, context } = await openCheckout(true, `/checkout/${shop.storeId}/${physicalId}`)
      await fillBuyerContact(page)
      // Enter in the CPF field submits the step: leaving it is what sends CompleteRegistration, no blur needed.
      await page.getByLabel('CPF').press('Enter')
      await page.getByLabel('CEP').waitFor()
      await sent(page, 'CompleteRegistration')
      await page.getByLabel('CEP').focus()
      expect((await tracked(page)).map((e) => e[0])).toEqual(['PageView', 'AddToCart', 'Lead', 'CompleteRegistration'])
      expect((await named(page, 'CompleteRegistration'))[0][1]).toMatchObject({
        value: 59.9,
        currency: 'BRL',
        content_ids: [physicalId],
      })
      await context.close()
    })

    it('with the toggles off, neither is sent', async () => {
      const { page, context } = await openCheckout(false, `/digital-checkout/${shop.storeId}/${shop.productId}`)
      await fillBuyerContact(page)
      await page.getByLabel('Nome completo').focus()
      await continueToPayment(page)
      await sent(page, 'InitiateCheckout')
      expect((await tracked(page)).map((e) => e[0])).toEqual(['PageView', 'AddToCart', 'InitiateCheckout'])
      await context.close()
    })
  })
})
