/**
 * A refused card is an attempt of the checkout, not an order (issue 26): the order row written before the gateway
 * call is turned into a `checkout_attempts` row in one transaction — stock and bump stock given back, its bump rows
 * dropped before any conversion is counted, the order deleted and its number given back — so no figure ever counts
 * it. Its `order.placed` was never published (a card order announces itself once the charge is not refused,
 * order-charge.ts).
 */
import type { Trx } from '../../platform/db'
import { publish } from '../../platform/events'
import { catalogService } from '../catalog'
import { marketingService } from '../marketing'
import * as attempts from './attempts.repository'
import { checkoutAttemptRefused } from './events'
import * as repo from './repository'

/** Returns the attempt's id, or undefined when the order is gone or no longer PENDING (a repeat changes nothing). */
export async function recordRefusedAttempt(trx: Trx, orderId: string): Promise<string | undefined> {
  const row = await repo.lockOrder(trx, orderId)
  if (row?.status !== 'PENDING') return undefined
  const items = await repo.findItems(trx, [row.id])
  // Physical products and physical bumps alike: catalog gives stock back to physical products only.
  if (!row.stock_released) for (const i of items) await catalogService.releaseStock(trx, i.product_id, i.quantity)
  await marketingService.forgetOrderBumps(trx, row.id)
  await marketingService.releaseCouponUse(trx, row.id)
  const main = items.find((i) => !i.bump_id)
  const attempt = await attempts.insertAttempt(trx, {
    store_id: row.store_id,
    product_id: main?.product_id ?? null,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    total_cents: row.total_cents,
    payment_method: row.payment_method,
    transaction_id: row.transaction_id,
    items: JSON.stringify(
      items.map((i) => ({
        productId: i.product_id,
        name: i.name,
        quantity: i.quantity,
        unitPriceCents: i.unit_price_cents,
        bumpId: i.bump_id,
      })),
    ),
    tracking: JSON.stringify(row.tracking ?? {}),
    checkout_session_id: row.checkout_session_id,
    created_at: row.created_at,
  })
  await attempts.deleteOrder(trx, row.id)
  await attempts.giveBackOrderNumber(trx, row.store_id, row.order_number)
  await publish(trx, checkoutAttemptRefused, {
    attemptId: attempt.id,
    storeId: row.store_id,
    productId: main?.product_id ?? null,
    checkoutSessionId: row.checkout_session_id,
    totalCents: row.total_cents,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    refusedAt: new Date().toISOString(),
  })
  return attempt.id
}
