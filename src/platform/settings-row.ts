import { sql } from 'kysely'
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

/** The settings row of one owner, or undefined when it never saved. */
export async function findSettingsRow<Row>(
  db: DbOrTrx,
  table: string,
  key: readonly [column: string, value: string],
): Promise<Row | undefined> {
  const [column, owner] = key
  const row = await db.selectFrom(table).selectAll().where(column, '=', owner).executeTakeFirst()
  return row as Row | undefined
}

/**
 * Of these owners (uuids in `column`), those whose settings are switched on (`active`) with every column of `present`
 * set: the others have nothing to send.
 */
export async function ownersSwitchedOn(
  db: DbOrTrx,
  table: string,
  column: string,
  owners: string[],
  present: readonly string[] = [],
): Promise<Set<string>> {
  let query = db
    .selectFrom(table)
    .select(column)
    .where(column, '=', sql<string>`any(${[...new Set(owners)]}::uuid[])`)
    .where('active', '=', true)
  for (const required of present) query = query.where(required, 'is not', null)
  const rows: Record<string, string>[] = await query.execute()
  return new Set(rows.map((r) => r[column]))
}
