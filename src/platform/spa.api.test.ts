import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, createRuntime, type Runtime } from '../app'
import { createDatabase, testConfig } from '../testing/test-app'

// The real web build (vite.config.ts: both entries and the first-paint module) into a folder of its own.
const ROOT = path.resolve(import.meta.dirname, '../..')
const NAME = `Curso <script>alert("x")</script> & 'aspas' $& $'`
const CHECKOUT_ENTRY = /<script type="module" crossorigin src="\/assets\/checkout-[\w-]+\.js"><\/script>/

let app: FastifyInstance
let runtime: Runtime
let drop: () => Promise<void>
let webDist: string
let store: string
let digital: string
let foreign: string

async function post(url: string, token: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload })
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

async function merchant(email: string): Promise<string> {
  const password = 'segredo12'
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Dono', email, password, confirmPassword: password },
  })
  return (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().token
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'))
  // As `npm run build` does it: a production build (vitest runs with NODE_ENV=test), into the folder WEB_DIST names.
  const env = { WEB_DIST: process.env.WEB_DIST, NODE_ENV: process.env.NODE_ENV }
  Object.assign(process.env, { WEB_DIST: webDist, NODE_ENV: 'production' })
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent' }).finally(() =>
    Object.assign(process.env, env),
  )
  const database = await createDatabase()
  drop = database.drop
  const config = testConfig({ DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spa-test-')) })
  runtime = await createRuntime(config, { workers: true })
  app = await buildApp(runtime, { webDist })
  await app.ready()
  const token = await merchant(`spa-${crypto.randomUUID().slice(0, 6)}@example.com`)
  store = (await post('/api/stores', token, { name: 'Loja "Aspas" <b>' })).id
  const product = { price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/c.pdf' }
  digital = (await post(`/api/stores/${store}/products`, token, { ...product, name: NAME })).id
  const other = await merchant(`spa-other-${crypto.randomUUID().slice(0, 6)}@example.com`)
  const otherStore = (await post('/api/stores', other, { name: 'Outra Loja' })).id
  foreign = (await post(`/api/stores/${otherStore}/products`, other, { ...product, name: 'Produto Alheio' })).id
}, 120_000)

afterAll(async () => {
  await app?.close()
  await runtime?.close()
  await drop?.()
  rmSync(webDist, { recursive: true, force: true })
})

/** Every <script> in the page: only our module file and the JSON data block, never inline code. */
function scripts(html: string) {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
}

function readsOf(html: string) {
  const m = /<script type="application\/json" id="checkout-reads">([^<]*)<\/script>/.exec(html)
  return m ? JSON.parse(m[1]) : undefined
}

function codeOf(html: string) {
  const m = /<script type="application\/json" id="checkout-code">([^<]*)<\/script>/.exec(html)
  return m ? JSON.parse(m[1]) : { modules: [] }
}

describe('the buyer pages HTML', () => {
  it('draws a sellable product of that store in the checkout entry, escaped, with its reads as data', async () => {
    const res = await app.inject({ url: `/digital-checkout/${store}/${digital}?utm_source=x` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://connect.facebook.net")
    const html = res.body
    // Its code is asked for after the drawn page's first paint (checkout-boot.js), not by the HTML.
    expect(html).not.toMatch(CHECKOUT_ENTRY)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain('<script src="/checkout-boot.js" defer></script>')
    const code = codeOf(html)
    expect(code.entry).toMatch(/^\/assets\/checkout-[\w-]+\.js$/)
    expect(code.modules.some((m: string) => /^\/assets\/digital-checkout-page-[\w-]+\.js$/.test(m))).toBe(true)
    expect(html).not.toMatch(/src="\/assets\/index-/)
    // The page itself, in the classes the browser's React hydrates.
    expect(html).toContain('<div id="root" style="pointer-events:none">')
    expect(html).toContain('<h1 class="ck-title">Finalizar Compra Digital</h1>')
    expect(html).toContain('Loja &quot;Aspas&quot; &lt;b&gt;')
    expect(html).toContain(
      'Curso &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;aspas&#x27; $&amp; $&#x27;',
    )
    expect(html).toContain('R$\u00a097,00')
    expect(html).not.toContain('alert("x")</script>')
    expect(html).not.toContain('files.example.com')
    for (const tag of scripts(html)) expect(tag).toMatch(/ src="\/checkout-boot\.js"|type="application\/json"/)
    expect(readsOf(html).product.name).toBe(NAME)
    // The reads are in the page: no need to announce them.
    expect(html).not.toContain('as="fetch"')
  })

  it("sends the plain checkout entry, without any product, for another store's, a missing or the other kind's product", async () => {
    const missing = crypto.randomUUID()
    for (const url of [
      `/digital-checkout/${store}/${foreign}`,
      `/digital-checkout/${store}/${missing}`,
      `/checkout/${store}/${digital}`,
      `/digital-checkout/${store}/${digital}?etapa=2`,
    ]) {
      const html = (await app.inject({ url })).body
      expect(html, url).toMatch(CHECKOUT_ENTRY)
      expect(html, url).toContain('<div id="root"></div>')
      expect(html, url).not.toContain('checkout-reads')
      expect(html, url).not.toContain('Produto Alheio')
      expect(html, url).toContain('<link rel="preload" as="fetch" crossorigin')
    }
  })

  it('serves the order page from the checkout entry and the merchant app from index.html', async () => {
    const order = (await app.inject({ url: `/pedido/${crypto.randomUUID()}` })).body
    expect(order).toMatch(CHECKOUT_ENTRY)
    expect(order).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/order-page-[\w-]+\.js">/)
    const dashboard = (await app.inject({ url: '/dashboard' })).body
    expect(dashboard).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/)
    expect(dashboard).not.toMatch(CHECKOUT_ENTRY)
  })
})
