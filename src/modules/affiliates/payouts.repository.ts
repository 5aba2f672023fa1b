import { sql } from 'kysely'
import type { PayoutStatus } from '../../shared/affiliates'
import type { Page } from './repository'
import type { DbOrTrx, Trx } from './tables'

/** One payout decision per account at a time: concurrent requests wait and then see the balance the first left. */
export async function lockAccount(trx: Trx, account: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`payout:${account}`}))`.execute(trx)
}

export async function insertPayout(trx: Trx, p: { userId: string; amountCents: number; pixKey: string }) {
  return trx
    .insertInto('affiliate_payouts')
    .values({ user_id: p.userId, amount_cents: p.amountCents, pix_key: p.pixKey })
    .returningAll()
    .executeTakeFirstOrThrow()
}
export type PayoutRow = Awaited<ReturnType<typeof insertPayout>>

export async function userPayouts(db: DbOrTrx, userId: string, page: Page) {
  return db
    .selectFrom('affiliate_payouts')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll()
    .execute()
}

/** Every request, newest first, optionally of one status (the admin's list). */
export async function listPayouts(db: DbOrTrx, filter: { status?: PayoutStatus }, page: Page) {
  let q = db.selectFrom('affiliate_payouts').selectAll()
  if (filter.status) q = q.where('status', '=', filter.status)
  return q.orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute()
}

/** The request, locked: two admins deciding at once see one after the other, the second the first's decision. */
export async function lockPayout(trx: Trx, id: string) {
  return trx.selectFrom('affiliate_payouts').where('id', '=', id).forUpdate().selectAll().executeTakeFirst()
}

export async function decidePayout(
  trx: Trx,
  id: string,
  d: { status: 'APPROVED' | 'PROCESSING' | 'PAID' | 'REJECTED'; by: string; at: Date; reason?: string },
) {
  const stamp =
    d.status === 'APPROVED' || d.status === 'PROCESSING'
      ? { approved_at: d.at }
      : d.status === 'PAID'
        ? { paid_at: d.at }
        : { rejected_at: d.at }
  // Sent through Asaas: the transfer is being created (CREATING) until the worker hears back.
  const transfer = d.status === 'PROCESSING' ? { transfer_status: 'CREATING' } : {}
  return trx
    .updateTable('affiliate_payouts')
    .set({ status: d.status, reviewed_by: d.by, ...stamp, ...transfer, rejection_reason: d.reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** What the request took from each store's available balance (its PAYOUT transactions), to give it back. */
export async function payoutParts(db: DbOrTrx, payoutId: string, account: string) {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .where('t.key', 'like', `payout:${payoutId}:%`)
    .where('e.account', '=', account)
    .where('e.bucket', '=', 'PAID')
    .groupBy('e.store_id')
    .select(['e.store_id', sql<string>`sum(e.amount_cents)`.as('cents')])
    .execute()
  return rows.map((r) => ({ storeId: r.store_id, cents: Number(r.cents) }))
}

export async function findPayout(db: DbOrTrx, id: string) {
  return db.selectFrom('affiliate_payouts').where('id', '=', id).selectAll().executeTakeFirst()
}

export async function findPayoutByTransfer(db: DbOrTrx, transferId: string) {
  return db.selectFrom('affiliate_payouts').where('transfer_id', '=', transferId).selectAll().executeTakeFirst()
}

/**
 * Takes the right to POST the payout's transfer: only while no transfer is known and nobody else took it since
 * `seen` (the attempt stamp read before). The stamp stays until the answer says nothing was created.
 */
export async function claimTransferAttempt(db: DbOrTrx, id: string, seen: Date | null, at: Date): Promise<boolean> {
  let q = db
    .updateTable('affiliate_payouts')
    .set({ transfer_attempted_at: at })
    .where('id', '=', id)
    .where('status', '=', 'PROCESSING')
    .where('transfer_id', 'is', null)
  q = seen ? q.where('transfer_attempted_at', '=', seen) : q.where('transfer_attempted_at', 'is', null)
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1
}

/** The attempt surely created nothing (a 5xx, no connection): the next try may send again without a look-up. */
export async function releaseTransferAttempt(db: DbOrTrx, id: string, at: Date) {
  await db
    .updateTable('affiliate_payouts')
    .set({ transfer_attempted_at: null })
    .where('id', '=', id)
    .where('transfer_attempted_at', '=', at)
    .where('transfer_id', 'is', null)
    .execute()
}

/** What Asaas said of the payout's transfer: its id (once) and status. */
export async function recordTransfer(trx: Trx, id: string, t: { id: string; status: string }) {
  return trx
    .updateTable('affiliate_payouts')
    .set({ transfer_id: t.id, transfer_status: t.status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function finishTransfer(
  trx: Trx,
  id: string,
  end: { status: 'PAID'; at: Date } | { status: 'FAILED'; at: Date; reason: string },
) {
  const set =
    end.status === 'PAID'
      ? { status: end.status, paid_at: end.at }
      : { status: end.status, failed_at: end.at, failure_reason: end.reason }
  return trx.updateTable('affiliate_payouts').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/** Payouts whose transfer has not ended, oldest first: the periodic read asks Asaas about them. */
export async function processingPayouts(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('affiliate_payouts')
    .where('status', '=', 'PROCESSING')
    .orderBy('created_at')
    .limit(limit)
    .select('id')
    .execute()
}
