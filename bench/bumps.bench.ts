// Order bumps: (1) the gzip JavaScript a buyer downloads for the physical and digital checkout pages, without and
// with the lazily loaded bump widget (budget ~120 KB); (2) order creation (POST /api/checkout/create-order, PIX
// through the sandbox gateway) at 50 concurrent buyers over real HTTP, without bumps and with two bumps (one
// physical taking stock, one digital), against the local PostgreSQL and Redis; the figure is the ratio.
// Bounded: BENCH_ORDERS orders per run (default 500), then it stops.
// Run: WEB_DIST=/tmp/web-x npx vite build && WEB_DIST=/tmp/web-x npx tsx bench/bumps.bench.ts (BENCH_SIZE_ONLY=1: sizes)
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createTestApp } from '../src/testing/test-app'
import { fmt, type LoadResult, load } from './http-load'
import { injector, physicalOrders } from './support/in-process'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const WARMUP = 20
const DIST = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../dist/web')
const ASSETS = path.join(DIST, 'assets')

async function orderCreation() {
  const t = await createTestApp({ env: { LOG_LEVEL: 'silent' } })
  try {
    const owner = await t.login()
    const post = injector(t, owner.headers)
    const store = await post('/api/stores', { name: 'Bench Bumps' })
    const stock = 5 * (ORDERS + WARMUP) + 10
    const product = await post(`/api/stores/${store.id}/products`, {
      name: 'Camiseta',
      price: 79.9,
      type: 'PHYSICAL',
      stock,
    })
    const cap = await post(`/api/stores/${store.id}/products`, { name: 'Boné', price: 40, type: 'PHYSICAL', stock })
    const ebook = await post(`/api/stores/${store.id}/products`, {
      name: 'Guia',
      price: 30,
      type: 'DIGITAL',
      digitalFileUrl: 'https://files.example.com/guia.pdf',
    })
    const bumpCap = await post(`/api/stores/${store.id}/order-bumps`, {
      title: 'Boné',
      productId: cap.id,
      discountType: 'PERCENTAGE',
      discountValue: 25,
    })
    const bumpEbook = await post(`/api/stores/${store.id}/order-bumps`, {
      title: 'Guia',
      productId: ebook.id,
      discountType: 'FIXED',
      discountValue: 10,
    })
    const option = await post(`/api/stores/${store.id}/shipping`, { name: 'Sedex', basePrice: 19.9, estimatedDays: 3 })
    await post(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, { ativoPayApiKey: 'sk_sandbox_bench_0002' })

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const orders = physicalOrders(store.id, product.id, option.id)
    const body = (orderBumps: string[]) => orders({ orderBumps })
    const url = `${base}/api/checkout/create-order`
    const run = async (bumps: string[]): Promise<LoadResult> => {
      await load(url, { total: WARMUP, concurrency: 5, method: 'POST', body: body(bumps) })
      const result = await load(url, { total: ORDERS, concurrency: CONCURRENCY, method: 'POST', body: body(bumps) })
      if (result.errors > 0) {
        const probe = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body(bumps)(),
        })
        console.log(
          `  errors in this run; one more request answers ${probe.status} ${(await probe.text()).slice(0, 200)}`,
        )
      }
      return result
    }
    // A first full-concurrency run warms the pools, the JIT and the gateway sandbox; it is not counted.
    await run([bumpCap.id, bumpEbook.id])
    // Alternate the order of the runs so neither always gets the warmer database.
    const plain1 = await run([])
    const withBumps1 = await run([bumpCap.id, bumpEbook.id])
    const withBumps2 = await run([bumpCap.id, bumpEbook.id])
    const plain2 = await run([])
    const avg = (a: LoadResult, b: LoadResult) => ({
      rps: (a.rps + b.rps) / 2,
      p50: (a.p50 + b.p50) / 2,
      p99: (a.p99 + b.p99) / 2,
    })
    const plain = avg(plain1, plain2)
    const bumped = avg(withBumps1, withBumps2)
    console.log(`create-order, ${CONCURRENCY} concurrent buyers, no bumps:  ${fmt(plain1)} | ${fmt(plain2)}`)
    console.log(`create-order, ${CONCURRENCY} concurrent buyers, two bumps: ${fmt(withBumps1)} | ${fmt(withBumps2)}`)

    const left = await t.runtime.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', cap.id)
      .executeTakeFirstOrThrow()
    const bumpLines = await t.runtime.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bump_id', '=', bumpCap.id)
      .executeTakeFirstOrThrow()
    if (stock - (left.stock ?? 0) !== Number(bumpLines.n))
      throw new Error(`bump stock ${left.stock} does not match ${bumpLines.n} bump lines`)
    console.log(`  ${bumpLines.n} orders carry the physical bump; its stock was taken exactly once per order`)
    console.log(
      `two bumps vs none: throughput ×${(bumped.rps / plain.rps).toFixed(2)}, p50 ×${(bumped.p50 / plain.p50).toFixed(2)}, ` +
        `p99 ×${(bumped.p99 / plain.p99).toFixed(2)}`,
    )
  } finally {
    await t.close()
  }
}

/** A chunk's static imports and its dynamic ones, any quotes. */
function importsOf(file: string) {
  const code = readFileSync(path.join(ASSETS, file), 'utf8')
  const names = (re: RegExp) => [...code.matchAll(re)].map((m) => m[1])
  return {
    static: names(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g),
    dynamic: names(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g),
  }
}

function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const d of importsOf(file).static) visit(d)
  }
  for (const r of roots) visit(r)
  return seen
}

const gz = (file: string) => gzipSync(readFileSync(path.join(ASSETS, file))).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0)

function checkoutJsSize() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.log(`checkout JS size: ${DIST} missing (build the SPA first)`)
    return
  }
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8')
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
  const assets = readdirSync(ASSETS)
  const find = (name: string) => assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'))
  const widget = find('bump-offers')
  if (!widget) {
    console.log('bump-offers chunk not found: is the widget lazily imported by the checkout pages?')
    return
  }
  for (const page of ['physical-checkout-page', 'digital-checkout-page']) {
    const chunk = find(page)
    if (!chunk) continue
    const opening = staticClosure([...entry, chunk])
    const withWidget = staticClosure([...opening, widget])
    const lazyOk = importsOf(chunk).dynamic.includes(widget) && !opening.has(widget)
    console.log(
      `${page}: ${kb(sum(opening))} gzip JS to open; ${kb(sum(withWidget))} once the bump widget loaded ` +
        `(widget +${kb(sum(withWidget) - sum(opening))}, ${lazyOk ? 'lazy' : 'NOT lazy'}); budget ~120 KB`,
    )
  }
}

if (!process.env.BENCH_SIZE_ONLY) await orderCreation()
checkoutJsSize()
process.exit(0)
