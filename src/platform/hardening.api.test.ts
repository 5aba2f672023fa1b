import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, createRuntime, type Runtime } from '../app'
import { loadConfig } from '../config'
import { CONTROL_CHARS_MESSAGE } from '../shared/text'
import { createDatabase, testConfig } from '../testing/test-app'
import { MULTIPART_INVALID } from './errors'
import { JSON_TOO_DEEP } from './input-guard'

// A built SPA in miniature: what Vite writes (index.html, a hashed asset with its .br/.gz twins, the manifest).
const APP_JS = `console.log(${JSON.stringify('checkout '.repeat(200))})`
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'))
  mkdirSync(path.join(dir, 'assets'))
  mkdirSync(path.join(dir, '.vite'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  )
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), APP_JS)
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(APP_JS))
  writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync(APP_JS))
  writeFileSync(path.join(dir, 'assets', 'checkout-z3.css'), '.ck-page{color:#111}')
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'features/checkout/buyer/physical-checkout-page.tsx': {
        file: 'assets/physical-checkout-page-x1.js',
        imports: ['index.html', '_form-y2.js'],
        css: ['assets/checkout-z3.css'],
      },
      '_form-y2.js': { file: 'assets/form-y2.js' },
      'features/checkout/buyer/digital-checkout-page.tsx': {
        file: 'assets/digital-checkout-page-w4.js',
        imports: ['_form-y2.js'],
      },
    }),
  )
  return dir
}

let app: FastifyInstance
let runtime: Runtime
let drop: () => Promise<void>
let webDist: string
let token: string
const STORE = '11111111-1111-4111-8111-111111111111'
const PRODUCT = '22222222-2222-4222-8222-222222222222'

beforeAll(async () => {
  const database = await createDatabase()
  drop = database.drop
  webDist = fakeWebDist()
  const config = testConfig({
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'checkout-test-')),
    RATE_LIMIT_ORDER_MAX: '2',
  })
  runtime = await createRuntime(config, { workers: true })
  app = await buildApp(runtime, { webDist })
  await app.ready()
  const email = `dono-${crypto.randomUUID().slice(0, 6)}@example.com`
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Dono', email, password: 'segredo12', confirmPassword: 'segredo12' },
  })
  token = (
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo12' } })
  ).json().token
})
afterAll(async () => {
  await app.close()
  await runtime.close()
  await drop()
  rmSync(webDist, { recursive: true, force: true })
})

describe('Content-Security-Policy and the SPA', () => {
  it('sends a CSP without inline script on the buyer pages, with the checkout chunk and first reads preloaded', async () => {
    for (const url of [`/checkout/${STORE}/${PRODUCT}`, `/digital-checkout/${STORE}/${PRODUCT}`]) {
      const res = await app.inject({ url })
      expect(res.statusCode).toBe(200)
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self' https://connect.facebook.net")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.body).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/stores/${STORE}/products/${PRODUCT}">`,
      )
      expect(res.body).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/public/stores/${STORE}/customization">`,
      )
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/form-y2.js">')
      // The entry is already the page's own script; it is not announced twice.
      expect(res.body).not.toContain('modulepreload crossorigin href="/assets/index-abc.js"')
    }
    const physical = (await app.inject({ url: `/checkout/${STORE}/${PRODUCT}` })).body
    expect(physical).toContain('<link rel="modulepreload" crossorigin href="/assets/physical-checkout-page-x1.js">')
    // The page's styles inside it (no render-blocking request), the file preloaded for Vite's loader.
    expect(physical).toContain('<style data-href="/assets/checkout-z3.css">.ck-page{color:#111}</style>')
    expect(physical).toContain('<link rel="preload" as="style" crossorigin href="/assets/checkout-z3.css">')
    expect(physical).not.toContain('rel="stylesheet"')
    expect(physical).not.toContain('digital-checkout-page')
  })

  it('sends a buyer page compressed as the browser accepts', async () => {
    const url = `/checkout/${STORE}/${PRODUCT}`
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root"')
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"')
  })

  it('serves other client routes as the plain index.html, with the CSP too', async () => {
    const res = await app.inject({ url: '/dashboard' })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('rel="preload"')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    // Ids that are not ids are not echoed into the page.
    const odd = await app.inject({ url: '/checkout/%22%3E%3Cscript%3E/x' })
    expect(odd.body).not.toContain('<script>')
  })

  it('sends the brotli or gzip twin of a hashed asset with content-encoding, vary and a year of cache', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS)

    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(APP_JS)
  })
})

