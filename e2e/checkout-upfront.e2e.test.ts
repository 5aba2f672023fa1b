/**
 * Issue 33, buyer pages, at 390 px: the price told up front from the first step (PIX price, the longest plan), plans
 * above 'sem juros' with their rate and total, discount lines named by method, the summary first and folded, a bump
 * 'Após o frete' after the shipping options, the consent with the contact fields, and a recovery link that reopens
 * the payment step with the address (the CPF asked again, never kept).
 * The store is the issue's: R$ 89,90 + PAC R$ 19,90, PIX 5% off, boleto 3% off, 12x with 3 sem juros, 2,99% a.m.
 */

import pg from 'pg'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { waitFor } from '../src/testing/test-app'
import { continueToShipping, fillFoundAddress, ORDER_PAGE, simulatePayment } from './buyer'
import { startFakeCep } from './fake-cep'
import { configureSandbox, createMerchant, createProduct, createStore } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const cep = await startForFile(startFakeCep)
const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ CEP_LOOKUP_URL: cep.url, SMTP_URL: smtp.url })
let storeId: string
let productId: string
let db: pg.Client

beforeAll(async () => {
  const { api } = await createMerchant(e2e.server.url, 'Lojista Preço Claro')
  storeId = await createStore(api, 'Loja Preço Claro')
  productId = await createProduct(api, storeId, {
    name: 'Camiseta Algodão Orgânico',
    price: 89.9,
    type: 'PHYSICAL',
    stock: 20,
  })
  const capId = await createProduct(api, storeId, { name: 'Boné Aba Curva', price: 40, type: 'PHYSICAL', stock: 20 })
  await api('POST', `/stores/${storeId}/shipping`, { name: 'PAC', basePrice: 19.9, estimatedDays: 7 })
  await configureSandbox(api, storeId, 'sk_sandbox_e2e_upfront_01', {
    pixDiscountPercent: 5,
    boletoDiscountPercent: 3,
    creditCardMaxInstallments: 12,
    interestFreeInstallments: 3,
    monthlyInterestPercent: 2.99,
  })
  await api('POST', `/stores/${storeId}/order-bumps`, {
    title: 'Leve o boné junto',
    productId: capId,
    discountType: 'PERCENTAGE',
    discountValue: 25,
    position: 'AFTER_SHIPPING',
  })
  db = new pg.Client({ connectionString: e2e.server.databaseUrl })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
})

/** Intl writes R$ with a no-break space; the shared labels with a plain one. */
const textOf = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()
const top = async (l: Locator) => (await l.boundingBox())?.y ?? Number.NaN

async function expectText(l: Locator, text: string) {
  await expect.poll(() => textOf(l), { timeout: 10_000 }).toBe(text)
}

const checkoutUrl = () => `/checkout/${storeId}/${productId}`

describe('prices told up front, in the order a phone shows them', () => {
  it('summary first with the PIX price and the longest plan, named discounts, the interest plan, and the charge agrees', async () => {
    const { page, context } = await e2e.newPage(PHONE)
    await page.goto(checkoutUrl())
    const summary = page.getByTestId('order-summary')

    // 1. From the first step: the product first (image and name), folded, with 'R$ X no PIX' and 'ou até Nx'.
    expect(await top(summary)).toBeLessThan(await top(page.getByRole('heading', { name: 'Seus dados' })))
    expect(await summary.getByText('Camiseta Algodão Orgânico').isVisible()).toBe(true)
    expect(await top(summary.getByText('Camiseta Algodão Orgânico'))).toBeLessThan(844)
    await expectText(page.getByTestId('summary-pix-price'), 'R$ 85,40 no PIX5% OFF')
    await expectText(page.getByTestId('summary-plan'), 'ou até 12x de R$ 9,03 com juros')
    expect(await page.getByTestId('summary-total').isVisible()).toBe(false)
    await snap(page, 'upfront-1-step1-390')

    // 3. The consent sits with the contact fields, above the button.
    const form = page.locator('form').filter({ has: page.getByLabel('Telefone') })
    const consent = form.getByLabel('Quero receber lembretes sobre esta compra')
    expect(await consent.count()).toBe(1)
    const button = page.getByRole('button', { name: 'Continuar para Envio' })
    expect(await top(consent)).toBeGreaterThan(await top(page.getByLabel('Telefone')))
    expect(await top(consent)).toBeLessThan(await top(button))

    // Step 2: the bump set to 'Após o frete' after the shipping options, before the button.
    await continueToShipping(page)
    await fillFoundAddress(page)
    await page.getByRole('radio', { name: /PAC/ }).check()
    const bumps = page.getByTestId('bumps-AFTER_SHIPPING')
    await bumps.waitFor()
    expect(await top(bumps)).toBeGreaterThan(await top(page.getByRole('group', { name: 'Método de envio' })))
    expect(await top(bumps)).toBeLessThan(await top(page.getByRole('button', { name: 'Continuar para Pagamento' })))
    expect(await top(bumps)).toBeGreaterThan(await top(page.getByLabel('Número')))
    // The PIX price now counts the shipping: (89,90 − 5%) + 19,90.
    await expectText(page.getByTestId('summary-pix-price'), 'R$ 105,30 no PIX5% OFF')
    await expectText(page.getByTestId('summary-plan'), 'ou até 12x de R$ 11,02 com juros')
    await snap(page, 'upfront-2-shipping-bump-390')

    // Step 3: PIX chosen first, its discount line named.
    await page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await page.getByRole('radio', { name: /PIX/ }).waitFor()
    await page.getByRole('button', { name: 'Ver detalhes' }).click()
    await expectText(page.getByTestId('summary-method-discount'), 'Desconto PIX (5%)−R$ 4,50')
    await expectText(page.getByTestId('summary-total'), 'R$ 105,30')
    expect(await page.getByText('Desconto no pagamento').count()).toBe(0)
    await snap(page, 'upfront-3-pix-390')

    await page.getByRole('radio', { name: /Boleto/ }).click()
    await expectText(page.getByTestId('summary-method-discount'), 'Desconto boleto (3%)−R$ 2,70')
    await expectText(page.getByTestId('summary-total'), 'R$ 107,10')

    // 2. Above 'sem juros': 'com juros', the monthly rate and the total; the interest line names the plan.
    await page.getByRole('radio', { name: /Cartão/ }).click()
    const plans = await page.getByLabel('Parcelas').locator('option').allTextContents()
    expect(plans[2]).toBe('3x de R$ 36,60 sem juros')
    expect(plans[5]).toBe('6x de R$ 20,26 com juros (2,99% a.m.) · total R$ 121,56')
    await page.getByLabel('Parcelas').selectOption('6')
    await expectText(page.getByTestId('summary-interest'), 'Juros (6x de R$ 20,26 · 2,99% a.m.)R$ 11,76')
    await expectText(page.getByTestId('summary-total'), 'R$ 121,56')
    await page.getByLabel('Nome no cartão').fill('MARIA DA SILVA')
    await page.getByLabel('Número do cartão').pressSequentially('4111111111111111')
    await page.getByLabel('Validade').pressSequentially('1230')
    await page.getByLabel('CVV').pressSequentially('123')
    await snap(page, 'upfront-4-card-6x-390')

    // The charge is what the page said.
    await page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await page.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await expectText(page.getByTestId('summary-total'), 'R$ 121,56')
    const { rows } = await db.query(
      'select total_cents, interest_cents, installment_cents from orders where store_id = $1 order by created_at desc limit 1',
      [storeId],
    )
    expect(rows[0]).toMatchObject({ total_cents: 12_156, interest_cents: 1_176, installment_cents: 2_026 })
    await snap(page, 'upfront-5-order-390')
    await context.close()
  })
})

