import type { Page } from 'playwright-core'

/**
 * What a buyer does on the checkout and order pages, step by step, for the suites whose subject comes after it.
 * A suite whose subject is one of these steps (validation, masks, history) keeps writing that step out.
 */

/** The buyer most suites use; the phone and CPF as the API takes them (the form is typed their digits). */
export const BUYER = {
  name: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
}
export type Buyer = typeof BUYER

/** An order's own page, where the checkout sends the buyer once the order is placed. */
export const ORDER_PAGE = /\/pedido\/[0-9a-f-]{36}\?t=/

/** The identification step: name and e-mail, then phone and CPF key by key (their masks format them). */
export async function fillBuyerContact(page: Page, buyer: Buyer = BUYER) {
  await page.getByLabel('Nome completo').fill(buyer.name)
  await page.getByLabel('E-mail').fill(buyer.email)
  await page.getByLabel('Telefone').pressSequentially(buyer.phone.replace(/\D/g, ''))
  await page.getByLabel('CPF').pressSequentially(buyer.cpf.replace(/\D/g, ''))
}

/** The physical checkout's step 1 filled and left for the shipping step. */
export async function continueToShipping(page: Page, buyer: Buyer = BUYER) {
  await fillBuyerContact(page, buyer)
  await page.getByRole('button', { name: 'Continuar para Envio' }).click()
}

/** The shipping step's CEP 01310-100, found by the CEP service (startFakeCep), and the house number. */
export async function fillFoundAddress(page: Page) {
  await page.getByLabel('CEP').pressSequentially('01310100')
  await page.getByText('✓ Endereço encontrado').waitFor()
  await page.getByLabel('Número').fill('1000')
}

/** 'Continuar para Pagamento', until the payment methods show. */
export async function continueToPayment(page: Page) {
  await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
  await page.getByRole('radio', { name: /PIX/ }).waitFor()
}

/**
 * The digital checkout at `path` (query included) as `buyer`, by the preselected PIX or the `method` chosen, up to
 * the new order's page.
 */
export async function buyDigital(page: Page, path: string, opts: { buyer?: Buyer; method?: RegExp } = {}) {
  await page.goto(path)
  await fillBuyerContact(page, opts.buyer)
  await continueToPayment(page)
  if (opts.method) await page.getByRole('radio', { name: opts.method }).click()
  await page.getByRole('button', { name: 'Finalizar Compra' }).click()
  await page.waitForURL(ORDER_PAGE, { timeout: 20_000 })
}

/** 'Simular pagamento' on an order page (the sandbox pays the charge), until the page says it is paid. */
export async function simulatePayment(page: Page, timeout = 15_000) {
  await page.getByRole('button', { name: 'Simular pagamento' }).click()
  await page.getByText('Pagamento Confirmado').waitFor({ timeout })
}
