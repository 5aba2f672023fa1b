import { sql } from 'kysely'
import type { DbOrTrx } from './tables'

export async function insertCoproducer(
  db: DbOrTrx,
  c: { storeId: string; productId: string; email: string; shareBps: number; endsAt: Date | null },
) {
  return db
    .insertInto('coproducers')
    .values({ store_id: c.storeId, product_id: c.productId, email: c.email, share_bps: c.shareBps, ends_at: c.endsAt })
    .onConflict((oc) => oc.columns(['product_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst()
}
export type CoproducerRow = NonNullable<Awaited<ReturnType<typeof insertCoproducer>>>

export async function productCoproducers(db: DbOrTrx, storeId: string, productId: string) {
  return db
    .selectFrom('coproducers')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .selectAll()
    .execute()
}

/** The shares that count for a sale at `at`: accepted, not ended. */
export async function activeCoproducers(db: DbOrTrx, productId: string, at: Date) {
  return db
    .selectFrom('coproducers')
    .where('product_id', '=', productId)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('id')
    .selectAll()
    .execute()
}

export async function deleteCoproducer(db: DbOrTrx, storeId: string, id: string) {
  return db
    .deleteFrom('coproducers')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
}

export async function invitationsFor(db: DbOrTrx, email: string) {
  return db
    .selectFrom('coproducers')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(100)
    .selectAll()
    .execute()
}

/** The invitation addressed to this e-mail becomes ACTIVE for this account; undefined when it is not theirs. */
export async function acceptInvitation(db: DbOrTrx, id: string, email: string, userId: string) {
  return db
    .updateTable('coproducers')
    .set({ status: 'ACTIVE', user_id: userId })
    .where('id', '=', id)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .returningAll()
    .executeTakeFirst()
}

/** Which of these products have an accepted co-producer (their sales are split even without an affiliate). */
export async function coproducedProducts(db: DbOrTrx, productIds: string[]): Promise<Set<string>> {
  if (!productIds.length) return new Set()
  const rows = await db
    .selectFrom('coproducers')
    .where('status', '=', 'ACTIVE')
    .where('product_id', 'in', productIds)
    .select('product_id')
    .distinct()
    .execute()
  return new Set(rows.map((r) => r.product_id))
}
