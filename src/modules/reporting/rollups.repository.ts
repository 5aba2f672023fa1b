/**
 * SQL of the rollups: what an order contributes now, what it contributed when last applied, and the upserts that move
 * the difference. Reads the orders table as the source of truth (the read model's only input besides its own rows).
 */
import { sql } from 'kysely'
import type { Trx } from '../../platform/db'
import { TIME_ZONE } from '../../shared/dates'

export interface OrderFact {
  store_id: string
  day: string
  payment_method: string
  status: string
  total_cents: number
  customer_email: string
}

export interface CustomerRow {
  orders: number
  first_day: string
  last_day: string
}

const spDay = sql<string>`((created_at at time zone ${sql.lit(TIME_ZONE)})::date)::text`

/** Serialises the handlers of one key (an order, a buyer) for the rest of the transaction. */
export async function lockKey(trx: Trx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 7243))`.execute(trx)
}

const FACT_COLUMNS = ['store_id', 'day', 'payment_method', 'status', 'total_cents', 'customer_email'] as const

/**
 * In one statement: the order as it stands, reduced to what the rollups count, and what it contributed when last
 * applied. The caller holds the order's lock (lockKey), and a rebuild's TRUNCATE makes this read wait for it.
 */
export async function factsOf(trx: Trx, orderId: string): Promise<{ now?: OrderFact; before?: OrderFact }> {
  const { rows } = await sql<Record<string, string | number | null>>`
    select o.store_id as now_store_id, o.day as now_day, o.payment_method as now_payment_method,
      o.status as now_status, o.total_cents as now_total_cents, o.customer_email as now_customer_email,
      f.store_id as before_store_id, f.day as before_day, f.payment_method as before_payment_method,
      f.status as before_status, f.total_cents as before_total_cents, f.customer_email as before_customer_email
    from (select store_id, ${spDay} as day, payment_method, status, total_cents, customer_email
          from orders where id = ${orderId}) o
    full join (select store_id, day::text as day, payment_method, status, total_cents, customer_email
          from reporting_order_facts where order_id = ${orderId}) f on true`.execute(trx)
  const row = rows[0]
  const pick = (prefix: 'now' | 'before') =>
    row?.[`${prefix}_store_id`]
      ? (Object.fromEntries(FACT_COLUMNS.map((c) => [c, row[`${prefix}_${c}`]])) as unknown as OrderFact)
      : undefined
  const now = pick('now')
  const before = pick('before')
  if (now) now.total_cents = Number(now.total_cents)
  if (before) before.total_cents = Number(before.total_cents)
  return { now, before }
}

export async function saveFact(trx: Trx, orderId: string, fact: OrderFact, eventId: string): Promise<void> {
  await trx
    .insertInto('reporting_order_facts')
    .values({ order_id: orderId, ...fact, last_event_id: eventId, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        status: fact.status,
        payment_method: fact.payment_method,
        total_cents: fact.total_cents,
        day: fact.day,
        last_event_id: eventId,
        updated_at: new Date(),
      }),
    )
    .execute()
}

export interface DailyDelta {
  store_id: string
  day: string
  payment_method: string
  status: string
  orders: number
  total_cents: number
}

/** Adds every delta in one statement (their keys are distinct). */
export async function addDaily(trx: Trx, deltas: DailyDelta[]): Promise<void> {
  if (deltas.length === 0) return
  await trx
    .insertInto('reporting_daily')
    .values(deltas)
    .onConflict((oc) =>
      oc.columns(['store_id', 'day', 'payment_method', 'status']).doUpdateSet((eb) => ({
        orders: eb('reporting_daily.orders', '+', eb.ref('excluded.orders')),
        total_cents: eb('reporting_daily.total_cents', '+', eb.ref('excluded.total_cents')),
      })),
    )
    .execute()
}

/**
 * In one statement: the buyer's row as recorded, and as the recorded facts now say (orders at the store, cancelled
 * aside). The caller holds the buyer's lock.
 */
export async function buyerOf(
  trx: Trx,
  storeId: string,
  email: string,
): Promise<{ before?: CustomerRow; now?: CustomerRow }> {
  const { rows } = await sql<{
    before_orders: number | null
    before_first: string | null
    before_last: string | null
    now_orders: number
    now_first: string | null
    now_last: string | null
  }>`
    select c.orders as before_orders, c.first_day::text as before_first, c.last_day::text as before_last,
      f.orders as now_orders, f.first_day as now_first, f.last_day as now_last
    from (select count(*)::int as orders, min(day)::text as first_day, max(day)::text as last_day
          from reporting_order_facts
          where store_id = ${storeId} and customer_email = ${email} and status <> 'CANCELLED') f
    left join reporting_customers c on c.store_id = ${storeId} and c.customer_email = ${email}`.execute(trx)
  const r = rows[0]
  return {
    before:
      r.before_orders !== null
        ? { orders: r.before_orders, first_day: r.before_first!, last_day: r.before_last! }
        : undefined,
    now: r.now_orders > 0 ? { orders: r.now_orders, first_day: r.now_first!, last_day: r.now_last! } : undefined,
  }
}

export async function saveCustomer(trx: Trx, storeId: string, email: string, row: CustomerRow | undefined) {
  if (!row) {
    await trx
      .deleteFrom('reporting_customers')
      .where('store_id', '=', storeId)
      .where('customer_email', '=', email)
      .execute()
    return
  }
  await trx
    .insertInto('reporting_customers')
    .values({ store_id: storeId, customer_email: email, ...row })
    .onConflict((oc) => oc.columns(['store_id', 'customer_email']).doUpdateSet(row))
    .execute()
}

export interface CustomerDayDelta {
  store_id: string
  day: string
  last_seen: number
  returning_last_seen: number
  first_seen: number
}

/** Adds every delta in one statement (their days are distinct). */
export async function addCustomerDays(trx: Trx, deltas: CustomerDayDelta[]): Promise<void> {
  if (deltas.length === 0) return
  await trx
    .insertInto('reporting_customer_days')
    .values(deltas)
    .onConflict((oc) =>
      oc.columns(['store_id', 'day']).doUpdateSet((eb) => ({
        last_seen: eb('reporting_customer_days.last_seen', '+', eb.ref('excluded.last_seen')),
        returning_last_seen: eb(
          'reporting_customer_days.returning_last_seen',
          '+',
          eb.ref('excluded.returning_last_seen'),
        ),
        first_seen: eb('reporting_customer_days.first_seen', '+', eb.ref('excluded.first_seen')),
      })),
    )
    .execute()
}

/**
 * Recomputes the whole read model from the orders table, in the caller's transaction. The exclusive locks make the
 * event handlers wait; once they go on they apply their difference against the rebuilt facts, so nothing is lost.
 */
export async function rebuildAll(trx: Trx): Promise<{ orders: number }> {
  await sql`lock table reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days in exclusive mode`.execute(
    trx,
  )
  await sql`truncate reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days`.execute(trx)
  const facts = await sql`
    insert into reporting_order_facts (order_id, store_id, day, payment_method, status, total_cents, customer_email, last_event_id)
    select id, store_id, (created_at at time zone ${sql.lit(TIME_ZONE)})::date, payment_method, status, total_cents,
           customer_email, 'rebuild'
    from orders`.execute(trx)
  await sql`
    insert into reporting_daily (store_id, day, payment_method, status, orders, total_cents)
    select store_id, day, payment_method, status, count(*), sum(total_cents)
    from reporting_order_facts group by 1, 2, 3, 4`.execute(trx)
  await sql`
    insert into reporting_customers (store_id, customer_email, orders, first_day, last_day)
    select store_id, customer_email, count(*), min(day), max(day)
    from reporting_order_facts where status <> 'CANCELLED' group by 1, 2`.execute(trx)
  await sql`
    insert into reporting_customer_days (store_id, day, last_seen, returning_last_seen, first_seen)
    select store_id, day, sum(l), sum(r), sum(f) from (
      select store_id, last_day as day, 1 as l, (orders >= 2)::int as r, 0 as f from reporting_customers
      union all
      select store_id, first_day, 0, 0, 1 from reporting_customers
    ) x group by 1, 2`.execute(trx)
  // Fresh statistics, or the planner takes the rebuilt tables for empty ones until autovacuum comes by.
  await sql`analyze reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days`.execute(trx)
  return { orders: Number(facts.numAffectedRows ?? 0) }
}
