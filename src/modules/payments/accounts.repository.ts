/** Gateway accounts (payment_accounts) and what hangs from them: applied webhook events. */
import { type Insertable, sql, type Updateable } from 'kysely'
import type { AccountMethod, DbOrTrx, PaymentsTables, Trx } from './tables'

type Accounts = PaymentsTables['payment_accounts']

export async function listAccounts(db: DbOrTrx, storeId: string) {
  return db.selectFrom('payment_accounts').selectAll().where('store_id', '=', storeId).orderBy('priority').execute()
}
export type AccountRow = Awaited<ReturnType<typeof listAccounts>>[number]

export async function findAccount(db: DbOrTrx, storeId: string, id: string) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findAccountById(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_accounts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The active accounts that take `method`, in the merchant's order. */
export async function routeAccounts(db: DbOrTrx, storeId: string, method: AccountMethod) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('active', '=', true)
    .where(sql<boolean>`${method} = any(methods)`)
    .orderBy('priority')
    .execute()
}

export async function nextPriority(db: DbOrTrx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_accounts')
    .select((eb) => eb.fn.max('priority').as('p'))
    .where('store_id', '=', storeId)
    .executeTakeFirst()
  return Number(row?.p ?? 0) + 1
}

export async function priorityTaken(db: DbOrTrx, storeId: string, priority: number, exceptId?: string) {
  let q = db
    .selectFrom('payment_accounts')
    .select('id')
    .where('store_id', '=', storeId)
    .where('priority', '=', priority)
  if (exceptId) q = q.where('id', '!=', exceptId)
  return Boolean(await q.executeTakeFirst())
}

export async function insertAccount(db: DbOrTrx, values: Insertable<Accounts>) {
  return db.insertInto('payment_accounts').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateAccount(db: DbOrTrx, storeId: string, id: string, values: Updateable<Accounts>) {
  return db
    .updateTable('payment_accounts')
    .set({ ...values, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Two accounts trade places; (store, priority) is checked at commit, so the swap needs no free slot. */
export async function swapPriorities(
  trx: Trx,
  storeId: string,
  a: { id: string; priority: number },
  b: { id: string; priority: number },
) {
  await sql`set constraints payment_accounts_store_id_priority_key deferred`.execute(trx)
  await updateAccount(trx, storeId, a.id, { priority: b.priority })
  await updateAccount(trx, storeId, b.id, { priority: a.priority })
}

export async function deleteAccount(db: DbOrTrx, storeId: string, id: string) {
  const res = await db
    .deleteFrom('payment_accounts')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

export async function markAccountChecked(db: DbOrTrx, id: string, error: string | null) {
  await db
    .updateTable('payment_accounts')
    .set({ last_checked_at: new Date(), last_check_error: error })
    .where('id', '=', id)
    .execute()
}

/** Keeps what the buyer's methods read of the accounts: whether one is active, whether the card would be kept. */
export async function refreshRouted(db: DbOrTrx, storeId: string, cardOnFile: boolean, holderAddress = false) {
  const routed = sql<boolean>`exists (select 1 from payment_accounts where store_id = ${storeId} and active)`
  const values = { routed, card_on_file: cardOnFile, card_holder_address: holderAddress, updated_at: new Date() }
  await db
    .insertInto('payment_configs')
    .values({ store_id: storeId, ...values })
    .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
    .execute()
}

/** Records a gateway event once; false when it was seen before (a replay). */
export async function claimGatewayEvent(db: DbOrTrx, accountId: string, eventId: string): Promise<boolean> {
  const row = await db
    .insertInto('payment_gateway_events')
    .values({ account_id: accountId, event_id: eventId })
    .onConflict((oc) => oc.columns(['account_id', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function setChargeAccount(db: DbOrTrx, transactionId: string, accountId: string) {
  await db
    .updateTable('payment_transactions')
    .set({ account_id: accountId })
    .where('id', '=', transactionId)
    .where('status', '=', 'CREATING')
    .execute()
}
