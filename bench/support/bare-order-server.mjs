// The baseline of bench/order-create.bench.ts: a bare Fastify route doing, in one pg transaction, the writes an order
// makes — the store's next order number, the order, its item, its payment transaction and its outbox event — and
// nothing else (no validation, no gateway, no events handled). Tells the parent its port over IPC.
import Fastify from 'fastify'
import pg from 'pg'

const { DATABASE_URL, STORE_ID, PRODUCT_ID } = process.env
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 })
const app = Fastify()

app.post('/order', async (request) => {
  const { customer } = request.body
  const client = await pool.connect()
  try {
    await client.query('begin')
    const n = await client.query(
      `insert into order_counters (store_id, last_number) values ($1, 1001)
       on conflict (store_id) do update set last_number = order_counters.last_number + 1 returning last_number`,
      [STORE_ID],
    )
    const order = await client.query(
      `insert into orders (store_id, order_number, product_type, customer_name, customer_email, customer_phone,
         customer_document, subtotal_cents, total_cents, payment_method)
       values ($1, $2, 'DIGITAL', $3, $4, $5, $6, 9700, 9700, 'PIX') returning id`,
      [STORE_ID, n.rows[0].last_number, customer.name, customer.email, customer.phone, customer.cpf],
    )
    const orderId = order.rows[0].id
    await client.query(
      `insert into order_items (order_id, product_id, name, quantity, unit_price_cents, total_cents)
       values ($1, $2, 'Curso Online', 1, 9700, 9700)`,
      [orderId, PRODUCT_ID],
    )
    await client.query(
      `insert into payment_transactions (store_id, order_ref, method, amount_cents, status, request)
       values ($1, $2, 'PIX', 9700, 'PENDING', $3)`,
      [STORE_ID, orderId, JSON.stringify({ customer })],
    )
    await client.query(`insert into outbox (event, payload) values ('bench.order', $1)`, [JSON.stringify({ orderId })])
    await client.query('commit')
    return { orderId }
  } catch (err) {
    await client.query('rollback')
    throw err
  } finally {
    client.release()
  }
})

const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.send?.({ url: `${address}/order` })
process.on('SIGTERM', async () => {
  await app.close()
  await pool.end()
  process.exit(0)
})
