import { type Insertable, sql, type Updateable } from 'kysely'
import type { DbOrTrx, PaymentsTables, TransactionRowStatus } from './tables'

type Tables = PaymentsTables

export async function findConfig(db: DbOrTrx, storeId: string) {
  return db.selectFrom('payment_configs').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}
export type ConfigRow = NonNullable<Awaited<ReturnType<typeof findConfig>>>

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

export async function findTransaction(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_transactions').selectAll().where('id', '=', id).executeTakeFirst()
}
export type TransactionRow = NonNullable<Awaited<ReturnType<typeof findTransaction>>>

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

/** The request holding a CREATING charge keeps it while its gateway call lasts. */
export async function renewCreateLease(db: DbOrTrx, id: string, leaseMs: number) {
  await db
    .updateTable('payment_transactions')
    .set({ create_lease_until: new Date(Date.now() + leaseMs) })
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
