import type { DbOrTrx } from './tables'

/** False when the store never saved its settings: the fallback is opt-in. */
export async function findFallbackEnabled(db: DbOrTrx, storeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('shipping_settings')
    .select('fallback_enabled')
    .where('store_id', '=', storeId)
    .executeTakeFirst()
  return row?.fallback_enabled ?? false
}

export async function upsertFallbackEnabled(db: DbOrTrx, storeId: string, enabled: boolean): Promise<boolean> {
  const row = await db
    .insertInto('shipping_settings')
    .values({ store_id: storeId, fallback_enabled: enabled, updated_at: new Date() })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ fallback_enabled: enabled, updated_at: new Date() }))
    .returning('fallback_enabled')
    .executeTakeFirstOrThrow()
  return row.fallback_enabled
}
