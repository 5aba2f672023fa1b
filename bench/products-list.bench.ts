// GET /api/stores/:storeId/products for a store with 2,000 products, authenticated, over real HTTP on local
// PostgreSQL; one request at a time, so the figures are latencies, not throughput.
// Run: npx tsx bench/products-list.bench.ts   (BENCH_PRODUCTS, BENCH_REQUESTS to change the sizes)
import { sql } from 'kysely'
import { createTestApp } from '../src/testing/test-app'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const WARMUP = 20

const t = await createTestApp({ redis: false, env: { LOG_LEVEL: 'silent' } })
try {
  const user = await t.login()
  const store = (
    await t.app.inject({ method: 'POST', url: '/api/stores', headers: user.headers, payload: { name: 'Bench' } })
  ).json()
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const digital = i % 4 === 0
    return {
      store_id: store.id,
      name: `Produto ${i + 1}`,
      description: `Descrição do produto ${i + 1}, com algumas palavras para ter um tamanho realista.`,
      price_cents: 990 + i * 7,
      type: digital ? ('DIGITAL' as const) : ('PHYSICAL' as const),
      stock: digital ? null : i % 50,
      image_url: `/uploads/${i.toString(16).padStart(32, '0')}.png`,
      digital_file_url: digital ? `https://files.example.com/${i}.pdf` : null,
      created_at: new Date(Date.now() - i * 1000),
    }
  })
  for (let i = 0; i < rows.length; i += 500)
    await t.runtime.db
      .insertInto('products')
      .values(rows.slice(i, i + 500))
      .execute()
  await sql`analyze products`.execute(t.runtime.db)

  const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `${base}/api/stores/${store.id}/products`
  const headers = { authorization: user.headers.authorization }
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now()
    const res = await fetch(url, { headers })
    const body = await res.arrayBuffer()
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`status ${res.status}`)
    if (i === 0 && (JSON.parse(Buffer.from(body).toString()) as unknown[]).length !== PRODUCTS)
      throw new Error('wrong product count')
    if (i >= WARMUP) times.push(ms)
    bytes = body.byteLength
  }
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
  console.log(
    `products-list: ${PRODUCTS} products, ${REQUESTS} requests, median ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB per response (target median < 100 ms)`,
  )
} finally {
  await t.close()
}
