import { type Insertable, type QueryCreator, type Selectable, sql, type Updateable } from 'kysely'
import { jsonObjectFrom } from 'kysely/helpers/postgres'
import type { Companion, ComposedColumns, ComposedDb, Database } from '../database'
import type { DbOrTrx, PaymentsTables, TransactionRowStatus } from './tables'

type Tables = PaymentsTables

export async function findConfig(db: DbOrTrx, storeId: string) {
  return db.selectFrom('payment_configs').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}
export type ConfigRow = NonNullable<Awaited<ReturnType<typeof findConfig>>>

/** A store's configuration row as a JSON column of another module's query: one round trip for both. */
export function configJsonColumn(eb: ComposedColumns, storeId: string) {
  return jsonObjectFrom(eb.selectFrom('payment_configs').selectAll().where('store_id', '=', storeId))
}

export async function upsertConfig(
  db: DbOrTrx,
  storeId: string,
  values: Omit<Updateable<Tables['payment_configs']>, 'store_id'>,
) {
  const now = new Date()
  return db
    .insertInto('payment_configs')
    .values({
      ...(values as Omit<Insertable<Tables['payment_configs']>, 'store_id'>),
      store_id: storeId,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function markConfigChecked(db: DbOrTrx, storeId: string, active: boolean, error: string | null) {
  await db
    .updateTable('payment_configs')
    .set({ active, last_checked_at: new Date(), last_check_error: error, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .execute()
}

export async function insertTransaction(db: DbOrTrx, values: Insertable<Tables['payment_transactions']>) {
  return db.insertInto('payment_transactions').values(values).returningAll().executeTakeFirstOrThrow()
}

/** A charge's insert as one part (a CTE) of the caller's own statement: the order records its charge at once. */
export function transactionInsertPart(
  values: Insertable<Tables['payment_transactions']>,
): Companion<'payment_transactions'> {
  return (qc) => qc.insertInto('payment_transactions').values(values)
}

export async function findTransaction(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_transactions').selectAll().where('id', '=', id).executeTakeFirst()
}
export type TransactionRow = NonNullable<Awaited<ReturnType<typeof findTransaction>>>

/** The order's newest charge that reached the gateway (a FAILED creation is not something to pay). */
export async function findLatestCharge(db: DbOrTrx, orderRef: string) {
  return db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('order_ref', '=', orderRef)
    .where('status', '!=', 'FAILED')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** findLatestCharge for several orders in one statement: each order's newest charge that did not fail. */
export async function findLatestCharges(db: DbOrTrx, orderRefs: readonly string[]) {
  if (orderRefs.length === 0) return []
  return (
    db
      .selectFrom('payment_transactions')
      .selectAll()
      .distinctOn('order_ref')
      // One array parameter: the same statement text (and prepared name) for every batch size.
      .where(sql<boolean>`order_ref = any(${orderRefs}::text[])`)
      .where('status', '!=', 'FAILED')
      .orderBy('order_ref')
      .orderBy('created_at', 'desc')
      .execute()
  )
}

/** Another charge of the same order paid (or paid, then refunded) before this paid one. */
export async function findEarlierPayment(
  db: DbOrTrx,
  row: { id: string; order_ref: string; paid_at: Date },
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('payment_transactions')
    .select('id')
    .where('order_ref', '=', row.order_ref)
    .where('id', '!=', row.id)
    .where('status', 'in', ['PAID', 'REFUNDED'])
    .where((eb) =>
      eb.or([eb('paid_at', '<', row.paid_at), eb.and([eb('paid_at', '=', row.paid_at), eb('id', '<', row.id)])]),
    )
    .executeTakeFirst()
}

/**
 * Of these charges, the PAID or REFUNDED ones paid after another charge of the same order (findEarlierPayment's
 * rule, for a batch in one read). Ids that are not uuids are answered as found: the caller then checks each alone.
 */
export async function paidAfterAnother(db: DbOrTrx, ids: string[]): Promise<Set<string>> {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
  const found = new Set(ids.filter((id) => !uuids.includes(id)))
  if (uuids.length === 0) return found
  const { rows } = await sql<{ id: string }>`
    select t.id from payment_transactions t
    where t.id = any(${uuids}::uuid[]) and t.paid_at is not null
      and exists (
        select 1 from payment_transactions e
        where e.order_ref = t.order_ref and e.id <> t.id and e.status in ('PAID', 'REFUNDED')
          and (e.paid_at < t.paid_at or (e.paid_at = t.paid_at and e.id < t.id)))`.execute(db)
  for (const r of rows) found.add(r.id)
  return found
}

export async function lockTransaction(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function findTransactionByGatewayId(db: DbOrTrx, gatewayId: string) {
  return db.selectFrom('payment_transactions').selectAll().where('gateway_id', '=', gatewayId).executeTakeFirst()
}

export async function updateTransaction(
  db: DbOrTrx,
  id: string,
  values: Updateable<Tables['payment_transactions']>,
  onlyIfStatus?: TransactionRowStatus,
) {
  let q = db
    .updateTable('payment_transactions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
  if (onlyIfStatus) q = q.where('status', '=', onlyIfStatus)
  return q.returningAll().executeTakeFirst()
}

export async function listTransactions(
  db: DbOrTrx,
  q: { storeId: string; status?: string; page: number; limit: number },
) {
  let base = db.selectFrom('payment_transactions').where('store_id', '=', q.storeId)
  if (q.status) base = base.where('status', '=', q.status as TransactionRowStatus)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export type StoredCharge = Selectable<Tables['payment_transactions']>
/** A query builder that already holds the `charge` CTE: the PENDING charge's update, returning its row. */
export type ChargeCte = QueryCreator<Database & { charge: StoredCharge }>
/** Runs the caller's write (built on the `charge` CTE) as one statement; its row, or undefined if it wrote nothing. */
export type StoreWith = <O>(
  write: (qc: ChargeCte) => { executeTakeFirst(): Promise<O | undefined> },
) => Promise<O | undefined>

/**
 * A CREATING charge's update to `patch` as the `charge` CTE of the caller's write (empty when the charge already
 * left CREATING: the caller's write then gates itself out on it). The statement is the caller's as much as ours, so
 * it runs on the open handle the caller's write can join.
 */
export function updateCreatingWith(
  db: ComposedDb,
  id: string,
  patch: Updateable<Tables['payment_transactions']>,
): StoreWith {
  return (write) =>
    write(
      db.with('charge', (qc) =>
        qc
          .updateTable('payment_transactions')
          .set({ ...patch, updated_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'CREATING')
          .returningAll(),
      ),
    ).executeTakeFirst()
}

/** The request holding a CREATING charge keeps it while its gateway call lasts. */
export async function renewCreateLease(db: DbOrTrx, id: string, leaseMs: number) {
  await db
    .updateTable('payment_transactions')
    .set({ create_lease_until: new Date(Date.now() + leaseMs) })
    .where('id', '=', id)
    .where('status', '=', 'CREATING')
    .execute()
}

/** The request gives a CREATING charge up without an outcome: the sweep may take it at once. */
export async function releaseCreateLease(db: DbOrTrx, id: string) {
  await db
    .updateTable('payment_transactions')
    .set({ create_lease_until: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'CREATING')
    .execute()
}

/**
 * Takes over a CREATING charge whose owner stopped renewing its lease (it died, or never had one: then the row's age
 * counts); one caller wins, under the row's own update lock.
 */
export async function takeCreateLease(db: DbOrTrx, id: string, leaseMs: number) {
  const now = new Date()
  return db
    .updateTable('payment_transactions')
    .set({ create_lease_until: new Date(now.getTime() + leaseMs) })
    .where('id', '=', id)
    .where('status', '=', 'CREATING')
    .where(sql<boolean>`coalesce(create_lease_until, created_at + ${`${leaseMs} milliseconds`}::interval) < ${now}`)
    .returningAll()
    .executeTakeFirst()
}

/** CREATING charges nobody holds any more (oldest first), for the sweeper. */
export async function listAbandonedCreating(db: DbOrTrx, olderThan: Date, limit: number) {
  return db
    .selectFrom('payment_transactions')
    .select('id')
    .where('status', '=', 'CREATING')
    .where('created_at', '<', olderThan)
    .where(sql<boolean>`coalesce(create_lease_until, created_at) < now()`)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** PENDING charges past their expiry whose expire job never ran (lost, or never planned while the queue was down). */
export async function listOverduePending(db: DbOrTrx, before: Date, limit: number) {
  return db
    .selectFrom('payment_transactions')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute()
}

/**
 * PENDING charges whose expiry falls in [from, until), in expiry order, a page after `after`: what the sweep hands to
 * delayed expire jobs (the partial index on expires_at where status = 'PENDING' serves it).
 */
export async function listPendingExpiring(
  db: DbOrTrx,
  from: Date,
  until: Date,
  after: { expiresAt: Date; id: string } | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('payment_transactions')
    .select(['id', 'expires_at'])
    .where('status', '=', 'PENDING')
    .where('expires_at', '>=', from)
    .where('expires_at', '<', until)
  if (after) query = query.where((eb) => eb(eb.refTuple('expires_at', 'id'), '>', eb.tuple(after.expiresAt, after.id)))
  return query.orderBy('expires_at').orderBy('id').limit(limit).execute()
}

/** Records a refund the gateway made of a charge; true if it was new (each is announced once). */
export async function insertRefund(
  db: DbOrTrx,
  values: { transaction_id: string; gateway_refund_id: string; amount_cents: number; external_ref: string | null },
): Promise<boolean> {
  const row = await db
    .insertInto('payment_refunds')
    .values(values)
    .onConflict((oc) => oc.columns(['transaction_id', 'gateway_refund_id']).doNothing())
    .returning('gateway_refund_id')
    .executeTakeFirst()
  return Boolean(row)
}

/** What the charge's recorded refunds add up to (payment_refunds), in cents. */
export async function refundedCents(db: DbOrTrx, transactionId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
