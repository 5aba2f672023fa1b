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
  // One statement for the order and its lines: the order e-mails read this beside the order page.
  const found = await repo.findOrderWithItems(db, orderId)
  return found && toOrderSnapshot(found.row, found.items)
}
