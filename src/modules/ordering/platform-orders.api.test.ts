import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'

let t: TestApp
let admin: TestUser
let merchant: TestUser
const stores: Record<string, string> = {}

/** 25 orders in each of two stores, one every minute, numbered per store; store B's are the newer half. */
async function fill(storeId: string, offsetMinutes: number) {
  await sql`
    insert into orders (store_id, order_number, status, product_type, customer_name, customer_email, customer_phone,
      customer_document, subtotal_cents, total_cents, payment_method, transaction_id, created_at)
    select ${storeId}::uuid, 1000 + g, (array['PENDING','PAID'])[1 + g % 2], 'DIGITAL', 'Cliente ' || g,
      'cliente' || g || '@example.com', '11987654321', '52998224725', 1000, 1000,
      (array['PIX','CREDIT_CARD'])[1 + g % 2], 'tx-' || g,
      now() - make_interval(mins => ${offsetMinutes} + g)
    from generate_series(1, 25) g`.execute(t.runtime.db)
}

beforeAll(async () => {
  t = await createTestApp({ redis: false })
  admin = await t.login({ role: 'ADMIN' })
  const a = await t.merchantWithStore('Loja Antiga')
  const b = await t.merchantWithStore('Loja Nova')
  merchant = a.user
  stores.A = a.storeId
  stores.B = b.storeId
  await fill(stores.B, 0)
  await fill(stores.A, 100)
}, 60_000)
afterAll(() => t.close())

type Row = { id: string; orderNumber: string; storeId: string; storeName: string; status: string; items: unknown[] }
const list = (query: string, user = admin) => t.app.inject({ url: `/api/admin/orders?${query}`, headers: user.headers })

describe("the admin's platform orders screen", () => {
  it("pages every store's orders newest first, each with its store's name", async () => {
    const first = await list('limit=20')
    expect(first.statusCode).toBe(200)
    const a = first.json() as Row[]
    expect(a).toHaveLength(20)
    expect(a[0]).toMatchObject({ orderNumber: '#1001', storeId: stores.B, storeName: 'Loja Nova' })
    const b = (await list(`limit=20&after=${a.at(-1)!.id}`)).json() as Row[]
    const c = (await list(`limit=20&after=${b.at(-1)!.id}`)).json() as Row[]
    const all = [...a, ...b, ...c]
    expect(all).toHaveLength(50)
    expect(new Set(all.map((o) => o.id)).size).toBe(50)
    expect(all.slice(25).every((o) => o.storeName === 'Loja Antiga' && o.storeId === stores.A)).toBe(true)
  })

  it('filters as the store orders page does, with the summary for the same filters', async () => {
    const paid = (await list('status=PAID&payment=CREDIT_CARD&limit=100')).json() as Row[]
    // g odd → PAID and CREDIT_CARD: 13 per store
    expect(paid).toHaveLength(26)
    expect(new Set(paid.map((o) => o.storeName))).toEqual(new Set(['Loja Antiga', 'Loja Nova']))
    const found = (await list('search=cliente7%40example.com')).json() as Row[]
    expect(found.map((o) => o.storeName).sort()).toEqual(['Loja Antiga', 'Loja Nova'])
    const summary = await t.app.inject({ url: '/api/admin/orders/summary?status=PAID', headers: admin.headers })
    expect(summary.statusCode).toBe(200)
    expect(summary.json()).toEqual({ total: 26, paidRevenue: 260, pending: 0, processing: 0 })
    const bad = await list('status=NOPE')
    expect(bad.statusCode).toBe(400)
  })

  it('is for administrators only', async () => {
    expect((await list('', merchant)).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/admin/orders' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/admin/orders/summary', headers: merchant.headers })).statusCode).toBe(403)
  })
})
