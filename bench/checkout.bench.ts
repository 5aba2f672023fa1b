// Checkout: order creation (POST /api/checkout/create-order, PIX through the built-in sandbox gateway) at 50
// concurrent buyers over real HTTP on loopback, against the local PostgreSQL and Redis (BullMQ runs the gateway
// job); then the gzip size of the JavaScript a buyer downloads for a checkout page, from the production build.
// Bounded: BENCH_ORDERS orders (default 1,000), then it stops.
// Run: npm run build && npx tsx bench/checkout.bench.ts   (BENCH_ORDERS, BENCH_CONCURRENCY to change the sizes)
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createTestApp } from '../src/testing/test-app'
import { fmt, load } from './http-load'
import { injector, physicalOrders } from './support/in-process'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const WARMUP = 20
const DIST = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../dist/web')

async function orderThroughput() {
  const t = await createTestApp({ env: { LOG_LEVEL: 'silent' } })
  try {
    const owner = await t.login()
    const post = injector(t, owner.headers)
    const store = await post('/api/stores', { name: 'Bench Checkout' })
    const stock = ORDERS + WARMUP + 10
    const product = await post(`/api/stores/${store.id}/products`, {
      name: 'Camiseta',
      price: 79.9,
      type: 'PHYSICAL',
      stock,
    })
    const option = await post(`/api/stores/${store.id}/shipping`, { name: 'Sedex', basePrice: 19.9, estimatedDays: 3 })
    await post(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, { ativoPayApiKey: 'sk_sandbox_bench_0001' })

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const body = physicalOrders(store.id, product.id, option.id)()
    const url = `${base}/api/checkout/create-order`
    await load(url, { total: WARMUP, concurrency: 5, method: 'POST', body })
    const result = await load(url, { total: ORDERS, concurrency: CONCURRENCY, method: 'POST', body })

    const orders = await t.runtime.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', store.id)
      .where('pix_code', 'is not', null)
      .executeTakeFirstOrThrow()
    const left = await t.runtime.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    const created = Number(orders.n)
    if (stock - (left.stock ?? 0) !== created) throw new Error(`stock ${left.stock} does not match ${created} orders`)
    console.log(`create-order, ${CONCURRENCY} concurrent buyers: ${fmt(result)}`)
    console.log(`  ${created} orders with a PIX code (incl. ${WARMUP} warm-up); stock taken exactly once per order`)
  } finally {
    await t.close()
  }
}

/** A chunk's static imports (`from"./x.js"`, `import"./x.js"`) and its dynamic ones (`import(`./x.js`)`), any quotes. */
function importsOf(file: string) {
  const code = readFileSync(path.join(DIST, 'assets', file), 'utf8')
  const names = (re: RegExp) => [...code.matchAll(re)].map((m) => m[1])
  return {
    static: names(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g),
    dynamic: names(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g),
  }
}

function closure(roots: string[], followDynamic: (file: string) => boolean): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const { static: deps, dynamic } = importsOf(file)
    for (const d of deps) visit(d)
    if (followDynamic(file)) for (const d of dynamic) visit(d)
  }
  for (const r of roots) visit(r)
  return seen
}

const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, 'assets', file))).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function checkoutJsSize() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.log('checkout JS size: dist/web missing (run `npm run build` first)')
    return
  }
  // The buyer pages' own entry when the build has it (src/platform/spa.ts serves it for them).
  const html = readFileSync(
    path.join(DIST, existsSync(path.join(DIST, 'checkout.html')) ? 'checkout.html' : 'index.html'),
    'utf8',
  )
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
  const entrySet = closure(entry, () => false)
  const assets = readdirSync(path.join(DIST, 'assets'))
  for (const page of ['physical-checkout-page', 'digital-checkout-page']) {
    const chunk = assets.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'))
    if (!chunk) {
      console.log(`${page}: chunk not found in dist/web (are the buyer routes registered?)`)
      continue
    }
    // What the page needs to show (the entry, the page chunk and its imports), then with what the confirmation
    // loads lazily (the PIX screen); never the entry's other lazy pages.
    const page0 = [...closure([...entrySet, chunk], () => false)]
    const route = closure([...entrySet, chunk], (f) => !entrySet.has(f))
    const files = [...route].map((f) => ({ f, size: gz(f) })).sort((a, b) => b.size - a.size)
    const sum = (list: string[]) => list.reduce((s, f) => s + gz(f), 0)
    const total = sum([...route])
    const entryTotal = sum([...entrySet])
    const zod = files.filter((x) => /zod|schemas/.test(x.f))
    console.log(
      `${page}: ${kb(sum(page0))} gzip JavaScript to open the page; ${kb(total)} with the confirmation's lazy chunks ` +
        `(entry ${kb(entryTotal)} + checkout ${kb(total - entryTotal)}); target < 120 KB`,
    )
    for (const x of files)
      console.log(
        `    ${kb(x.size).padStart(8)}  ${x.f}${entrySet.has(x.f) ? '  (entry)' : page0.includes(x.f) ? '' : '  (lazy)'}`,
      )
    if (zod.length) console.log(`  note: zod chunks reached: ${zod.map((x) => x.f).join(', ')}`)
  }
}

// BENCH_SIZE_ONLY=1: only the JavaScript size (no database or Redis needed).
if (process.env.BENCH_SIZE_ONLY !== '1') await orderThroughput()
checkoutJsSize()
process.exit(0)
