import type { DbOrTrx } from './db'

/**
 * A module's settings of one owner (a store's UTMify key, pixel, e-mail choices): one row under a unique key column,
 * inserted by the first save and updated by the next, `updated_at` stamped each time. Answers the row as saved.
 */
export async function upsertSettingsRow<Row>(
  db: DbOrTrx,
  table: string,
  key: readonly [column: string, value: string],
  values: Record<string, unknown>,
): Promise<Row> {
  const [column, owner] = key
  const now = new Date()
  const row = await db
    .insertInto(table)
    .values({ [column]: owner, ...values, updated_at: now })
    .onConflict((oc) => oc.column(column).doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow()
  // The module's repository names its row type; the handle here knows no table.
  return row as Row
}
