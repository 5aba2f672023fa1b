import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { COUPON_REFUSALS } from '../src/shared/coupons'
import { SHIPPING_UNAVAILABLE } from '../src/shared/ordering'
import { BUYER, continueToPayment, continueToShipping, fillBuyerContact, fillFoundAddress, ORDER_PAGE } from './buyer'
import { startFakeCep } from './fake-cep'
import { type Api, configureSandbox, createMerchant, createProduct, createStore, placePhysicalOrder } from './shop'
import { PHONE, recordToasts, setupE2E, snap, startForFile, waitForToast } from './support'

// What the checkout does when the order is refused for a reason the buyer can act on. Each refusal happens while
// the buyer is on the payment step (another buyer takes the last unit or the coupon's last use, the merchant drops
// the shipping option), and the page reacts to the answer's code (shared/error-codes.ts).
const cep = await startForFile(startFakeCep)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url })
let api: Api
let token: string
let storeId: string

beforeAll(async () => {
  ;({ api, token } = await createMerchant(e2e.server.url, 'Lojista Recusas'))
  storeId = await createStore(api, 'Loja das Recusas')
  await configureSandbox(api, storeId, 'sk_sandbox_e2e_refusals_01')
})

/** A phone page recording its toasts. */
async function phone() {
  const opened = await e2e.newPage(PHONE)
  await recordToasts(opened.context)
  return opened
}

/** The physical checkout of `productId` up to its payment step (CEP 01310-100, the option named `option`). */
async function toPhysicalPayment(page: Page, productId: string, option: string) {
  await page.goto(`/checkout/${storeId}/${productId}`)
  await continueToShipping(page)
  await fillFoundAddress(page)
  await page.getByRole('radio', { name: new RegExp(option) }).click()
  await continueToPayment(page)
}

/** The merchant deletes a shipping option (a 204, no body). */
async function dropOption(id: string) {
  const res = await fetch(`${e2e.server.url}/api/stores/${storeId}/shipping/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(204)
}

const pay = (page: Page) => page.getByRole('button', { name: 'Finalizar Compra' }).click()

describe('a refused order, at 390 px', () => {
  it('the last unit taken meanwhile (ORDER_SOLD_OUT): the page becomes the sold-out screen', async () => {
    const productId = await createProduct(api, storeId, {
      name: 'Última Caneca',
      price: 40,
      type: 'PHYSICAL',
      stock: 1,
    })
    const option = await api<{ id: string }>('POST', `/stores/${storeId}/shipping`, {
      name: 'Sedex Caneca',
      basePrice: 19.9,
      estimatedDays: 3,
    })
    const { page, context } = await phone()
    await toPhysicalPayment(page, productId, 'Sedex Caneca')
    await placePhysicalOrder(e2e.server.url, { storeId, productId, customer: { ...BUYER, email: 'outra@example.com' } })
    await pay(page)
    await page.getByRole('heading', { name: 'Produto esgotado' }).waitFor()
    await waitForToast(page, 'Produto esgotado')
    expect(await page.getByRole('button', { name: 'Finalizar Compra' }).count()).toBe(0)
    await snap(page, 'refusals-1-sold-out')
    await dropOption(option.id)
    await context.close()
  })

  it('the shipping option gone meanwhile (SHIPPING_UNAVAILABLE): back to the delivery step, then paid', async () => {
    const productId = await createProduct(api, storeId, { name: 'Vaso', price: 60, type: 'PHYSICAL', stock: 10 })
    const sedex = await api<{ id: string }>('POST', `/stores/${storeId}/shipping`, {
      name: 'Sedex Vaso',
      basePrice: 25,
      estimatedDays: 2,
    })
    const { page, context } = await phone()
    await toPhysicalPayment(page, productId, 'Sedex Vaso')
    await dropOption(sedex.id)
    await api('POST', `/stores/${storeId}/shipping`, { name: 'PAC Vaso', basePrice: 15, estimatedDays: 7 })
    await pay(page)
    await page.getByRole('heading', { name: 'Endereço de entrega' }).waitFor()
    await waitForToast(page, SHIPPING_UNAVAILABLE)
    expect(new URL(page.url()).searchParams.get('etapa')).toBe('2')
    // The address stays; the buyer only picks an option again.
    expect(await page.getByLabel('Número').inputValue()).toBe('1000')
    await snap(page, 'refusals-2-shipping-again')
    await page.getByRole('radio', { name: /PAC Vaso/ }).click()
    await continueToPayment(page)
    await pay(page)
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
    await context.close()
  })

  it('the coupon’s last use taken meanwhile (COUPON_REFUSED): dropped with its reason, then paid without it', async () => {
    const productId = await createProduct(api, storeId, {
      name: 'Curso Relâmpago',
      price: 80,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/curso.pdf',
    })
    await api('POST', `/stores/${storeId}/coupons`, {
      code: 'ULTIMO',
      discountType: 'PERCENTAGE',
      discountValue: 10,
      maxUses: 1,
    })
    const { page, context } = await phone()
    await page.goto(`/digital-checkout/${storeId}/${productId}?cupom=ULTIMO`)
    await fillBuyerContact(page)
    await continueToPayment(page)
    await page.getByTestId('coupon-applied').waitFor()
    const other = { ...BUYER, email: 'rapida@example.com' }
    const taken = await fetch(`${e2e.server.url}/api/checkout/create-digital-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeId, productId, customer: other, payment: { method: 'pix' }, couponCode: 'ULTIMO' }),
    })
    expect(taken.status).toBe(200)
    await pay(page)
    await page.getByLabel('Cupom de desconto').waitFor()
    const reason = await page
      .getByLabel('Cupom de desconto')
      .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)
    expect(reason).toBe(COUPON_REFUSALS.usedUp)
    expect(await page.getByTestId('coupon-applied').count()).toBe(0)
    await snap(page, 'refusals-3-coupon-dropped')
    await pay(page)
    await page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
    await context.close()
  })

  it('an unknown CEP (CEP_NOT_FOUND) is said under the CEP field', async () => {
    const productId = await createProduct(api, storeId, { name: 'Tapete', price: 90, type: 'PHYSICAL', stock: 5 })
    const { page, context } = await phone()
    await page.goto(`/checkout/${storeId}/${productId}`)
    await continueToShipping(page)
    await page.getByLabel('CEP').pressSequentially('01001999')
    await page.locator('.field-error', { hasText: 'CEP não encontrado' }).waitFor()
    expect(await page.getByLabel('CEP').getAttribute('aria-invalid')).toBe('true')
    await snap(page, 'refusals-4-cep-not-found')
    await context.close()
  })
})
