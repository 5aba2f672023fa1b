import { sql } from 'kysely'
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
