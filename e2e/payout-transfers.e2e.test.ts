/**
 * Issue 37 item 5, payouts through the platform's Asaas account, the way the admin and the affiliate see them: the
 * admin approves a request on 'Saques' (the server has PLATFORM_ASAAS_API_KEY, Asaas is the local fake), the row
 * shows the transfer in progress, Asaas fails it (TRANSFER_FAILED webhook) and the affiliate's 'Minhas afiliações'
 * shows 'Falhou' with Asaas's reason, the amount back in the available balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAsaas, startFakeAsaas } from '../src/testing/fake-asaas'
import { waitFor } from '../src/testing/test-app'
import { BUYER } from './buyer'
import { apiAs, digitalShopForFile, type PlacedOrder, payInSandbox } from './shop'
import { apiLogin, apiRegister, PHONE, recordToasts, setupE2E, waitForToast } from './support'

const ADMIN_EMAIL = 'admin@payout-transfers.test'
const ADMIN_PASSWORD = 'senha-admin-123'
const PLATFORM_KEY = '$aact_platform_e2e_0001'
const WEBHOOK_TOKEN = 'whsec-platform-e2e-transfers-000001'

let fake: FakeAsaas
const env: Record<string, string> = {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PLATFORM_ASAAS_API_KEY: PLATFORM_KEY,
  PLATFORM_ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
}
// The fake is up before the server starts (setupE2E's beforeAll reads `env` then).
beforeAll(async () => {
  fake = await startFakeAsaas()
  fake.setBalance(PLATFORM_KEY, 10_000)
  env.ASAAS_API_URL = fake.url
})
afterAll(async () => {
  await fake?.close()
})
const e2e = setupE2E(env)
const shop = digitalShopForFile(e2e, { store: 'Loja Saques', product: 'Curso de Vendas', price: 100 })

let affiliateToken: string
let payoutCents = 0

beforeAll(async () => {
  const url = e2e.server.url
  await shop.api('PUT', `/stores/${shop.storeId}/products/${shop.productId}/affiliate-program`, {
    enabled: true,
    commissionBps: 3000,
    cookieDays: 60,
    attribution: 'LAST_CLICK',
    autoApprove: true,
    releaseDays: { credit_card: 30, pix: 0, bank_slip: 7 },
    recurring: false,
  })
  affiliateToken = await apiRegister(url, 'Bia Afiliada', `bia-${Date.now()}@example.com`, 'Senha-secreta-1')
  const affiliate = apiAs(url, affiliateToken)
  await affiliate('POST', '/affiliations', { productId: shop.productId })
  const [mine] = await affiliate<{ link: string }[]>('GET', '/me/affiliations')
  const click = await fetch(`${url}${mine?.link}`, { redirect: 'manual' })
  const visitor = /=([0-9a-f-]{36})/.exec(click.headers.get('set-cookie') ?? '')?.[1]
  expect(visitor).toBeDefined()
  const order = await apiAs(url, null)<PlacedOrder>('POST', '/checkout/create-digital-order', {
    storeId: shop.storeId,
    productId: shop.productId,
    customer: BUYER,
    payment: { method: 'pix' },
    tracking: { aff: visitor },
  })
  await payInSandbox(url, order)
  // PIX releases at D+0: the release job (every minute) makes it available.
  const balance = () => affiliate<{ availableCents: number }>('GET', '/me/balance')
  await waitFor(async () => (await balance()).availableCents > 0, 150_000, 500)
  payoutCents = (await balance()).availableCents
  await affiliate('POST', '/me/payouts', { amountCents: payoutCents, pixKey: 'bia@example.com' })
}, 200_000)

describe("payouts by Asaas transfer on 'Saques'", () => {
  it("the admin approves, the row shows the transfer; Asaas fails it and the affiliate sees 'Falhou' and why", async () => {
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const { page, context } = await e2e.openSignedIn(admin, undefined, { device: PHONE })
    await recordToasts(context)
    await page.goto('/admin/saques')
    const row = page.getByTestId('admin-payout').filter({ hasText: 'bia@example.com' })
    await row.getByRole('button', { name: 'Aprovar' }).click()
    await waitForToast(page, 'a transferência PIX foi enviada ao Asaas')

    // The worker posts the transfer from the platform's account; the row shows where it stands.
    await waitFor(() => fake.transfersOf(PLATFORM_KEY).length === 1, 20_000)
    const [sent] = fake.transfersOf(PLATFORM_KEY) as { id: string; value: number }[]
    expect(sent!.value).toBe(payoutCents / 100)
    const adminApi = apiAs(e2e.server.url, admin)
    const listed = (status: string) =>
      adminApi<{ pixKey: string; transfer: { status: string } | null }[]>(
        'GET',
        `/admin/affiliate-payouts?status=${status}`,
      )
    await waitFor(async () => (await listed('PROCESSING'))[0]?.transfer?.status === 'PENDING', 20_000)
    await page.getByLabel('Situação').selectOption('PROCESSING')
    await row.getByTestId('payout-transfer').getByText('Transferência Asaas: pendente no Asaas').waitFor()
    await row.getByText('Em transferência').waitFor()

    fake.failTransfer(sent!.id, 'Chave Pix não encontrada')
    const hook = await fake.sendTransferWebhook(
      `${e2e.server.url}/api/affiliates/asaas/transfers/webhook`,
      WEBHOOK_TOKEN,
      'TRANSFER_FAILED',
      sent!.id,
    )
    expect(hook.status).toBe(200)
    await waitFor(async () => (await listed('FAILED')).length === 1, 20_000)
    await page.getByLabel('Situação').selectOption('FAILED')
    await row.getByText('Chave Pix não encontrada').waitFor({ timeout: 20_000 })
    await context.close()

    const mine = await e2e.openSignedIn(affiliateToken, '/afiliacoes', { device: PHONE })
    await mine.page.getByText('Falhou — Chave Pix não encontrada').waitFor({ timeout: 20_000 })
    const balance = await apiAs(e2e.server.url, affiliateToken)<{ availableCents: number }>('GET', '/me/balance')
    expect(balance.availableCents).toBe(payoutCents)
    await mine.context.close()
  }, 120_000)
})
