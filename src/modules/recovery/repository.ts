/** SQL of the recovery module: checkout sessions, their reminders, opt-outs and recovered figures. */

import type { Insertable } from 'kysely'
import { sql } from 'kysely'
import type { RecoveryKind } from '../../shared/recovery'
import type { DbOrTrx, MessageStep, RecoveryTables, Trx } from './tables'

export type SessionRow = Awaited<ReturnType<typeof findSession>> & object
type NewSession = Insertable<RecoveryTables['checkout_sessions']>

export async function findSession(db: DbOrTrx, id: string) {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function lockSession(trx: Trx, id: string) {
  return trx.selectFrom('checkout_sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function insertSession(trx: Trx, row: NewSession) {
  return trx
    .insertInto('checkout_sessions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst()
}

export async function updateSession(
  db: DbOrTrx,
  id: string,
  patch: Partial<Insertable<RecoveryTables['checkout_sessions']>>,
) {
  return db
    .updateTable('checkout_sessions')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Marks the session abandoned once; true for the one call that marked it. */
export async function markAbandoned(trx: Trx, id: string, at: Date): Promise<boolean> {
  const marked = await trx
    .updateTable('checkout_sessions')
    .set({ abandoned_at: at })
    .where('id', '=', id)
    .where('abandoned_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return marked !== undefined
}

/** The store's open session now waits on its order. */
export async function attachOrder(db: DbOrTrx, sessionId: string, storeId: string, orderId: string) {
  await db
    .updateTable('checkout_sessions')
    .set({ order_id: orderId, updated_at: new Date() })
    .where('id', '=', sessionId)
    .where('store_id', '=', storeId)
    .where('status', '=', 'OPEN')
    .execute()
}

export async function findSettings(db: DbOrTrx, storeId: string) {
  return db.selectFrom('recovery_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}

export async function saveSettings(
  db: DbOrTrx,
  storeId: string,
  s: { enabled: boolean; first_delay_minutes: number; second_delay_minutes: number },
) {
  return db
    .insertInto('recovery_settings')
    .values({ store_id: storeId, ...s })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...s, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Claims the (session, step) message before its send: the first caller inserts the row; a claim whose worker died
 * (older than `staleBefore`, not sent) may be taken over. Returns true for the one caller that may send now.
 */
export async function claimMessage(
  trx: DbOrTrx,
  m: { session_id: string; step: MessageStep; store_id: string },
  staleBefore: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('recovery_messages')
    .values({ ...m, status: 'CLAIMED', attempts: 1 })
    .onConflict((oc) => oc.columns(['session_id', 'step']).doNothing())
    .returning('session_id')
    .executeTakeFirst()
  if (inserted) return true
  const taken = await trx
    .updateTable('recovery_messages')
    .set((eb) => ({ status: 'CLAIMED', claimed_at: new Date(), attempts: eb('attempts', '+', 1) }))
    .where('session_id', '=', m.session_id)
    .where('step', '=', m.step)
    .where((eb) =>
      eb.or([eb('status', '=', 'FAILED'), eb.and([eb('status', '=', 'CLAIMED'), eb('claimed_at', '<', staleBefore)])]),
    )
    .returning('session_id')
    .executeTakeFirst()
  return Boolean(taken)
}

export async function finishMessage(
  db: DbOrTrx,
  sessionId: string,
  step: MessageStep,
  patch: { status: 'SENT' | 'SKIPPED' | 'FAILED'; reason?: string | null; last_error?: string | null },
) {
  await db
    .updateTable('recovery_messages')
    .set({ ...patch, ...(patch.status === 'SENT' ? { sent_at: new Date() } : {}) })
    .where('session_id', '=', sessionId)
    .where('step', '=', step)
    .execute()
}

/** A step decided without a send (no consent, paid, opted out): recorded so the screen says why. */
export async function skipMessage(
  db: DbOrTrx,
  m: { session_id: string; step: MessageStep; store_id: string },
  reason: string,
) {
  await db
    .insertInto('recovery_messages')
    .values({ ...m, status: 'SKIPPED', reason })
    .onConflict((oc) => oc.columns(['session_id', 'step']).doNothing())
    .execute()
}

export async function messagesOf(db: DbOrTrx, sessionIds: string[]) {
  if (sessionIds.length === 0) return []
  return db
    .selectFrom('recovery_messages')
    .selectAll()
    .where('session_id', 'in', sessionIds)
    .orderBy('claimed_at')
    .execute()
}

export async function isOptedOut(db: DbOrTrx, storeId: string, email: string) {
  const row = await db
    .selectFrom('recovery_opt_outs')
    .select('email')
    .where('store_id', '=', storeId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
  return Boolean(row)
}

export async function optOut(db: DbOrTrx, storeId: string, email: string) {
  await db
    .insertInto('recovery_opt_outs')
    .values({ store_id: storeId, email: email.toLowerCase() })
    .onConflict((oc) => oc.columns(['store_id', 'email']).doNothing())
    .execute()
}

/**
 * The sessions of the 'Recuperação' screen: a contact not paid, one paid through a recovery link, or one that had
 * become recoverable (abandoned, refused, expired) and was paid anyway — shown as converted, not as abandoned.
 */
export async function listSessions(db: DbOrTrx, storeId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'OPEN'),
        eb('recovered_at', 'is not', null),
        eb.or([eb('abandoned_at', 'is not', null), eb('kind', '!=', 'ABANDONED')]),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/**
 * Of these open sessions, the ones whose buyer paid the same product later in another visit (a new tab, another
 * device): same store, product and e-mail, a session converted after this one began.
 */
export async function paidLaterElsewhere(db: DbOrTrx, storeId: string, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('checkout_sessions as s')
    .select('s.id')
    .where('s.store_id', '=', storeId)
    .where('s.id', 'in', sessionIds)
    .where('s.status', '=', 'OPEN')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('checkout_sessions as t')
          .select('t.id')
          .whereRef('t.store_id', '=', 's.store_id')
          .whereRef('t.product_id', '=', 's.product_id')
          .whereRef('t.customer_email', '=', 's.customer_email')
          .where('t.status', '=', 'CONVERTED')
          .whereRef('t.converted_at', '>=', 's.created_at')
          .whereRef('t.id', '!=', 's.id'),
      ),
    )
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** Recoverable sessions per kind: not paid and past their first delay, or paid through a recovery link. */
export async function sessionsPerKind(db: DbOrTrx, storeId: string) {
  return db
    .selectFrom('checkout_sessions')
    .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'OPEN'), eb.or([eb('abandoned_at', 'is not', null), eb('kind', '!=', 'ABANDONED')])]),
        eb('recovered_at', 'is not', null),
      ]),
    )
    .groupBy('kind')
    .execute()
}

export async function recoveredPerKind(db: DbOrTrx, storeId: string) {
  return db
    .selectFrom('recovery_daily')
    .select([
      'kind',
      (eb) => eb.fn.sum<string>('orders').as('orders'),
      (eb) => eb.fn.sum<string>('revenue_cents').as('revenue_cents'),
    ])
    .where('store_id', '=', storeId)
    .groupBy('kind')
    .execute()
}

/** One recovered order into the per-day figures (São Paulo day), in the transaction that marks it recovered. */
export async function addRecovered(trx: Trx, storeId: string, kind: RecoveryKind, cents: number, at: Date) {
  await trx
    .insertInto('recovery_daily')
    .values({
      store_id: storeId,
      day: sql<string>`(${at}::timestamptz at time zone 'America/Sao_Paulo')::date`,
      kind,
      orders: 1,
      revenue_cents: cents,
    })
    .onConflict((oc) =>
      oc.columns(['store_id', 'day', 'kind']).doUpdateSet((eb) => ({
        orders: eb('recovery_daily.orders', '+', 1),
        revenue_cents: eb('recovery_daily.revenue_cents', '+', cents),
      })),
    )
    .execute()
}

/** Data retention: sessions never converted, older than the cutoff, go with their contact (batches). */
export async function deleteStaleSessions(db: DbOrTrx, before: Date, batch = 5000) {
  const res = await db
    .deleteFrom('checkout_sessions')
    .where(
      'id',
      'in',
      db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('status', '=', 'OPEN')
        .where('created_at', '<', before)
        .limit(batch),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}
