/** The store's dunning rules (issue 36): card retries, when a past-due subscription is canceled, grace days. */
import type { Dunning } from './dto'
import type { Db } from './tables'

export const DEFAULT_DUNNING: Dunning = { retryDays: [1, 3, 7], cancelAfterDays: 15, graceDays: 0 }

export async function dunningOf(db: Db, storeId: string): Promise<Dunning> {
  const row = await db.selectFrom('subscription_dunning').selectAll().where('store_id', '=', storeId).executeTakeFirst()
  return row
    ? { retryDays: row.retry_days, cancelAfterDays: row.cancel_after_days, graceDays: row.grace_days }
    : DEFAULT_DUNNING
}

export async function saveDunning(db: Db, storeId: string, d: Dunning): Promise<Dunning> {
  const values = {
    retry_days: JSON.stringify(d.retryDays),
    cancel_after_days: d.cancelAfterDays,
    grace_days: d.graceDays,
    updated_at: new Date(),
  }
  await db
    .insertInto('subscription_dunning')
    .values({ store_id: storeId, ...values })
    .onConflict((oc) => oc.column('store_id').doUpdateSet(values))
    .execute()
  return d
}
