import { beforeAll, expect, it } from 'vitest'
import { digitalShopForFile } from './shop'
import { PHONE, putSession, setupE2E, snap } from './support'

const e2e = setupE2E()
const shop = digitalShopForFile(e2e, { store: 'Loja Segura', product: 'Curso Online', price: 97 })

beforeAll(async () => {
  await shop.api('PATCH', `/stores/${shop.storeId}/customization`, {
    customHeaderHtml: '<p class="promo">Oferta de lançamento</p>',
    customCss: '.promo { background: #FEF3C7; padding: 8px; text-align: center; margin: 0 }',
  })
})

it('runs the buyer page under the CSP with no violation, reads nothing twice, and keeps the session out of reach', async () => {
  const { context, page } = await e2e.newPage(PHONE)
  // The merchant's session sits in this origin's localStorage, as after using the merchant SPA.
  await putSession(page, e2e.server.url, shop.token)
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const encodings = new Map<string, string | undefined>()
  page.on('response', (res) => {
    if (res.url().includes('/assets/') && res.url().endsWith('.js'))
      encodings.set(res.url(), res.headers()['content-encoding'])
  })
  const url = `/digital-checkout/${shop.storeId}/${shop.productId}`
  const res = await page.goto(url)
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self' https://connect.facebook.net")
  await page.getByText('Curso Online').first().waitFor()
  await page.getByText('Oferta de lançamento').waitFor()
  await snap(page, 'csp-digital-checkout')

  // Our own page breaks none of its own rules (no inline script, styles and images allowed).
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])
  // JavaScript arrived compressed (files under 512 bytes are not worth it and have no twin).
  const entrySrc = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module][src]')?.src)
  const entry = [...encodings].find(([asset]) => asset === entrySrc)
  expect(entry?.[1]).toBe('br')
  expect([...encodings.values()].filter((e) => e === 'br').length).toBeGreaterThan(encodings.size / 2)
  // The product read came inside the server-drawn page (src/platform/checkout-first-paint.ts): not fetched again.
  const productReads = await page.evaluate(
    (path) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith(path)).length,
    `/api/stores/${shop.storeId}/products/${shop.productId}`,
  )
  expect(productReads).toBe(0)

  // Markup that got past the sanitiser could not run: an inline script and an inline handler are both refused.
  await page.evaluate(() => {
    const s = document.createElement('script')
    s.textContent = "window.__leak = localStorage.getItem('token')"
    document.body.append(s)
    const img = document.createElement('img')
    img.setAttribute('src', 'data:,x')
    img.setAttribute('onerror', "window.__leak2 = localStorage.getItem('token')")
    document.body.append(img)
  })
  await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 2)
  const leaked = await page.evaluate(() => [
    (window as unknown as { __leak?: string }).__leak,
    (window as unknown as { __leak2?: string }).__leak2,
  ])
  expect(leaked).toEqual([undefined, undefined])
  await context.close()
}, 60_000)
