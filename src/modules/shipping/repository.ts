import type { Insertable, Selectable } from 'kysely'
import type { DbOrTrx, ShippingTables } from './tables'

export type SettingsRow = Selectable<ShippingTables['melhor_envio_settings']>
export type QuoteRow = Selectable<ShippingTables['shipping_quotes']>

export async function findSettings(db: DbOrTrx, storeId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('melhor_envio_settings').where('store_id', '=', storeId).selectAll().executeTakeFirst()
}

export async function upsertSettings(
  db: DbOrTrx,
  row: Insertable<ShippingTables['melhor_envio_settings']>,
): Promise<SettingsRow> {
  const { store_id: _id, ...update } = row
  return db
    .insertInto('melhor_envio_settings')
    .values(row)
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...update, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface QuoteKey {
  storeId: string
  originCep: string
  destinationCep: string
  packageKey: string
}

/** The package's quotes taken since `since`, one per service. */
export async function findQuotes(db: DbOrTrx, key: QuoteKey, since: Date, serviceIds?: number[]): Promise<QuoteRow[]> {
  let q = db
    .selectFrom('shipping_quotes')
    .where('store_id', '=', key.storeId)
    .where('origin_cep', '=', key.originCep)
    .where('destination_cep', '=', key.destinationCep)
    .where('package_key', '=', key.packageKey)
    .where('quoted_at', '>=', since)
  if (serviceIds) q = q.where('service_id', 'in', serviceIds.length > 0 ? serviceIds : [-1])
  return q.selectAll().orderBy('price_cents').execute()
}

export async function saveQuotes(
  db: DbOrTrx,
  key: QuoteKey,
  quotes: { serviceId: number; name: string; priceCents: number; days: number }[],
  at: Date,
): Promise<void> {
  if (quotes.length === 0) return
  await db
    .insertInto('shipping_quotes')
    .values(
      quotes.map((q) => ({
        store_id: key.storeId,
        origin_cep: key.originCep,
        destination_cep: key.destinationCep,
        package_key: key.packageKey,
        service_id: q.serviceId,
        name: q.name,
        price_cents: q.priceCents,
        days: q.days,
        quoted_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['store_id', 'origin_cep', 'destination_cep', 'package_key', 'service_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        price_cents: eb.ref('excluded.price_cents'),
        days: eb.ref('excluded.days'),
        quoted_at: eb.ref('excluded.quoted_at'),
      })),
    )
    .execute()
}

/** Quotes no order can be charged any more (older than the honoured window). */
export async function purgeQuotes(db: DbOrTrx, before: Date): Promise<number> {
  const res = await db.deleteFrom('shipping_quotes').where('quoted_at', '<', before).executeTakeFirst()
  return Number(res.numDeletedRows)
}
