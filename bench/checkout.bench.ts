// Checkout: order creation (POST /api/checkout/create-order, PIX through the built-in sandbox gateway) at 50
// concurrent buyers over real HTTP on loopback, against the local PostgreSQL and Redis (BullMQ runs the gateway
// job); then the gzip size of the JavaScript a buyer downloads for a checkout page, from the production build.
// Bounded: BENCH_ORDERS orders (default 1,000), then it stops.
// Run: npm run build && npx tsx bench/checkout.bench.ts   (BENCH_ORDERS, BENCH_CONCURRENCY to change the sizes)
import path from 'node:path'
import { createTestApp } from '../src/testing/test-app'
import { fmt, load } from './http-load'
import { checkoutJs, kb } from './support/checkout-js'
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

function checkoutJsSize() {
  const pages = checkoutJs(DIST)
  if (!pages) {
    console.log('checkout JS size: dist/web missing (run `npm run build` first)')
    return
  }
  for (const p of pages) {
    console.log(
      `${p.page}: ${kb(p.open)} gzip JavaScript to open the page; ${kb(p.withLazy)} with the confirmation's lazy chunks ` +
        `(entry ${kb(p.entry)} + checkout ${kb(p.withLazy - p.entry)}); target <= 100 KB`,
    )
    for (const x of p.files)
      console.log(`    ${kb(x.size).padStart(8)}  ${x.file}${x.kind === 'page' ? '' : `  (${x.kind})`}`)
    const zod = p.files.filter((x) => /zod|schemas/.test(x.file))
    if (zod.length) console.log(`  note: zod chunks reached: ${zod.map((x) => x.file).join(', ')}`)
  }
}

// BENCH_SIZE_ONLY=1: only the JavaScript size (no database or Redis needed).
if (process.env.BENCH_SIZE_ONLY !== '1') await orderThroughput()
checkoutJsSize()
process.exit(0)
