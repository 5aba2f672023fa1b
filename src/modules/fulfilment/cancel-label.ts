/**
 * Cancelling a Melhor Envio label bought by mistake, before it is posted (cancelamento de etiquetas): Melhor Envio
 * refunds it, the shipment row goes (its unique order_id is free for the right label or a typed code) and the order
 * is PAID again. One click cancels: the row is held (SHIPPED → BUYING) before the call, and given back on a refusal.
 */
import { AppError } from '../../platform/errors'
import { FULFILMENT_MESSAGES as MSG } from '../../shared/fulfilment'
import { isUuid } from '../../shared/ids'
import { orderingService } from '../ordering'
import { MelhorEnvioError, shippingService } from '../shipping'
import * as repo from './repository'
import type { FulfilmentDeps } from './service'

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
  if (!(await repo.holdLabelForCancel(deps.db, orderId, storeId))) throw new AppError(409, MSG.cancelling)

  const me = shippingService.clientOf(deps)
  const meOrderId = shipment.me_order_id
  try {
    // A cancel whose answer was lost (a timeout) already happened: asking again would be refused as not cancellable.
    const current = (await me.tracking(conn.token, [meOrderId]))[meOrderId]
    if (current?.status !== 'canceled')
      await me.cancel(conn.token, meOrderId, `Etiqueta do pedido ${order.orderNumber} gerada por engano`)
  } catch (err) {
    await repo.updateShipment(deps.db, shipment.id, { status: 'SHIPPED' })
    if (err instanceof MelhorEnvioError && err.kind === 'unavailable') throw new AppError(503, MSG.cancelUnavailable)
    // Melhor Envio's own reason (posted, pickup already scheduled): the label stands and the order stays SHIPPED.
    throw new AppError(409, `Melhor Envio: ${err instanceof Error ? err.message : MSG.cannotCancel}`)
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteShipment(trx, shipment.id)
    await orderingService.markOrderUnshipped(trx, storeId, orderId)
  })
}
