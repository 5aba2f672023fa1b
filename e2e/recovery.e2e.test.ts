/**
 * Issue 26 end to end, at 390 px: a buyer types e-mail and phone, ticks the reminders box and leaves; the reminder's
 * time comes (the test moves the delayed job's clock); the test reads the e-mail from its own SMTP server, opens the
 * link, finds the form filled, pays; the merchant sees the sale as recovered on the 'Recuperação' screen.
 */

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSmtp } from '../src/testing/fake-smtp'
import { waitFor } from '../src/testing/test-app'
import { continueToPayment, simulatePayment } from './buyer'
import { digitalShopForFile } from './shop'
import { PHONE, setupE2E, snap, startForFile } from './support'

const smtp = await startForFile(startFakeSmtp)
const e2e = setupE2E({ SMTP_URL: smtp.url })
const shop = digitalShopForFile(e2e, { store: 'Loja Recupera', product: 'Curso de Fotografia', price: 97 })
let db: pg.Client

beforeAll(async () => {
  db = new pg.Client({ connectionString: e2e.server.databaseUrl })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
})

describe('recovery', () => {
  it('brings back a buyer who left: reminder by e-mail, the form filled from the link, the sale recovered', async () => {
    const buyer = await e2e.newPage(PHONE)
    await buyer.page.goto(`/digital-checkout/${shop.storeId}/${shop.productId}?utm_source=instagram`)
    await buyer.page.getByLabel('Nome completo').fill('Joana Pereira')
    await buyer.page.getByLabel('E-mail').fill('joana@example.com')
    await buyer.page.getByLabel('Telefone').pressSequentially('11987654321')
    const consent = buyer.page.getByLabel('Quero receber lembretes sobre esta compra')
    expect(await consent.isChecked()).toBe(false)
    await consent.check()
    await snap(buyer.page, 'recovery-1-left')
    // the page reports the session with the consent; then the buyer leaves
    await waitFor(async () => {
      const { rows } = await db.query('select consent_at from checkout_sessions where customer_email = $1', [
        'joana@example.com',
      ])
      return rows[0]?.consent_at != null
    }, 15_000)
    await buyer.context.close()

    // the first reminder's time comes: its delayed job is due now
    const moved = await db.query(
      `update jobs set run_at = now(), data = jsonb_set(data, '{dueAt}', to_jsonb(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
       where name = 'recovery.remind' and data->>'step' = 'FIRST'`,
    )
    expect(moved.rowCount).toBe(1)
    await waitFor(() => smtp.messages.length > 0, 30_000)
    const mail = smtp.messages[0]
    expect(mail.to && 'value' in mail.to ? mail.to.value[0].address : '').toBe('joana@example.com')
    const headers = smtp.raw[0].split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, '')
    expect(headers).toMatch(/List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1:\d+\/descadastro\?t=[^>]+>/)
    expect(smtp.raw[0]).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/)
    const link = /href="([^"]*recuperar=[^"]+)"/.exec(String(mail.html))?.[1]?.replaceAll('&amp;', '&')
    expect(link).toBeTruthy()

    const back = await e2e.newPage(PHONE)
    await back.page.goto(link!)
    await expect.poll(() => back.page.getByLabel('Nome completo').inputValue()).toBe('Joana Pereira')
    expect(await back.page.getByLabel('E-mail').inputValue()).toBe('joana@example.com')
    expect(await back.page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321')
    expect(back.page.url()).not.toContain('recuperar=')
    await snap(back.page, 'recovery-2-restored')
    await back.page.getByLabel('CPF').pressSequentially('52998224725')
    await continueToPayment(back.page)
    await back.page.getByRole('button', { name: 'Finalizar Compra' }).click()
    await back.page.getByRole('heading', { name: 'Pedido recebido! Pague para confirmar' }).waitFor()
    await simulatePayment(back.page)
    await back.context.close()

    await waitFor(async () => {
      const { rows } = await db.query('select recovered_at from checkout_sessions where customer_email = $1', [
        'joana@example.com',
      ])
      return rows[0]?.recovered_at != null
    }, 20_000)
    const merchant = await e2e.openSignedIn(shop.token, `/store/${shop.storeId}/recuperacao`)
    await merchant.page.getByRole('heading', { name: 'Recuperação' }).waitFor()
    const row = merchant.page.getByTestId('recovery-row').filter({ hasText: 'joana@example.com' })
    await row.getByText('Recuperado').waitFor()
    expect(await row.textContent()).toContain('instagram')
    await snap(merchant.page, 'recovery-3-merchant')
    await merchant.context.close()
  })
})
