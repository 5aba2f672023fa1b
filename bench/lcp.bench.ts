// Largest Contentful Paint of the buyer's digital checkout page on a throttled phone (4x CPU, 150 ms RTT, 1.6 Mbps
// down / 750 kbps up) against a minimal React page (one bundle, gzip) served by a bare node server on the same
// machine; alternating cold loads in Debian's Chromium, median of each, ratio. The app runs compiled
// (dist/server, plain node) against a fresh local PostgreSQL database. Loopback only; BENCH_RUNS loads each.
// The store has an active (sandbox) payment key, so the page is the one buyers see, with its payment methods; the
// LCP element is printed, so a change in what is measured shows.
// Run: npm run build && npx tsx bench/lcp.bench.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { type Browser, chromium } from 'playwright-core'
import { postJson as json, listen, ROOT, requireBuild, startCompiledApp } from './support/compiled-app'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
requireBuild()

/** The baseline: React rendering a heading and a paragraph, one minified bundle, served gzipped. */
async function minimalReactPage() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lcp-minimal-'))
  writeFileSync(
    path.join(dir, 'main.tsx'),
    `import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('root')!).render(
  <main style={{ fontFamily: 'sans-serif', padding: 16 }}>
    <h1>Curso de Fotografia</h1>
    <p>Finalize sua compra em dois passos: seus dados e o pagamento por PIX, cartão ou boleto.</p>
  </main>,
)`,
  )
  await build({
    entryPoints: [path.join(dir, 'main.tsx')],
    outfile: path.join(dir, 'main.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'warning',
  })
  const html = gzipSync(
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout</title><script type="module" src="/main.js"></script></head><body><div id="root"></div></body></html>',
  )
  const js = gzipSync(readFileSync(path.join(dir, 'main.js')))
  rmSync(dir, { recursive: true, force: true })
  const server = createServer((req, res) => {
    const isJs = req.url === '/main.js'
    res.writeHead(200, {
      'content-type': isJs ? 'text/javascript' : 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'no-store',
    })
    res.end(isJs ? js : html)
  })
  return { url: await listen(server), close: () => server.close(), bytes: html.length + js.length }
}

/** One cold load on a throttled phone; LCP from the browser's own PerformanceObserver once `ready` shows. */
async function lcp(browser: Browser, url: string, ready: string): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  })
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: { ms: number; element: string } }
    w.__lcp = { ms: 0, element: '' }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as LargestContentfulPaint[])
        w.__lcp = { ms: e.startTime, element: `${e.element?.tagName.toLowerCase()}.${e.element?.className}` }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 })
  await page.getByText(ready).first().waitFor({ timeout: 60_000 })
  await page.waitForTimeout(1500)
  const value = await page.evaluate(() => (window as unknown as { __lcp: { ms: number; element: string } }).__lcp)
  await context.close()
  return value
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const minimal = await minimalReactPage()
const app = await startCompiledApp('lcp')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
try {
  await json(`${app.url}/api/auth/register`, { name: 'Lojista LCP', email: 'lcp@example.com', password: 'senha-1234' })
  const { token } = await json<{ token: string }>(`${app.url}/api/auth/login`, {
    email: 'lcp@example.com',
    password: 'senha-1234',
  })
  const store = await json<{ id: string }>(`${app.url}/api/stores`, { name: 'Loja LCP' }, token)
  const product = await json<{ id: string }>(
    `${app.url}/api/stores/${store.id}/products`,
    { name: 'Curso de Fotografia', price: 97, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/c.pdf' },
    token,
  )
  await json(
    `${app.url}/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    { ativoPayApiKey: 'sk_sandbox_lcp_bench_0001' },
    token,
  )
  const page = `${app.url}/digital-checkout/${store.id}/${product.id}`
  const appRuns: number[] = []
  const baseRuns: number[] = []
  const elements = new Set<string>()
  await lcp(browser, page, 'Curso de Fotografia')
  await lcp(browser, minimal.url, 'Curso de Fotografia')
  for (let i = 0; i < RUNS; i++) {
    const app = await lcp(browser, page, 'Curso de Fotografia')
    appRuns.push(app.ms)
    elements.add(app.element)
    baseRuns.push((await lcp(browser, minimal.url, 'Curso de Fotografia')).ms)
  }
  const a = median(appRuns)
  const b = median(baseRuns)
  console.log(
    `digital checkout page LCP, throttled phone: median ${a.toFixed(0)} ms (${appRuns.map((x) => x.toFixed(0)).join(', ')}); LCP element ${[...elements].join(' / ')}`,
  )
  console.log(
    `minimal React page (${(minimal.bytes / 1024).toFixed(1)} KB gzip) LCP: median ${b.toFixed(0)} ms (${baseRuns.map((x) => x.toFixed(0)).join(', ')})`,
  )
  console.log(`ratio app/minimal: ${(a / b).toFixed(2)}`)
} finally {
  await browser.close()
  minimal.close()
  await app.drop()
}
