import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { rebuildRollups } from '../reporting'

const N = 70_000
let t: TestApp
let owner: TestUser
let storeId: string

/**
 * 70,000 orders straight in SQL (generate_series): one every 10 minutes back from now, one item each. The newest is
 * placed now, so São Paulo's "today" holds at least one whatever the hour the suite runs (at 00:05 it held none).
 */
async function fill() {
  await sql`
    insert into orders (store_id, order_number, status, product_type, customer_name, customer_email, customer_phone,
      customer_document, subtotal_cents, total_cents, payment_method, transaction_id, created_at)
    select ${storeId}::uuid, 1000 + g,
      (array['PENDING','PAID','PROCESSING','CANCELLED','SHIPPED'])[1 + g % 5],
      'DIGITAL', 'Cliente ' || (g % 997), 'cliente' || (g % 997) || '@example.com', '11987654321', '52998224725',
      1000 + g % 500, 1000 + g % 500, (array['PIX','CREDIT_CARD','BANK_SLIP'])[1 + g % 3], 'tx-' || g,
      now() - make_interval(mins => (g - 1) * 10)
    from generate_series(1, ${N}) g`.execute(t.runtime.db)
  await sql`
    insert into order_items (order_id, product_id, name, quantity, unit_price_cents, total_cents)
    select id, '00000000-0000-4000-8000-000000000001', 'E-book', 1, total_cents, total_cents
    from orders where store_id = ${storeId}::uuid`.execute(t.runtime.db)
  await rebuildRollups(t.runtime.db)
}

beforeAll(async () => {
  t = await createTestApp({ redis: false })
  owner = await t.login()
  storeId = (
    await t.app.inject({ method: 'POST', url: '/api/stores', headers: owner.headers, payload: { name: 'Loja Grande' } })
  ).json().id
  await fill()
}, 120_000)
afterAll(() => t.close())

type Order = {
  id: string
  orderNumber: string
  createdAt: string
  status: string
  paymentMethod: string
  items: unknown[]
}

async function page(query: string, user = owner) {
  return t.app.inject({ url: `/api/stores/${storeId}/orders?${query}`, headers: user.headers })
}

describe('orders list at 70,000 orders', () => {
  it('answers a default page and pages on with the keyset cursor, newest first, no gaps or repeats', async () => {
    const first = await page('')
    expect(first.statusCode).toBe(200)
    const a = first.json() as Order[]
    expect(a).toHaveLength(20)
    expect(a[0].orderNumber).toBe('#1001')
    expect(a[0].items).toHaveLength(1)
    const second = (await page(`limit=20&after=${a.at(-1)!.id}`)).json() as Order[]
    expect(second[0].orderNumber).toBe('#1021')
    const numbers = [...a, ...second].map((o) => Number(o.orderNumber.slice(1)))
    expect(numbers).toEqual(numbers.map((_, i) => 1001 + i))
    const big = await page('limit=500')
    expect(big.statusCode).toBe(200)
    expect(big.json()).toHaveLength(500)
    // A deep page by offset (older callers) and the last page by cursor.
    const deep = (await page('limit=5&offset=69990')).json() as Order[]
    expect(deep.map((o) => o.orderNumber)).toEqual(['#70991', '#70992', '#70993', '#70994', '#70995'])
    const last = (await page(`limit=20&after=${deep.at(-1)!.id}`)).json() as Order[]
    expect(last.map((o) => o.orderNumber)).toEqual(['#70996', '#70997', '#70998', '#70999', '#71000'])
  })

  it('filters by status, payment, date and search in SQL, with the summary for the same filters', async () => {
    const paidPix = (await page('status=PAID&payment=PIX&limit=100')).json() as Order[]
    expect(paidPix.length).toBe(100)
    expect(paidPix.every((o) => o.status === 'PAID' && o.paymentMethod === 'PIX')).toBe(true)
    // One order every 10 minutes: the São Paulo day so far holds at most 144.
    const today = (await page('date=today&limit=500')).json() as Order[]
    expect(today.length).toBeGreaterThan(0)
    expect(today.length).toBeLessThanOrEqual(144)
    expect((await page('search=%2371000')).json().map((o: Order) => o.orderNumber)).toEqual(['#71000'])
    const byName = (await page('search=cliente996%40&limit=500')).json() as Order[]
    expect(byName.length).toBeGreaterThan(0)

    for (const query of ['', 'status=PAID&payment=PIX', 'date=month', 'search=cliente996%40']) {
      const res = await t.app.inject({ url: `/api/stores/${storeId}/orders/summary?${query}`, headers: owner.headers })
      expect(res.statusCode).toBe(200)
      const q = new URLSearchParams(query)
      const where = [
        sql`store_id = ${storeId}::uuid`,
        ...(q.get('status') ? [sql`status = ${q.get('status')}`] : []),
        ...(q.get('payment') ? [sql`payment_method = ${q.get('payment')}`] : []),
        ...(q.get('date')
          ? [
              sql`created_at >= (date_trunc('day', now() at time zone 'America/Sao_Paulo') - interval '29 days') at time zone 'America/Sao_Paulo'`,
            ]
          : []),
        ...(q.get('search') ? [sql`customer_email ilike ${`%${q.get('search')}%`}`] : []),
      ]
      const direct = await sql<{ total: number; paid: number; pending: number; processing: number }>`
        select count(*)::int as total,
          coalesce(sum(total_cents) filter (where status in ('PAID','PROCESSING','SHIPPED','DELIVERED')), 0)::int as paid,
          count(*) filter (where status = 'PENDING')::int as pending,
          count(*) filter (where status = 'PROCESSING')::int as processing
        from orders where ${sql.join(where, sql` and `)}`.execute(t.runtime.db)
      const d = direct.rows[0]
      expect({ query, ...res.json() }).toEqual({
        query,
        total: d.total,
        paidRevenue: d.paid / 100,
        pending: d.pending,
        processing: d.processing,
      })
    }
    expect((await page('status=NOPE')).statusCode).toBe(400)
    expect((await page('after=not-a-uuid')).statusCode).toBe(400)
    expect((await page('limit=501')).statusCode).toBe(400)
  })

  it('streams the CSV export of every matching order', async () => {
    const res = await t.app.inject({
      url: `/api/stores/${storeId}/orders/export?payment=BANK_SLIP`,
      headers: owner.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"/)
    const lines = res.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '\ufeffPedido;Transação;Data;Status;Cliente;E-mail;Telefone;CPF/CNPJ;Pagamento;Itens;Subtotal;Frete;Cupom;Desconto do cupom;Desconto no pagamento;Juros;Total;Envio;Prazo;Endereço',
    )
    expect(lines.length - 1).toBe(Math.floor(N / 3) + (N % 3 >= 2 ? 1 : 0))
    expect(lines[1]).toContain('Boleto')
  })

  it('keeps every store to its owner', async () => {
    const stranger = await t.login()
    expect((await page('', stranger)).statusCode).toBe(404)
    expect(
      (await t.app.inject({ url: `/api/stores/${storeId}/orders/export`, headers: stranger.headers })).statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ url: `/api/stores/${storeId}/orders/summary`, headers: stranger.headers })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: `/api/stores/${storeId}/orders` })).statusCode).toBe(401)
    // A cursor from another store ends the list instead of reading that store.
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/stores', headers: stranger.headers, payload: { name: 'Outra' } })
    ).json().id
    const first = (await page('limit=1')).json() as Order[]
    const foreign = await t.app.inject({
      url: `/api/stores/${other}/orders?after=${first[0].id}`,
      headers: stranger.headers,
    })
    expect(foreign.json()).toEqual([])
  })
})
