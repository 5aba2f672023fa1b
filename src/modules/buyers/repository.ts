import { sql } from 'kysely'
import type { DbOrTrx } from './tables'

export async function insertLoginLink(db: DbOrTrx, row: { email: string; tokenHash: string; expiresAt: Date }) {
  const inserted = await db
    .insertInto('buyer_login_links')
    .values({ email: row.email, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** Uses the link once, atomically: a second use (or a race of two) finds nothing. */
export async function consumeLoginLink(db: DbOrTrx, tokenHash: string, now: Date) {
  return db
    .updateTable('buyer_login_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['email'])
    .executeTakeFirst()
}

export async function insertSession(db: DbOrTrx, row: { email: string; tokenHash: string; expiresAt: Date }) {
  await db
    .insertInto('buyer_sessions')
    .values({ email: row.email, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .execute()
}

export async function findLiveSession(db: DbOrTrx, tokenHash: string, now: Date) {
  return db
    .selectFrom('buyer_sessions')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .select(['id', 'email'])
    .executeTakeFirst()
}

export async function revokeSession(db: DbOrTrx, tokenHash: string, now: Date) {
  await db.updateTable('buyer_sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute()
}

export async function countDownload(db: DbOrTrx, orderId: string, fileId: string, now: Date) {
  await db
    .insertInto('buyer_downloads')
    .values({ order_id: orderId, file_id: fileId, downloads: 1, last_download_at: now })
    .onConflict((oc) =>
      oc.columns(['order_id', 'file_id']).doUpdateSet({
        downloads: sql`buyer_downloads.downloads + 1`,
        last_download_at: now,
      }),
    )
    .execute()
}

export async function downloadsOf(db: DbOrTrx, orderIds: string[]) {
  if (orderIds.length === 0) return []
  return db
    .selectFrom('buyer_downloads')
    .where('order_id', 'in', orderIds)
    .select(['order_id', 'file_id', 'downloads', 'last_download_at'])
    .execute()
}
