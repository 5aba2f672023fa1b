import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publish } from '../../platform/events'
import { saoPauloDay } from '../../shared/dates'
import { addDays, startOfDay } from '../../shared/periods'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { orderPlaced } from '../ordering'
import * as orderRepo from '../ordering/repository'
import { changeSaleStatus } from '../ordering/sales'
import { applyPaymentStatus, cancelOrder, markPaid } from '../ordering/service'
import { rebuildRollups } from '.'
import { applyOrders } from './rollups'

// In-process jobs over the test PostgreSQL: drain() waits until every event handler has run.
let t: TestApp
let owner: TestUser
let storeId: string
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  ;({ user: owner, storeId } = await t.merchantWithStore('Loja Rollup'))
})
afterAll(() => t.close())

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const METHODS = ['PIX', 'CREDIT_CARD', 'BANK_SLIP'] as const

/** An order placed at a given instant, written as ordering writes it: row and order.placed in one transaction. */
async function placeAt(
  at: Date,
  email: string,
  cents: number,
  method: (typeof METHODS)[number],
  store = storeId,
): Promise<string> {
  return t.runtime.db.transaction().execute(async (trx) => {
    const row = await orderRepo.insertOrder(
      trx,
      {
        store_id: store,
        product_type: 'PHYSICAL',
        customer_name: email.split('@')[0],
        customer_email: email,
        customer_phone: '11987654321',
        customer_document: '52998224725',
        shipping_address: null,
        subtotal_cents: cents,
        total_cents: cents,
        payment_method: method,
        created_at: at,
      },
      [
        {
          product_id: '00000000-0000-4000-8000-000000000001',
          name: 'E-book',
          quantity: 1,
          unit_price_cents: cents,
          total_cents: cents,
        },
      ],
    )
    await publish(trx, orderPlaced, {
      orderId: row.id,
      storeId: store,
      orderNumber: `#${row.order_number}`,
      productType: 'PHYSICAL',
      totalCents: cents,
      paymentMethod: method,
      customer: { name: row.customer_name, email, phone: row.customer_phone },
      items: [
        { productId: '00000000-0000-4000-8000-000000000001', name: 'E-book', quantity: 1, unitPriceCents: cents },
      ],
    })
    return row.id
  })
}

/** The rollup tables as rows, compared with the same figures computed straight from the orders. */
async function rollupState() {
  const daily = await sql<{ k: string }>`
    select day::text || '|' || payment_method || '|' || status || '|' || orders || '|' || total_cents as k
    from reporting_daily where store_id = ${storeId} and orders <> 0 order by 1`.execute(t.runtime.db)
  const customers = await sql<{ k: string }>`
    select customer_email || '|' || orders || '|' || first_day::text || '|' || last_day::text as k
    from reporting_customers where store_id = ${storeId} order by 1`.execute(t.runtime.db)
  const days = await sql<{ k: string }>`
    select day::text || '|' || last_seen || '|' || returning_last_seen || '|' || first_seen as k
    from reporting_customer_days where store_id = ${storeId}
      and (last_seen <> 0 or returning_last_seen <> 0 or first_seen <> 0) order by 1`.execute(t.runtime.db)
  return {
    daily: daily.rows.map((r) => r.k),
    customers: customers.rows.map((r) => r.k),
    days: days.rows.map((r) => r.k),
  }
}

async function directState() {
  const day = sql`(created_at at time zone 'America/Sao_Paulo')::date`
  const daily = await sql<{ k: string }>`
    select ${day}::text || '|' || payment_method || '|' || status || '|' || count(*) || '|' || sum(total_cents) as k
    from orders where store_id = ${storeId} group by ${day}, payment_method, status order by 1`.execute(t.runtime.db)
  const buyers = sql`(select customer_email, count(*) as n, min(${day}) as first_day, max(${day}) as last_day
    from orders where store_id = ${storeId} and status not in ('CANCELLED', 'REFUNDED') group by customer_email)`
  const customers = await sql<{ k: string }>`
    select customer_email || '|' || n || '|' || first_day::text || '|' || last_day::text as k
    from ${buyers} b order by 1`.execute(t.runtime.db)
  const days = await sql<{ k: string }>`
    select d::text || '|' || sum(l) || '|' || sum(r) || '|' || sum(f) as k from (
      select last_day as d, 1 as l, (n >= 2)::int as r, 0 as f from ${buyers} b
      union all select first_day, 0, 0, 1 from ${buyers} b2
    ) x group by d order by 1`.execute(t.runtime.db)
  return {
    daily: daily.rows.map((r) => r.k),
    customers: customers.rows.map((r) => r.k),
    days: days.rows.map((r) => r.k),
  }
}

