// The buyer's public reads (checkout customisation, shipping options, payment methods) over real HTTP on loopback,
// each against a bare Fastify route doing one primary-key SELECT through pg, interleaved in the same run, plus the
// same reads revalidated with If-None-Match (304). Bounded: BENCH_REQUESTS per measurement.
// Run: npx tsx bench/public-reads.bench.ts
import Fastify from 'fastify'
import pg from 'pg'
import { createTestApp } from '../src/testing/test-app'
import { fmt, type LoadResult, load } from './http-load'
import { injector } from './support/in-process'

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 3000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = 3

// Rate limits are per address: the app trusts the loopback proxy hop and each request names its own address.
const t = await createTestApp({ env: { LOG_LEVEL: 'silent', TRUST_PROXY: '1' } })
try {
  const owner = await t.login()
  const post = injector(t, owner.headers)
  const store = await post('/api/stores', { name: 'Loja Pública' })
  await post(`/api/stores/${store.id}/customization`, { primaryColor: '#0f766e', checkoutTitle: 'Finalize' }, 'PATCH')
  for (const name of ['Sedex', 'PAC', 'Retirada'])
    await post(`/api/stores/${store.id}/shipping`, { name, basePrice: 15, estimatedDays: 3 })
  await post(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, { ativoPayApiKey: 'sk_sandbox_bench_0003' })
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' })

  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 10 })
  const bare = Fastify()
  bare.get('/store', async () => (await pool.query('select * from stores where id = $1', [store.id])).rows[0])
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/store`

  const reads = {
    customization: `${base}/api/public/stores/${store.id}/customization`,
    'shipping options': `${base}/api/stores/${store.id}/shipping/public/options`,
    'payment methods': `${base}/api/payment/ativo-pay/payment-methods-public?storeId=${store.id}`,
  }
  const etags: Record<string, string> = {}
  for (const [name, url] of Object.entries(reads)) etags[name] = (await fetch(url)).headers.get('etag') ?? ''

  // Many buyers behind one address would trip the per-address limit; each request gets its own address.
  let ip = 0
  const from = () => ({ 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}` })
  const best = (a: LoadResult | undefined, b: LoadResult) => (!a || b.rps > a.rps ? b : a)
  const results: Record<string, LoadResult | undefined> = {}
  await load(bareUrl, { total: 500, concurrency: CONCURRENCY })
  for (let round = 0; round < ROUNDS; round++) {
    results.bare = best(results.bare, await load(bareUrl, { total: TOTAL, concurrency: CONCURRENCY }))
    for (const [name, url] of Object.entries(reads)) {
      results[name] = best(results[name], await load(url, { total: TOTAL, concurrency: CONCURRENCY, headers: from }))
      const revalidate = () => ({ ...from(), 'if-none-match': etags[name] })
      results[`${name} (304)`] = best(
        results[`${name} (304)`],
        await load(url, { total: TOTAL, concurrency: CONCURRENCY, headers: revalidate }),
      )
    }
  }
  const bareRps = results.bare!.rps
  console.log(`bare pk SELECT (fastify + pg): ${fmt(results.bare!)}`)
  for (const [name, r] of Object.entries(results))
    if (name !== 'bare' && r) console.log(`${name.padEnd(26)}: ${fmt(r)}  ratio ${(r.rps / bareRps).toFixed(2)}`)
  await bare.close()
  await pool.end()
} finally {
  await t.close()
}
