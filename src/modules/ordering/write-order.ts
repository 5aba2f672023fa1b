/**
 * Placing an order, step 3: the rows written at once. Key, order, items, charge and event are one statement; stock,
 * bump records and a coupon's use need a transaction around it.
 */

import type { Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { publishing } from '../../platform/events'
import { BUMP_MESSAGES } from '../../shared/marketing'
import { MSG } from '../../shared/ordering'
import { catalogService } from '../catalog'
import type { Companion } from '../database'
import { marketingService } from '../marketing'
import type { OrderRows } from './build-order-rows'
import { orderPlaced } from './events'
import * as repo from './repository'
import { type IdempotencyClaim, KeyTaken, type PlacedOrder } from './repository'

/**
 * The charge is written with its order: the order records it before any gateway call, so a crash cannot leave an
 * order without a charge the sweeper can find, nor a charge the order does not own.
 */
export async function writeOrder(
  db: Db,
  rows: OrderRows,
  charge: Companion<'payment_transactions'>,
  claim?: IdempotencyClaim,
): Promise<PlacedOrder> {
  const { placed } = rows
  const companions: repo.OrderCompanions = {
    charge,
    event: placed && ((filled) => publishing(orderPlaced, placed, filled)),
  }
  if (rows.stock.length === 0 && rows.bumps.length === 0 && !rows.coupon)
    return repo.insertPlacedOrder(db, rows.order, rows.items, { ...companions, claim })
  return db.transaction().execute(async (trx) => {
    // The key first: a duplicate stops here, before it takes stock or a coupon's use.
    if (claim && !(await repo.claimIdempotencyKey(trx, claim, rows.orderId))) throw new KeyTaken()
    // marketing: the coupon's use, taken with a conditional update whose row lock lasts until this order commits,
    // so buyers racing for the last use get one order between them.
    if (rows.coupon) await marketingService.claimCoupon(trx, rows.coupon)
    // The product, then each physical bump, in the same transaction: the whole order or nothing is reserved.
    for (const s of rows.stock)
      if (!(await catalogService.reserveStock(trx, s.productId, s.quantity)))
        throw s.bumpTitle === undefined
          ? new AppError(409, MSG.soldOut, undefined, 'ORDER_SOLD_OUT')
          : new AppError(409, BUMP_MESSAGES.soldOut(s.bumpTitle))
    const row = await repo.insertPlacedOrder(trx, rows.order, rows.items, companions)
    await marketingService.recordOrderBumps(trx, { orderId: row.id, storeId: rows.storeId, bumps: rows.bumps })
    return row
  })
}
