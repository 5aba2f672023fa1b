/**
 * Issue 37 item 5: the affiliates screens at 390 px, with data — 'Afiliados' (producer), 'Minhas afiliações' (with the
 * payout and wallet cards), the admin's 'Saques' and the admin panel's 'Taxa da plataforma' — have no serious or
 * critical axe violation, no horizontal overflow and a clean console; each is saved as a screenshot.
 */
import AxeBuilder from '@axe-core/playwright'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../src/testing/test-app'
import { BUYER } from './buyer'
import { apiAs, digitalShopForFile, type PlacedOrder, payInSandbox } from './shop'
import { apiLogin, apiRegister, PHONE, setupE2E, snap } from './support'

const ADMIN_EMAIL = 'admin@affaxe.test'
const ADMIN_PASSWORD = 'senha-admin-123'
const e2e = setupE2E({ ADMIN_EMAIL, ADMIN_PASSWORD })
const shop = digitalShopForFile(e2e, { store: 'Loja Parceira', product: 'Curso de Marketing Digital', price: 100 })

let affiliateToken: string
let db: pg.Client

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? n.failureSummary}]`).join(' | ')}`,
    )
}

/** Elements wider than the 390 px viewport (the page scrolls sideways): none is allowed. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const wide: string[] = []
    if (document.documentElement.scrollWidth > width) wide.push(`document ${document.documentElement.scrollWidth}px`)
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.right <= width + 1) continue
      // Content inside its own scroll box (a wide table in its wrapper) does not move the page.
      let p = el.parentElement
      let scrolled = false
      while (p && p !== document.body) {
        const o = getComputedStyle(p).overflowX
        if (o === 'auto' || o === 'scroll' || o === 'hidden') {
          scrolled = true
          break
        }
        p = p.parentElement
      }
      if (!scrolled) wide.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`)
    }
    return wide.slice(0, 10)
  })
}

function watchConsole(page: Page) {
  const seen: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) seen.push(m.text())
  })
  page.on('pageerror', (e) => seen.push(e.message))
  return seen
}

/** The screen at `path` once `ready` shows and the network settled: axe, overflow, console, screenshot. */
async function check(page: Page, logs: string[], path: string, ready: (p: Page) => Promise<void>, name: string) {
  await page.goto(path)
  await ready(page)
  await page.waitForLoadState('networkidle')
  await snap(page, name)
  expect(await violations(page), `${path} axe`).toEqual([])
  expect(await overflow(page), `${path} overflow`).toEqual([])
  expect(logs, `${path} console`).toEqual([])
}

beforeAll(async () => {
  const url = e2e.server.url
  db = new pg.Client({ connectionString: e2e.server.databaseUrl })
  await db.connect()
  await shop.api('PUT', `/stores/${shop.storeId}/products/${shop.productId}/affiliate-program`, {
    enabled: true,
    commissionBps: 3000,
    cookieDays: 60,
    attribution: 'LAST_CLICK',
    autoApprove: true,
    releaseDays: { credit_card: 30, pix: 0, bank_slip: 7 },
    recurring: false,
  })
  affiliateToken = await apiRegister(url, 'Ana Afiliada', `ana-${Date.now()}@example.com`, 'Senha-secreta-1')
  const affiliate = apiAs(url, affiliateToken)
  await affiliate('POST', '/affiliations', { productId: shop.productId })
  const [mine] = await affiliate<{ link: string }[]>('GET', '/me/affiliations')
  // A buyer follows the link (the click and its visitor cookie), then buys carrying that visitor id.
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
  await waitFor(async () => (await affiliate<unknown[]>('GET', '/me/commissions')).length > 0, 20_000)
  // The admin's queue needs a request: written as the payout service would, without waiting for the release job.
  const { rows } = await db.query<{ user_id: string }>('select user_id from affiliations limit 1')
  await db.query(
    "insert into affiliate_payouts (user_id, amount_cents, pix_key, status) values ($1, 1500, 'ana@example.com', 'REQUESTED')",
    [rows[0]?.user_id],
  )
}, 120_000)

afterAll(async () => {
  await db?.end()
})

describe('affiliates screens at 390 px: axe, no overflow, clean console', () => {
  it("producer 'Afiliados' with the program, an affiliate and a sale", async () => {
    const { page, context } = await e2e.openSignedIn(shop.token, undefined, { device: PHONE })
    const logs = watchConsole(page)
    await check(
      page,
      logs,
      `/store/${shop.storeId}/afiliados`,
      async (p) => {
        await p.getByTestId('affiliate-sale-row').first().waitFor()
        await p.getByTestId('affiliate-row').first().waitFor()
      },
      'affaxe-afiliados-390',
    )
    await context.close()
  }, 60_000)

  it("'Minhas afiliações' with link, commission, payout and wallet cards", async () => {
    const { page, context } = await e2e.openSignedIn(affiliateToken, undefined, { device: PHONE })
    const logs = watchConsole(page)
    await check(
      page,
      logs,
      '/afiliacoes',
      async (p) => {
        await p.getByTestId('commission-row').first().waitFor()
        await p.getByTestId('affiliate-link').waitFor()
        await p.getByLabel('walletId da sua conta Asaas').waitFor()
      },
      'affaxe-minhas-afiliacoes-390',
    )
    await context.close()
  }, 60_000)

  it("admin 'Saques' with a request and the panel's 'Taxa da plataforma'", async () => {
    const admin = await apiLogin(e2e.server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
    const { page, context } = await e2e.openSignedIn(admin, undefined, { device: PHONE })
    const logs = watchConsole(page)
    await check(
      page,
      logs,
      '/admin/saques',
      (p) => p.getByTestId('admin-payout').first().waitFor(),
      'affaxe-admin-saques-390',
    )
    await check(
      page,
      logs,
      '/admin/panel',
      (p) => p.getByRole('button', { name: 'Salvar taxa' }).waitFor(),
      'affaxe-admin-taxa-390',
    )
    await context.close()
  }, 60_000)
})
