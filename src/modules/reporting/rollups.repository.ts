/**
 * SQL of the rollups: what an order contributes now, what it contributed when last applied, and the upserts that move
 * the difference. The orders are the source of truth (the read model's only input besides its own rows); they come
 * as ordering's query (`OrderFactsQuery`, ordering owns its table), embedded in these statements.
 */
import { sql } from 'kysely'
import { TIME_ZONE } from '../../shared/dates'
import type { OrderFactsQuery } from '../ordering'
import type { ReportingTables, Trx } from './tables'

/** What an order contributes to the rollups: the columns of its reporting_order_facts row the figures count. */
export type OrderFact = Pick<
  ReportingTables['reporting_order_facts'],
  'store_id' | 'day' | 'payment_method' | 'status' | 'total_cents' | 'customer_email'
>

export type CustomerRow = Pick<ReportingTables['reporting_customers'], 'orders' | 'first_day' | 'last_day'>

/** The São Paulo calendar day of an order's instant (the rollups' day). */
const spDay = sql<string>`(o.created_at at time zone ${sql.lit(TIME_ZONE)})::date`

/**
 * Serialises the handlers of these keys (orders, buyers) for the rest of the transaction. Every caller passes its
 * keys sorted, and unnest yields them in array order, so two batches never wait on each other in a circle.
 */
export async function lockKeys(trx: Trx, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await sql`select pg_advisory_xact_lock(hashtextextended(k, 7243)) from unnest(${keys}::text[]) as k`.execute(trx)
}

const FACT_COLUMNS = ['store_id', 'day', 'payment_method', 'status', 'total_cents', 'customer_email'] as const

export interface FactPair {
  /** The order as it stands, reduced to what the rollups count (absent: the order is gone). */
  now?: OrderFact
  /** What it contributed when last applied (absent: never applied). */
  before?: OrderFact
}

/**
 * In one statement, for every order of `orders` (ordering's facts of these orders) and of `orderIds`: what it counts
 * for now and what it contributed when last applied. The caller holds the orders' locks (lockKeys), and a rebuild's
 * TRUNCATE makes this read wait for it.
 */
export async function factsOf(trx: Trx, orderIds: string[], orders: OrderFactsQuery): Promise<Map<string, FactPair>> {
  const { rows } = await sql<Record<string, string | number | null>>`
    select coalesce(o.order_id, f.order_id)::text as order_id,
      o.store_id as now_store_id, (${spDay})::text as now_day, o.payment_method as now_payment_method,
      o.status as now_status, o.net_cents as now_total_cents, o.customer_email as now_customer_email,
      f.store_id as before_store_id, f.day as before_day, f.payment_method as before_payment_method,
      f.status as before_status, f.total_cents as before_total_cents, f.customer_email as before_customer_email
    from ${orders.as('o')}
    full join (select order_id, store_id, day::text as day, payment_method, status, total_cents, customer_email
          from reporting_order_facts where order_id = any(${orderIds}::uuid[])) f on f.order_id = o.order_id`.execute(
    trx,
  )
  const pick = (row: Record<string, string | number | null>, prefix: 'now' | 'before') => {
    if (!row[`${prefix}_store_id`]) return undefined
    const fact = Object.fromEntries(FACT_COLUMNS.map((c) => [c, row[`${prefix}_${c}`]])) as unknown as OrderFact
    fact.total_cents = Number(fact.total_cents)
    return fact
  }
  return new Map(rows.map((r) => [String(r.order_id), { now: pick(r, 'now'), before: pick(r, 'before') }]))
}

