/**
 * Cancelling a Melhor Envio label bought by mistake, before it is posted (cancelamento de etiquetas): Melhor Envio
 * refunds it, the shipment row goes (its unique order_id is free for the right label or a typed code) and the order
 * is PAID again. One click cancels: the row is held (SHIPPED → BUYING) before the call, and given back on a refusal.
 * The cancel is a line of the order's shipment history, and a buyer who was sent the label's tracking code is told by
 * e-mail that it no longer holds (`shipment.label_cancelled`, jobs.ts).
 */
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { FULFILMENT_MESSAGES as MSG } from '../../shared/fulfilment'
import { isUuid } from '../../shared/ids'
import { orderingService, type ShippableOrder } from '../ordering'
import { MelhorEnvioError, shippingService } from '../shipping'
import { shipmentFactsOf, shipmentLabelCancelled } from './events'
import { HISTORY, record } from './history'
import * as repo from './repository'
import { type FulfilmentDeps, nowOf } from './service'

export async function cancelLabel(deps: FulfilmentDeps, storeId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw new AppError(404, MSG.notFound)
  const shipment = await repo.findShipment(deps.db, orderId)
  const order = shipment?.store_id === storeId && (await orderingService.shippableOrder(deps.db, storeId, orderId))
  if (!shipment || !order) throw new AppError(404, MSG.notFound)
  if (shipment.kind !== 'LABEL' || !shipment.me_order_id) throw new AppError(409, MSG.cannotCancel)
  if (shipment.status === 'BUYING') throw new AppError(409, MSG.cancelling)
  if (shipment.status !== 'SHIPPED') throw new AppError(409, MSG.cannotCancel)
  const conn = await shippingService.activeConnection(deps, storeId)
  if (!conn) throw new AppError(409, MSG.notConnected)
  if (!(await repo.holdLabelForCancel(deps.db, orderId, storeId, nowOf(deps)))) throw new AppError(409, MSG.cancelling)

  const me = shippingService.clientOf(deps)
  const meOrderId = shipment.me_order_id
  try {
    // A cancel whose answer was lost (a timeout) already happened: asking again would be refused as not cancellable.
    const current = (await me.tracking(conn.token, [meOrderId]))[meOrderId]
    if (current?.status !== 'canceled')
      await me.cancel(conn.token, meOrderId, `Etiqueta do pedido ${order.orderNumber} gerada por engano`)
  } catch (err) {
    await repo.updateShipment(deps.db, shipment.id, { status: 'SHIPPED', updated_at: nowOf(deps) })
    if (err instanceof MelhorEnvioError && err.kind === 'unavailable') throw new AppError(503, MSG.cancelUnavailable)
    // Melhor Envio's own reason (posted, pickup already scheduled): the label stands and the order stays SHIPPED.
    throw new AppError(409, `Melhor Envio: ${err instanceof Error ? err.message : MSG.cannotCancel}`)
  }
  await completeCancel(deps, shipment, order)
}

/**
 * Melhor Envio cancelled the label: the row goes, the order is PAID again, the history says so and the event tells
 * the buyer's side, in one transaction. The click and the sweeper (a cancel whose process died) both end here.
 */
export async function completeCancel(
  deps: FulfilmentDeps,
  shipment: { id: string; carrier: string; tracking_code: string | null; tracking_url: string | null },
  order: ShippableOrder,
): Promise<void> {
  const now = nowOf(deps)
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteShipment(trx, shipment.id)
    await orderingService.markOrderUnshipped(trx, order.storeId, order.id)
    await record(trx, now, {
      storeId: order.storeId,
      orderId: order.id,
      kind: 'LABEL_CANCELLED',
      message: HISTORY.cancelled(shipment.carrier, shipment.tracking_code),
    })
    await publish(trx, shipmentLabelCancelled, {
      ...shipmentFactsOf(order, shipment),
      cancelledAt: now.toISOString(),
    })
  })
}
