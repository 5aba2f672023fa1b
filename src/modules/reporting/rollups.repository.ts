/**
 * SQL of the rollups: what an order contributes now, what it contributed when last applied, and the upserts that move
 * the difference. Reads the orders table as the source of truth (the read model's only input besides its own rows).
 */
import { sql } from 'kysely'
import type { DbOrTrx, Trx } from '../../platform/db'
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

/** The order as it stands, reduced to what the rollups count. */
export async function currentFact(db: DbOrTrx, orderId: string): Promise<OrderFact | undefined> {
  return db
    .selectFrom('orders')
    .select(['store_id', spDay.as('day'), 'payment_method', 'status', 'total_cents', 'customer_email'])
    .where('id', '=', orderId)
    .executeTakeFirst()
}

/** What the order contributed when it was last applied (locked until the transaction ends). */
export async function recordedFact(trx: Trx, orderId: string): Promise<OrderFact | undefined> {
  return trx
    .selectFrom('reporting_order_facts')
    .select(['store_id', sql<string>`day::text`.as('day'), 'payment_method', 'status', 'total_cents', 'customer_email'])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
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

export async function touchFact(trx: Trx, orderId: string, eventId: string): Promise<void> {
  await trx
    .updateTable('reporting_order_facts')
    .set({ last_event_id: eventId, updated_at: new Date() })
    .where('order_id', '=', orderId)
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

export async function addDaily(trx: Trx, d: DailyDelta): Promise<void> {
  await trx
    .insertInto('reporting_daily')
    .values(d)
    .onConflict((oc) =>
      oc.columns(['store_id', 'day', 'payment_method', 'status']).doUpdateSet((eb) => ({
        orders: eb('reporting_daily.orders', '+', eb.ref('excluded.orders')),
        total_cents: eb('reporting_daily.total_cents', '+', eb.ref('excluded.total_cents')),
      })),
    )
    .execute()
}

/** A buyer's orders at the store (cancelled aside), from the recorded facts. */
export async function customerFromFacts(trx: Trx, storeId: string, email: string): Promise<CustomerRow | undefined> {
  const row = await trx
    .selectFrom('reporting_order_facts')
    .select([
      sql<number>`count(*)::int`.as('orders'),
      sql<string>`min(day)::text`.as('first_day'),
      sql<string>`max(day)::text`.as('last_day'),
    ])
    .where('store_id', '=', storeId)
    .where('customer_email', '=', email)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirstOrThrow()
  return row.orders > 0 ? row : undefined
}

export async function recordedCustomer(trx: Trx, storeId: string, email: string): Promise<CustomerRow | undefined> {
  return trx
    .selectFrom('reporting_customers')
    .select(['orders', sql<string>`first_day::text`.as('first_day'), sql<string>`last_day::text`.as('last_day')])
    .where('store_id', '=', storeId)
    .where('customer_email', '=', email)
    .forUpdate()
    .executeTakeFirst()
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

export async function addCustomerDay(trx: Trx, d: CustomerDayDelta): Promise<void> {
  await trx
    .insertInto('reporting_customer_days')
    .values(d)
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