export async function saveFacts(trx: Trx, facts: { orderId: string; fact: OrderFact; eventId: string }[]) {
  if (facts.length === 0) return
  const now = new Date()
  await trx
    .insertInto('reporting_order_facts')
    .values(facts.map((f) => ({ order_id: f.orderId, ...f.fact, last_event_id: f.eventId, updated_at: now })))
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        payment_method: eb.ref('excluded.payment_method'),
        total_cents: eb.ref('excluded.total_cents'),
        day: eb.ref('excluded.day'),
        last_event_id: eb.ref('excluded.last_event_id'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

/** A change of one reporting_daily row: its key and what to add to its figures. */
export type DailyDelta = ReportingTables['reporting_daily']

/** Adds every delta in one statement (their keys are distinct and sorted). */
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

export interface Buyer {
  store_id: string
  email: string
}

/**
 * In one statement, for every buyer: the row as recorded, and as the recorded facts now say (orders at the store,
 * cancelled aside). The caller holds the buyers' locks.
 */
export async function buyersOf(
  trx: Trx,
  buyers: Buyer[],
): Promise<(Buyer & { before?: CustomerRow; now?: CustomerRow })[]> {
  if (buyers.length === 0) return []
  const { rows } = await sql<{
    store_id: string
    email: string
    before_orders: number | null
    before_first: string | null
    before_last: string | null
    now_orders: number
    now_first: string | null
    now_last: string | null
  }>`
    select b.store_id::text as store_id, b.email, c.orders as before_orders, c.first_day::text as before_first,
      c.last_day::text as before_last, f.orders as now_orders, f.first_day as now_first, f.last_day as now_last
    from unnest(${buyers.map((b) => b.store_id)}::uuid[], ${buyers.map((b) => b.email)}::text[]) as b(store_id, email)
    cross join lateral (select count(*)::int as orders, min(day)::text as first_day, max(day)::text as last_day
          from reporting_order_facts
          where store_id = b.store_id and customer_email = b.email and status not in ('CANCELLED', 'REFUNDED')) f
    left join reporting_customers c on c.store_id = b.store_id and c.customer_email = b.email`.execute(trx)
  return rows.map((r) => ({
    store_id: r.store_id,
    email: r.email,
    before:
      r.before_orders !== null
        ? { orders: r.before_orders, first_day: r.before_first!, last_day: r.before_last! }
        : undefined,
    now: r.now_orders > 0 ? { orders: r.now_orders, first_day: r.now_first!, last_day: r.now_last! } : undefined,
  }))
}

/** Writes each buyer's row as it now stands, and deletes those left without an order that counts. */
export async function saveCustomers(trx: Trx, buyers: (Buyer & { now?: CustomerRow })[]) {
  const kept = buyers.filter((b) => b.now)
  const gone = buyers.filter((b) => !b.now)
  if (kept.length > 0)
    await trx
      .insertInto('reporting_customers')
      .values(kept.map((b) => ({ store_id: b.store_id, customer_email: b.email, ...b.now! })))
      .onConflict((oc) =>
        oc.columns(['store_id', 'customer_email']).doUpdateSet((eb) => ({
          orders: eb.ref('excluded.orders'),
          first_day: eb.ref('excluded.first_day'),
          last_day: eb.ref('excluded.last_day'),
        })),
      )
      .execute()
  if (gone.length > 0)
    await sql`delete from reporting_customers c
      using unnest(${gone.map((b) => b.store_id)}::uuid[], ${gone.map((b) => b.email)}::text[]) as g(store_id, email)
      where c.store_id = g.store_id and c.customer_email = g.email`.execute(trx)
}

/** A change of one reporting_customer_days row: its key and what to add to its counts. */
export type CustomerDayDelta = ReportingTables['reporting_customer_days']

/** Adds every delta in one statement (their keys are distinct and sorted). */
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
 * Recomputes the whole read model from `orders` (ordering's facts of every order), in the caller's transaction. The
 * exclusive locks make the event handlers wait; once they go on they apply their difference against the rebuilt
 * facts, so nothing is lost.
 */
export async function rebuildAll(trx: Trx, orders: OrderFactsQuery): Promise<{ orders: number }> {
  await sql`lock table reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days in exclusive mode`.execute(
    trx,
  )
  await sql`truncate reporting_order_facts, reporting_daily, reporting_customers, reporting_customer_days`.execute(trx)
  const facts = await sql`
    insert into reporting_order_facts (order_id, store_id, day, payment_method, status, total_cents, customer_email, last_event_id)
    select o.order_id, o.store_id, ${spDay}, o.payment_method, o.status, o.net_cents, o.customer_email, 'rebuild'
    from ${orders.as('o')}`.execute(trx)
  await sql`
    insert into reporting_daily (store_id, day, payment_method, status, orders, total_cents)
    select store_id, day, payment_method, status, count(*), sum(total_cents)
    from reporting_order_facts group by 1, 2, 3, 4`.execute(trx)
  await sql`
    insert into reporting_customers (store_id, customer_email, orders, first_day, last_day)
    select store_id, customer_email, count(*), min(day), max(day)
    from reporting_order_facts where status not in ('CANCELLED', 'REFUNDED') group by 1, 2`.execute(trx)
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
