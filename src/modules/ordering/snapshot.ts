/**
 * One order as the integrations that report it outside (UTMify, Meta Conversions API) need it. They subscribe to the
 * ordering events and read the order through this function, never through ordering's tables.
 */

import { isUuid } from '../../shared/ids'
import { type OrderSnapshot, toOrderSnapshot } from './dto'
import * as repo from './repository'
import type { DbOrTrx } from './tables'

export type { OrderSnapshot, OrderSnapshotItem } from './dto'

export async function orderSnapshot(db: DbOrTrx, orderId: string): Promise<OrderSnapshot | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  const items = await repo.findItems(db, [row.id])
  return toOrderSnapshot(row, items)
}
