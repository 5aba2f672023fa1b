// GET /api/stores/me through the whole app (JWT, user lookup, Kysely, zod serialisation) against a bare Fastify route
// running the same SQL through `pg`, in the same run, on local PostgreSQL. Run: npx tsx bench/stores-me.bench.ts
import Fastify from 'fastify'
import pg from 'pg'
import { createTestApp } from '../src/testing/test-app'
import { fmt, load } from './http-load'

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 5000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)

const t = await createTestApp({ env: { LOG_LEVEL: 'silent' } })
try {
  const user = await t.login()
  for (let i = 0; i < 5; i++) {
    await t.app.inject({ method: 'POST', url: '/api/stores', headers: user.headers, payload: { name: `Loja ${i}` } })
  }
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })

  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 10 })
  const bare = Fastify()
  bare.get('/stores/me', async () => {
    const { rows } = await pool.query('select * from stores where user_id = $1 order by created_at', [user.id])
    return rows
  })
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

  // Warm both up, then measure each.
  await load(`${appUrl}/api/stores/me`, { total: 500, concurrency: CONCURRENCY, headers: user.headers })
  await load(`${bareUrl}/stores/me`, { total: 500, concurrency: CONCURRENCY })
  const app = await load(`${appUrl}/api/stores/me`, { total: TOTAL, concurrency: CONCURRENCY, headers: user.headers })
  const base = await load(`${bareUrl}/stores/me`, { total: TOTAL, concurrency: CONCURRENCY })
  console.log(`app  GET /api/stores/me: ${fmt(app)}`)
  console.log(`bare pg + fastify      : ${fmt(base)}`)
  console.log(`ratio app/bare throughput: ${(app.rps / base.rps).toFixed(2)}`)
  await bare.close()
  await pool.end()
} finally {
  await t.close()
}
