// Lighthouse (mobile preset: Moto G Power viewport, simulated 4x CPU slowdown and slow 4G, 150 ms RTT) on the
// physical checkout's first step, as a buyer opens it from an ad: performance score, LCP, TBT, FCP, CLS, Speed
// Index, the SEO score, the LCP element and the render-blocking resources; then the gzip JavaScript the page needs
// to open (the production build's entry + page chunk, support/checkout-js.ts). The median of BENCH_RUNS (3) runs,
// each a cold load in Debian's Chromium. Targets (issue 33): performance >= 98, LCP <= 1.5 s, TBT <= 100 ms,
// SEO 100, JavaScript to open <= 100 KB. Figures, not a test: a busy machine moves them, so run it on a quiet one.
// Run: npm run build && npx tsx bench/lighthouse.bench.ts   (BENCH_LH_JSON=<dir> keeps each run's report)
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { freePort } from '../src/testing/processes'
import { checkoutJs, kb } from './support/checkout-js'
import { postJson as json, requireBuild, startCompiledApp, WEB_DIST } from './support/compiled-app'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const KEEP = process.env.BENCH_LH_JSON
requireBuild()

type Lhr = Awaited<ReturnType<typeof lighthouse>> extends infer R ? (R extends { lhr: infer L } ? L : never) : never

/** A store as a merchant sets it up to sell: a physical product, a shipping option, PIX 5% off, 3x sem juros. */
async function setUpStore(base: string) {
  await json(`${base}/api/auth/register`, { name: 'Lojista LH', email: 'lh@example.com', password: 'senha-1234' })
  const { token } = await json<{ token: string }>(`${base}/api/auth/login`, {
    email: 'lh@example.com',
    password: 'senha-1234',
  })
  const store = await json<{ id: string }>(`${base}/api/stores`, { name: 'Loja Lighthouse' }, token)
  const product = await json<{ id: string }>(
    `${base}/api/stores/${store.id}/products`,
    {
      name: 'Camiseta Algodão Orgânico',
      price: 89.9,
      type: 'PHYSICAL',
      stock: 100,
      description: 'Camiseta de algodão orgânico, corte reto, tamanhos P ao GG.',
    },
    token,
  )
  await json(`${base}/api/stores/${store.id}/shipping`, { name: 'PAC', basePrice: 19.9, estimatedDays: 7 }, token)
  await json(
    `${base}/api/payment/ativo-pay/payment-config?storeId=${store.id}`,
    {
      ativoPayApiKey: 'sk_sandbox_lighthouse_0001',
      pixDiscountPercent: 5,
      creditCardMaxInstallments: 12,
      interestFreeInstallments: 3,
      monthlyInterestPercent: 2.99,
    },
    token,
  )
  return `${base}/checkout/${store.id}/${product.id}`
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

interface Run {
  performance: number
  seo: number
  lcp: number
  tbt: number
  fcp: number
  cls: number
  si: number
  lcpElement: string
  blocking: string[]
  seoFailed: string[]
}

function read(lhr: Lhr): Run {
  const a = lhr.audits
  const num = (id: string) => a[id]?.numericValue ?? Number.NaN
  const items = (id: string) => ((a[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as unknown[]
  // LH 12: the element sits in the first table of the 'largest-contentful-paint-element' list.
  const lcpTable = items('largest-contentful-paint-element')[0] as { items?: { node?: { snippet?: string } }[] }
  const lcpElement = lcpTable?.items?.[0]?.node?.snippet ?? '?'
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    fcp: num('first-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    lcpElement: lcpElement.slice(0, 120),
    blocking: (items('render-blocking-resources') as { url: string }[]).map((r) => new URL(r.url).pathname),
    seoFailed: (lhr.categories.seo?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1)
      .map((r) => r.id),
  }
}

const app = await startCompiledApp('lighthouse')
// Playwright drives the browser through a pipe; Lighthouse attaches to the same browser by its debugging port.
const port = await freePort()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})
try {
  const url = await setUpStore(app.url)
  const runs: Run[] = []
  // One load first, so the server's caches (public reads, the first-paint module) are what every run meets.
  await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  // A run Lighthouse could not measure (no paint in time on a busy machine) is said and run again, up to twice as many.
  for (let i = 0, tries = 0; i < RUNS && tries < RUNS * 2; tries++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo'],
    })
    if (!result) throw new Error('lighthouse gave no result')
    if (KEEP) {
      mkdirSync(KEEP, { recursive: true })
      writeFileSync(path.join(KEEP, `try-${tries + 1}.json`), JSON.stringify(result.lhr))
    }
    const run = read(result.lhr as Lhr)
    if (result.lhr.runtimeError || !Number.isFinite(run.lcp)) {
      console.log(`run not measured: ${result.lhr.runtimeError?.code ?? 'no LCP'}; again`)
      continue
    }
    i++
    runs.push(run)
    console.log(
      `run ${i}: performance ${run.performance}, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, ` +
        `FCP ${run.fcp.toFixed(0)} ms, SI ${run.si.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, SEO ${run.seo}`,
    )
  }
  const m = (k: keyof Run) => median(runs.map((r) => r[k] as number))
  console.log(
    `\nphysical checkout, Lighthouse mobile, median of ${RUNS}: performance ${m('performance')} (>= 98), ` +
      `LCP ${m('lcp').toFixed(0)} ms (<= 1500), TBT ${m('tbt').toFixed(0)} ms (<= 100), FCP ${m('fcp').toFixed(0)} ms, ` +
      `SI ${m('si').toFixed(0)} ms, CLS ${m('cls').toFixed(3)}, SEO ${m('seo')} (100)`,
  )
  console.log(`  LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' / ')}`)
  const blocking = [...new Set(runs.flatMap((r) => r.blocking))]
  console.log(`  render-blocking: ${blocking.length ? blocking.join(', ') : 'none'}`)
  const seoFailed = [...new Set(runs.flatMap((r) => r.seoFailed))]
  console.log(`  SEO audits failed: ${seoFailed.length ? seoFailed.join(', ') : 'none'}`)
  for (const p of checkoutJs(WEB_DIST) ?? [])
    console.log(`  ${p.page}: ${kb(p.open)} gzip JavaScript to open the page (<= 100 KB); ${kb(p.withLazy)} with lazy`)
} finally {
  await browser.close()
  await app.drop()
}
