/**
 * Placing an order in named steps: price it from the database (price-order.ts), build its rows (build-order-rows.ts,
 * pure), write them in one transaction (write-order.ts), then charge it (order-charge.ts).
 */
import { randomUUID } from 'node:crypto'
import type { OrderResult } from '../../shared/ordering'
import { paymentsService } from '../payments'
import { buildOrderRows } from './build-order-rows'
import type { OrderingDeps } from './deps'
import { chargeOrder } from './order-charge'
import { type PlaceOrderInput, priceOrder } from './price-order'
import type { IdempotencyClaim } from './repository'
import { writeOrder } from './write-order'

export { CARD_REFUSED } from './order-charge'
export { METHOD_UNAVAILABLE, NOT_CONFIGURED, type PlaceOrderInput, WRONG_CHECKOUT } from './price-order'

/**
 * Creates an order priced from the database, then its charge. One transaction claims the Idempotency-Key (naming
 * the order), reserves the stock, takes the next order number and writes the order, its items, its CREATING charge
 * and its `order.placed` event; the gateway is called after the commit (up to 30 s, no row locks held) by
 * chargeOrder, which puts the outcome on the order. A crash in between leaves an order that records its charge:
 * a retry with the same key or the sweeper finishes it (order-charge.ts).
 */
export async function placeOrder(
  deps: OrderingDeps,
  input: PlaceOrderInput,
  claim?: IdempotencyClaim,
): Promise<OrderResult> {
  const priced = await priceOrder(deps, input, deps.clock?.now())
  // Ids chosen here so the order, its key and its charge name each other from the one transaction that writes them.
  const rows = buildOrderRows(priced, input, {
    orderId: randomUUID(),
    transactionId: randomUUID(),
    createdAt: new Date(),
  })
  // A free trial's card is verified and kept, not charged (R$ 0,00 today).
  const { opened, insert: charge } = paymentsService.prepareCharge(deps, priced.payments, rows.charge, {
    verifyOnly: priced.trial,
  })
  const order = await writeOrder(deps.db, rows, charge, claim)
  return chargeOrder(deps, order, opened, rows.charge.card, claim)
}