/** The page's recovery session id, from where the page keeps it. */
const sessionIdOf = (page: Page) =>
  page.evaluate(([s, p]) => sessionStorage.getItem(`checkout-session:${s}:${p}`), [storeId, productId] as const)

describe('a recovery link', () => {
  it('reopens the payment step with the address, never the CPF', async () => {
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(checkoutUrl())
    await buyer.page.getByLabel('Quero receber lembretes sobre esta compra').check()
    await continueToShipping(buyer.page, {
      name: 'Joana Pereira',
      email: 'joana.upfront@example.com',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
    })
    await fillFoundAddress(buyer.page)
    await buyer.page.getByLabel('Complemento (opcional)').fill('ap 12')
    await buyer.page.getByRole('radio', { name: /PAC/ }).check()
    await buyer.page.getByRole('button', { name: 'Continuar para Pagamento' }).click()
    await buyer.page.getByRole('radio', { name: /PIX/ }).waitFor()
    const sessionId = await sessionIdOf(buyer.page)
    await waitFor(async () => {
      const { rows } = await db.query('select step from checkout_sessions where id = $1', [sessionId])
      return rows[0]?.step === 3
    }, 15_000)
    await buyer.context.close()

    // the first reminder's time comes
    const moved = await db.query(
      `update jobs set run_at = now(), data = jsonb_set(data, '{dueAt}', to_jsonb(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
       where name = 'recovery.remind' and data->>'step' = 'FIRST' and data->>'sessionId' = $1`,
      [sessionId],
    )
    expect(moved.rowCount).toBe(1)
    await waitFor(() => smtp.messages.some((m) => JSON.stringify(m.to).includes('joana.upfront@example.com')), 30_000)
    const mail = smtp.messages.find((m) => JSON.stringify(m.to).includes('joana.upfront@example.com'))
    const link = /href="([^"]*recuperar=[^"]+)"/.exec(String(mail?.html))?.[1]?.replaceAll('&amp;', '&')
    expect(link).toBeTruthy()

    const back = await e2e.newPage(PHONE)
    await back.page.goto(link!)
    // 4. The step reached (payment) and the address; the CPF asked again.
    await back.page.getByRole('radio', { name: /PIX/ }).waitFor()
    expect(back.page.url()).toContain('etapa=3')
    expect(back.page.url()).not.toContain('recuperar=')
    expect(await back.page.locator('[aria-current="step"]').textContent()).toContain('Pagamento')
    await back.page.getByRole('button', { name: 'Ver detalhes' }).click()
    await expectText(back.page.getByTestId('summary-total'), 'R$ 105,30')
    expect(await textOf(back.page.getByTestId('order-summary'))).toContain('Frete (PAC)')
    const cpf = back.page.getByTestId('cpf-confirm').getByLabel('CPF')
    expect(await cpf.inputValue()).toBe('')
    await snap(back.page, 'upfront-6-recovery-restored-390')
    await back.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await back.page.getByText('CPF é obrigatório').waitFor()
    await cpf.pressSequentially('52998224725')
    await back.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await back.page.waitForURL(ORDER_PAGE, { timeout: 30_000 })
    await simulatePayment(back.page)
    const { rows } = await db.query(
      `select shipping_address from orders where store_id = $1 and customer_email = 'joana.upfront@example.com'`,
      [storeId],
    )
    expect(JSON.stringify(rows[0])).toContain('ap 12')
    await back.context.close()
  })
})
