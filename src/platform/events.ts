import type { z } from 'zod'
import type { Trx } from './db'

/** An event a module publishes: its name and the schema of its payload (declared in the module's events.ts). */
export interface EventDef<S extends z.ZodType = z.ZodType> {
  name: string
  schema: S
}

export function defineEvent<S extends z.ZodType>(name: string, schema: S): EventDef<S> {
  return { name, schema }
}

/** Writes the event into the outbox inside the caller's transaction: it exists if and only if the change commits. */
export async function publish<S extends z.ZodType>(trx: Trx, def: EventDef<S>, payload: z.input<S>): Promise<string> {
  const data = def.schema.parse(payload)
  const row = await trx
    .insertInto('outbox')
    .values({ event: def.name, payload: JSON.stringify(data) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