describe('hostile input', () => {
  it('refuses NUL and other control characters in body, query and path with a 400', async () => {
    const auth = { authorization: `Bearer ${token}` }
    const cases: InjectOptions[] = [
      { method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@example.com', password: 'x' } },
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'A\u0007', email: 'b@example.com', password: 'segredo12' },
      },
      { method: 'POST', url: '/api/stores', headers: auth, payload: { name: 'Loja\u0000' } },
      { method: 'PATCH', url: '/api/users/profile', headers: auth, payload: { name: 'Nome\u001b[31m' } },
      { method: 'GET', url: '/api/stores/me?x=%00', headers: auth },
      { method: 'GET', url: `/api/stores/${STORE}%00/products/${PRODUCT}` },
    ]
    for (const c of cases) {
      const res = await app.inject(c)
      expect(res.statusCode, String(c.url)).toBe(400)
      expect(res.json().message).toBe(CONTROL_CHARS_MESSAGE)
    }
    // Tab, line feed and carriage return are ordinary text.
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: auth,
      payload: { name: 'Dono\tda loja' },
    })
    expect(ok.statusCode).toBe(200)
  })

  it('still answers 401 before looking at the body of an owner route', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/stores', payload: { name: 'Loja\u0000' } })
    expect(res.statusCode).toBe(401)
  })

  it('refuses JSON nested deeper than any input, without overflowing the stack', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    for (const url of [
      '/api/auth/login',
      '/api/payment/ativo-pay/webhook/callback',
      '/sandbox/ativopay/v1/transactions',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message).toBe(JSON_TOO_DEEP)
    }
    // Brackets inside strings are text, not depth.
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: `${'['.repeat(100)}@example.com`, password: 'x' }),
    })
    expect(text.json().message).not.toBe(JSON_TOO_DEEP)
  })

  it('answers malformed multipart with a 400, not a 500', async () => {
    const auth = { authorization: `Bearer ${token}` }
    const bodies = [
      { 'content-type': 'multipart/form-data', payload: 'x' },
      {
        'content-type': 'multipart/form-data; boundary=abc',
        payload: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nva',
      },
      { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: 'x' },
    ]
    for (const b of bodies) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...auth, 'content-type': b['content-type'] },
        payload: b.payload,
      })
      expect(res.statusCode, b['content-type']).toBe(400)
      expect(res.json().message).toBe(MULTIPART_INVALID)
    }
  })
})

describe('client address', () => {
  // A well-formed order for a product that does not exist: 404 until the brake says 429.
  const order = {
    storeId: STORE,
    productId: PRODUCT,
    productType: 'PHYSICAL',
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    shipping: {
      zipCode: '01310-100',
      address: 'Av. Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
      method: 'x',
    },
    payment: { method: 'pix' },
    items: [{ productId: PRODUCT, quantity: 1, price: 1, name: 'x' }],
    totalPrice: 1,
  }

  it('keys the order brake on the socket address: a forged X-Forwarded-For does not reset it', async () => {
    const codes: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout/create-order',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: order,
      })
      codes.push(res.statusCode)
    }
    expect(codes).toEqual([404, 404, 429, 429])
  })

  it('reads TRUST_PROXY as off, a hop count or a list of proxies, and refuses anything else', () => {
    const env = (v?: string) => loadConfig({ APP_SECRET: 'x'.repeat(40), TRUST_PROXY: v }).TRUST_PROXY
    expect(env(undefined)).toBe(false)
    expect(env('off')).toBe(false)
    expect(env('1')).toBe(1)
    expect(env('10.0.0.1, 10.0.0.0/8,loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', 'loopback'])
    expect(() => env('true')).toThrow(/TRUST_PROXY/)
  })

  it('believes X-Forwarded-For from the proxy TRUST_PROXY names, and only then', async () => {
    const database = await createDatabase()
    const config = testConfig({
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'checkout-test-')),
      TRUST_PROXY: '10.0.0.5',
    })
    const rt = await createRuntime(config, { workers: false, relay: false })
    const proxied = await buildApp(rt)
    proxied.get('/api/test-ip', async (request) => ({ ip: request.ip }))
    try {
      const via = (remoteAddress: string) =>
        proxied.inject({ url: '/api/test-ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect((await via('10.0.0.5')).json().ip).toBe('203.0.113.9')
      expect((await via('10.0.0.6')).json().ip).toBe('10.0.0.6')
    } finally {
      await proxied.close()
      await rt.close()
      await database.drop()
    }
  })
})
