// Order creation (a digital product paid by PIX through the built-in sandbox) against a bare Fastify route doing the
// core writes in one pg transaction (order number, order, item, outbox event), interleaved rounds over real HTTP on
// loopback; then the SQL statements the whole process sends per order (request, relay and event handlers alike),
// counted on a sequential batch. Bounded: BENCH_ORDERS per round, 3 rounds each. Run: npx tsx bench/order-create.bench.ts
import Fastify from 'fastify'
import pg from 'pg'
import { createTestApp } from '../src/testing/test-app'
import { fmt, type LoadResult, load } from './http-load'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const ROUNDS = 3

// Every statement any pool of this process sends, counted where pg sends it.
let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++
  return (query as (...a: unknown[]) => unknown).apply(this, args)
} as typeof query

const t = await createTestApp({ env: { LOG_LEVEL: 'silent', TRUST_PROXY: '1' } })
try {
  const owner = await t.login()
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
  const store = await post('/api/stores', { name: 'Bench Pedidos' })
  const product = await post(`/api/stores/${store.id}/products`, {
    name: 'Curso Online',
    price: 97,
    type: 'DIGITAL',
    digitalFileUrl: 'https://files.example.com/curso.pdf',
  })
  await post(`/api/payment/ativo-pay/payment-config?storeId=${store.id}`, { ativoPayApiKey: 'sk_sandbox_bench_0004' })
  const appUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/checkout/create-digital-order`

  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 10 })
  const bare = Fastify()
  bare.post('/order', async (request) => {
    const body = request.body as { customer: { name: string; email: string; phone: string; cpf: string } }
    const client = await pool.connect()
    try {
      await client.query('begin')
      const n = await client.query(
        `insert into order_counters (store_id, last_number) values ($1, 1001)
         on conflict (store_id) do update set last_number = order_counters.last_number + 1 returning last_number`,
        [store.id],
      )
      const order = await client.query(
        `insert into orders (store_id, order_number, product_type, customer_name, customer_email, customer_phone,
           customer_document, subtotal_cents, total_cents, payment_method)
         values ($1, $2, 'DIGITAL', $3, $4, $5, $6, 9700, 9700, 'PIX') returning id`,
        [
          store.id,
          n.rows[0].last_number,
          body.customer.name,
          body.customer.email,
          body.customer.phone,
          body.customer.cpf,
        ],
      )
      await client.query(
        `insert into order_items (order_id, product_id, name, quantity, unit_price_cents, total_cents)
         values ($1, $2, 'Curso Online', 1, 9700, 9700)`,
        [order.rows[0].id, product.id],
      )
      await client.query(`insert into outbox (event, payload) values ('bench.order', $1)`, [
        JSON.stringify({ orderId: order.rows[0].id }),
      ])
      await client.query('commit')
      return { orderId: order.rows[0].id }
    } catch (err) {
      await client.query('rollback')
      throw err
    } finally {
      client.release()
    }
  })
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/order`

  let n = 0
  let ip = 0
  const body = () =>
    JSON.stringify({
      storeId: store.id,
      productId: product.id,
      customer: { name: 'Comprador Bench', email: `buyer${++n}@example.com`, phone: '11987654321', cpf: '52998224725' },
      shipping: { address: 'Produto digital', number: '0', city: 'Digital', state: 'DG', zipCode: '00000000' },
      payment: { method: 'pix' },
    })
  // One address per request: the per-address order limit is not what is measured here.
  const headers = () => ({ 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}` })
  const run = (url: string, total: number, concurrency: number) =>
    load(url, { total, concurrency, method: 'POST', body, headers })

  await run(appUrl, 30, 5)
  await run(bareUrl, 30, 5)
  let app: LoadResult | undefined
  let base: LoadResult | undefined
  for (let round = 0; round < ROUNDS; round++) {
    const a = await run(appUrl, ORDERS, CONCURRENCY)
    if (!app || a.rps > app.rps) app = a
    const b = await run(bareUrl, ORDERS, CONCURRENCY)
    if (!base || b.rps > base.rps) base = b
  }
  console.log(`create-digital-order (PIX, sandbox), ${CONCURRENCY} concurrent, best of ${ROUNDS}: ${fmt(app!)}`)
  console.log(`bare fastify + pg transaction (4 writes)       : ${fmt(base!)}`)
  console.log(`ratio app/bare throughput: ${(app!.rps / base!.rps).toFixed(2)}`)

  // Statements per order: a sequential batch, then the queue drained, so the background work is counted too.
  await t.drain()
  await new Promise((r) => setTimeout(r, 1000))
  const SEQ = 50
  const before = statements
  await run(appUrl, SEQ, 1)
  const onRequest = statements - before
  await t.drain()
  await new Promise((r) => setTimeout(r, 2000))
  await t.drain()
  console.log(
    `SQL statements per order: ${(onRequest / SEQ).toFixed(1)} while the requests ran, ${((statements - before) / SEQ).toFixed(1)} with the relay and every event handler (sandbox gateway included)`,
  )
  await bare.close()
  await pool.end()
} finally {
  await t.close()
}