async function dashboard(period: string) {
  const res = await t.app.inject({ url: `/api/stores/${storeId}/dashboard?period=${period}`, headers: owner.headers })
  expect(res.statusCode).toBe(200)
  return res.json().metrics
}

/** The dashboard figures of [from, to) the way the dashboard computed them before rollups: one pass over orders. */
async function direct(from: Date, to: Date) {
  const row = await sql<{ orders: number; paid: number; pending: number; customers: number; returning: number }>`
    select count(*)::int as orders,
      coalesce(sum(total_cents) filter (where status in ('PAID','PROCESSING','SHIPPED','DELIVERED')), 0)::int as paid,
      count(*) filter (where status = 'PENDING')::int as pending,
      count(distinct customer_email) filter (where status not in ('CANCELLED', 'REFUNDED'))::int as customers,
      (select count(*)::int from (
        select customer_email from orders
        where store_id = ${storeId} and status not in ('CANCELLED', 'REFUNDED') and customer_email in (
          select customer_email from orders where store_id = ${storeId} and status not in ('CANCELLED', 'REFUNDED')
            and created_at >= ${from} and created_at < ${to})
        group by customer_email having count(*) >= 2) r) as returning
    from orders where store_id = ${storeId} and created_at >= ${from} and created_at < ${to}`.execute(t.runtime.db)
  return row.rows[0]
}

