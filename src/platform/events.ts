import {
  type Expression,
  type InsertQueryBuilder,
  type InsertResult,
  type QueryCreator,
  type RawBuilder,
  sql,
} from 'kysely'
import type { z } from 'zod'
import type { Trx } from './db'
import type { PlatformTables } from './tables'

/** An event a module publishes: its name and the schema of its payload (declared in the module's events.ts). */
export interface EventDef<S extends z.ZodType = z.ZodType> {
  name: string
  schema: S
}

export function defineEvent<S extends z.ZodType>(name: string, schema: S): EventDef<S> {
  return { name, schema }
}

/**
 * A write of a module's table that a caller runs as one part (a CTE) of a single statement of its own, typed against
 * the tables of that statement (`DB`: the composed `Database` of modules/database.ts for a cross-module statement).
 */
export type CompanionInsert<DB, T extends keyof DB & string> = (
  qc: QueryCreator<DB>,
) => InsertQueryBuilder<DB, T, InsertResult>

/** Writes the event into the outbox inside the caller's transaction: it exists if and only if the change commits. */
export async function publish<S extends z.ZodType>(trx: Trx, def: EventDef<S>, payload: z.input<S>): Promise<string> {
  const row = await publishing(def, payload)(trx).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/**
 * The same event write as `publish`, for a caller that folds it into one statement with the change it announces
 * (a single statement commits or fails as a whole, like a transaction, in one round trip). `filled` are payload
 * fields only that statement knows (an order's number, taken from its store's counter): SQL expressions that replace
 * the values `payload` carries for them (validated like the rest; give a placeholder of the right shape).
 */
export function publishing<S extends z.ZodType, DB extends PlatformTables = PlatformTables>(
  def: EventDef<S>,
  payload: z.input<S>,
  filled: Record<string, Expression<unknown>> = {},
): CompanionInsert<DB, 'outbox'> {
  const json = JSON.stringify(def.schema.parse(payload))
  const pairs = Object.entries(filled).map(([field, value]) => sql`${field}::text, ${value}`)
  const value = pairs.length ? sql<string>`${json}::jsonb || jsonb_build_object(${sql.join(pairs)})` : json
  // The caller's tables include the platform's (DB extends PlatformTables), but Kysely's builders are invariant in
  // their tables: the outbox insert is written against the platform's own and handed back as the caller's.
  return (qc) =>
    (qc as unknown as QueryCreator<PlatformTables>)
      .insertInto('outbox')
      .values({ event: def.name, payload: value }) as unknown as InsertQueryBuilder<DB, 'outbox', InsertResult>
}

/**
 * `publishing` for a raw statement whose change may not happen: the event is written once per row of `from` (a CTE
 * of the same statement that returns the changed row — no row, no event), `filled` reading that row's columns.
 * Put it in the statement as a CTE body: `with s as (update … returning …), e as (${publishingFrom(…)}) …`.
 */
export function publishingFrom<S extends z.ZodType>(
  def: EventDef<S>,
  payload: z.input<S>,
  from: string,
  filled: Record<string, Expression<unknown>> = {},
): RawBuilder<unknown> {
  const json = JSON.stringify(def.schema.parse(payload))
  const pairs = Object.entries(filled).map(([field, value]) => sql`${field}::text, ${value}`)
  const value = pairs.length ? sql`${json}::jsonb || jsonb_build_object(${sql.join(pairs)})` : sql`${json}::jsonb`
  return sql`insert into outbox (event, payload) select ${def.name}::text, ${value} from ${sql.table(from)}`
}
