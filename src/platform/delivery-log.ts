/**
 * The merchant's log of a delivery channel (delivery-claim.ts): the rows of one store or endpoint, newest first, a
 * page at a time. Every delivery table has `id` and `created_at`; the owner column names whose log it is.
 */
import type { DbOrTrx } from './db'

export interface DeliveryLogQuery {
  table: string
  /** The column and value the log belongs to: `store_id` and a store, `endpoint_id` and an endpoint. */
  owner: readonly [column: string, id: string]
  /** How rows created in the same instant follow each other (by id), so that pages never overlap. */
  tieBreak?: 'asc' | 'desc'
}

/** `limit` rows of the log from `offset`, newest first. */
export async function deliveryLogRows<Row>(
  db: DbOrTrx,
  q: DeliveryLogQuery,
  limit: number,
  offset = 0,
): Promise<Row[]> {
  const [column, id] = q.owner
  const rows = await db
    .selectFrom(q.table)
    .selectAll()
    .where(column, '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', q.tieBreak ?? 'asc')
    .limit(limit)
    .offset(offset)
    .execute()
  // The channel's repository names its row type; the handle here knows no table.
  return rows as Row[]
}

/** Page `page` (from 1) of the log and how many rows it holds in all. */
export async function deliveryLogPage<Row>(
  db: DbOrTrx,
  q: DeliveryLogQuery,
  page: number,
  limit: number,
): Promise<{ rows: Row[]; total: number }> {
  const [column, id] = q.owner
  const [rows, count] = await Promise.all([
    deliveryLogRows<Row>(db, q, limit, (page - 1) * limit),
    db
      .selectFrom(q.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', id)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
