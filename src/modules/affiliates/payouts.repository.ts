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
  d: { status: 'APPROVED' | 'PAID' | 'REJECTED'; by: string; at: Date; reason?: string },
) {
  const stamp =
    d.status === 'APPROVED' ? { approved_at: d.at } : d.status === 'PAID' ? { paid_at: d.at } : { rejected_at: d.at }
  return trx
    .updateTable('affiliate_payouts')
    .set({ status: d.status, reviewed_by: d.by, ...stamp, rejection_reason: d.reason ?? null })
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
