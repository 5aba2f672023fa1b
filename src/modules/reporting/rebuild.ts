import { orderingReads } from '../ordering'
import { rebuildAll } from './rollups.repository'
import type { Db } from './tables'

/** Recomputes every rollup from the orders (ordering's facts) in one transaction (handlers wait, then apply on top). */
export async function rebuildRollups(db: Db): Promise<{ orders: number }> {
  return db.transaction().execute((trx) => rebuildAll(trx, orderingReads.orderFacts(trx)))
}