describe('rollups kept by the ordering events', () => {
  it('equal a direct computation after a random mix of orders across São Paulo midnight', async () => {
    const rnd = random(20261123)
    const today = saoPauloDay(new Date())
    // Instants a few minutes either side of the last two São Paulo midnights, and some older days.
    const midnights = [startOfDay(today), startOfDay(addDays(today, -1))]
    const instants: Date[] = []
    for (const m of midnights) for (const min of [-7, -1, 0, 1, 9]) instants.push(new Date(m.getTime() + min * 60_000))
    instants.push(startOfDay(addDays(today, -3)), new Date(startOfDay(addDays(today, -40)).getTime() + 3_600_000))
    const past = instants.filter((d) => d.getTime() < Date.now())

    const ids: string[] = []
    for (let i = 0; i < 60; i++) {
      const at = past[Math.floor(rnd() * past.length)]
      const email = `buyer${Math.floor(rnd() * 12)}@example.com`
      ids.push(await placeAt(at, email, 1000 + Math.floor(rnd() * 90_000), METHODS[Math.floor(rnd() * 3)]))
    }
    await t.drain()

    const db = t.runtime.db
    const pay = (id: string) => db.transaction().execute((trx) => markPaid(trx, id, `tx-${id}`))
    const cancel = (id: string) => db.transaction().execute((trx) => cancelOrder(trx, id, 'payment_expired'))
    // Two rounds with the handlers run in between, so a later change lands on rollups that already counted the first.
    const fate = ids.map(() => rnd())
    for (const [i, id] of ids.entries()) {
      if (fate[i] < 0.55 || fate[i] >= 0.8) continue
      await pay(id)
    }
    for (const [i, id] of ids.entries()) if (fate[i] >= 0.35 && fate[i] < 0.55) await cancel(id)
    await t.drain()
    for (const [i, id] of ids.entries()) {
      const r = fate[i]
      if (r < 0.35 || r >= 0.8) continue
      if (r < 0.45)
        await cancel(id) // a second cancellation is a no-op
      else if (r < 0.55)
        await pay(id) // a PIX paid after it expired: cancelled first, then paid
      else if (r < 0.65) await applyPaymentStatus(db, id, 'REFUNDED', `tx-${id}`)
      else await db.transaction().execute((trx) => changeSaleStatus(trx, owner.id, id, 'Enviado'))
    }
    await t.drain()

    const expected = await directState()
    expect(expected.daily.length).toBeGreaterThan(6)
    expect(await rollupState()).toEqual(expected)

    // Dashboard periods read the rollups; they match the one-pass computation over orders.
    for (const [period, from, to] of [
      ['today', startOfDay(today), new Date()],
      ['yesterday', startOfDay(addDays(today, -1)), startOfDay(today)],
      ['7days', startOfDay(addDays(today, -6)), new Date()],
      ['all', new Date(0), new Date()],
    ] as const) {
      const m = await dashboard(period)
      const d = await direct(from, to)
      expect({ period, ...pick(m) }).toEqual({
        period,
        totalOrders: d.orders,
        paidRevenue: d.paid / 100,
        pendingOrdersCount: d.pending,
        totalCustomers: d.customers,
        returningCustomers: d.returning,
      })
    }

    // Applying every event again changes nothing (a retried job, one by one or as one batch).
    for (const id of ids) await db.transaction().execute((trx) => applyOrders(trx, [{ orderId: id, eventId: 'again' }]))
    const all = ids.map((orderId) => ({ orderId, eventId: 'batch' }))
    await db.transaction().execute((trx) => applyOrders(trx, all))
    expect(await rollupState()).toEqual(expected)
    // From empty rollups, the 60 orders (12 buyers, several a day) as one batch reach the same rows.
    await sql`truncate reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days`.execute(db)
    await db.transaction().execute((trx) => applyOrders(trx, all))
    expect(await rollupState()).toEqual(expected)
    // And so does a rebuild from the orders.
    await rebuildRollups(db)
    expect(await rollupState()).toEqual(expected)
  })

  it('answers the orders page summary from the rollups with the filters of the list', async () => {
    const res = await t.app.inject({ url: `/api/stores/${storeId}/orders/summary?status=PAID`, headers: owner.headers })
    expect(res.statusCode).toBe(200)
    const direct = await sql<{ n: number; cents: number }>`
      select count(*)::int as n, coalesce(sum(total_cents), 0)::int as cents from orders
      where store_id = ${storeId} and status = 'PAID'`.execute(t.runtime.db)
    expect(res.json()).toEqual({
      total: direct.rows[0].n,
      paidRevenue: direct.rows[0].cents / 100,
      pending: 0,
      processing: 0,
    })
    const searched = await t.app.inject({
      url: `/api/stores/${storeId}/orders/summary?search=buyer1%40`,
      headers: owner.headers,
    })
    const n = await sql<{ n: number }>`select count(*)::int as n from orders where store_id = ${storeId}
      and customer_email like 'buyer1@%'`.execute(t.runtime.db)
    expect(searched.json().total).toBe(n.rows[0].n)
  })
})

function pick(m: Record<string, number>) {
  return {
    totalOrders: m.totalOrders,
    paidRevenue: m.paidRevenue,
    pendingOrdersCount: m.pendingOrdersCount,
    totalCustomers: m.totalCustomers,
    returningCustomers: m.returningCustomers,
  }
}

describe('a deleted store', () => {
  it('takes its rollups along, so the admin dashboard only counts orders that exist', async () => {
    const other = await t.login()
    const gone = (
      await t.app.inject({ method: 'POST', url: '/api/stores', headers: other.headers, payload: { name: 'Some' } })
    ).json().id
    const rows = () =>
      sql<{ n: number }>`select (select count(*) from reporting_daily where store_id = ${gone})::int
        + (select count(*) from reporting_order_facts where store_id = ${gone})::int as n`.execute(t.runtime.db)
    await placeAt(new Date(Date.now() - 60_000), 'x@example.com', 5000, 'PIX', gone)
    await t.drain()
    expect((await rows()).rows[0].n).toBe(2)
    await t.runtime.db.deleteFrom('users').where('id', '=', other.id).execute()
    expect((await rows()).rows[0].n).toBe(0)
  })
})
