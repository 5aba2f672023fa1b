/**
 * The sales screen's Enviado / Entregue (ordering's `order.status-changed`): the order already moved through
 * markOrderShipped / markOrderDelivered, the same steps as this module's route; here the shipment is recorded and the
 * buyer told, with the same events and e-mails. Idempotent by state: a shipment exists once per order (unique
 * order_id), and `order.shipped` / `order.delivered` are published only by the transaction that moves it.
 */
import type { z } from 'zod'
import { publish } from '../../platform/events'
import { orderingService, type orderStatusChanged } from '../ordering'
import { orderDelivered, orderShipped } from './events'
import * as repo from './repository'
import type { Db } from './tables'

type StatusChanged = z.output<(typeof orderStatusChanged)['schema']>

/** A shipment marked from the sales screen names no carrier: the buyer's e-mail then shows no tracking link. */
export const CARRIER_NOT_GIVEN = 'Não informada'

export async function followSalesStatus(deps: { db: Db; now?: () => Date }, p: StatusChanged): Promise<void> {
  if (p.to !== 'SHIPPED' && p.to !== 'DELIVERED') return
  const order = await orderingService.shippableOrder(deps.db, p.storeId, p.orderId)
  if (order?.productType !== 'PHYSICAL') return
  const now = deps.now?.() ?? new Date()
  await deps.db.transaction().execute(async (trx) => {
    const facts = { orderId: order.id, storeId: order.storeId, orderNumber: order.orderNumber }
    const customer = { name: order.customer.name, email: order.customer.email }
    const claimed = await repo.claimShipment(trx, {
      store_id: order.storeId,
      order_id: order.id,
      kind: 'MANUAL',
      carrier: CARRIER_NOT_GIVEN,
      status: 'SHIPPED',
      shipped_at: now,
    })
    if (claimed && (order.status === 'SHIPPED' || order.status === 'DELIVERED'))
      await publish(trx, orderShipped, {
        ...facts,
        shipmentId: claimed.id,
        carrier: CARRIER_NOT_GIVEN,
        trackingCode: null,
        trackingUrl: null,
        customer,
        shippedAt: now.toISOString(),
      })
    if (order.status !== 'DELIVERED') return
    const shipment = await repo.findShipment(trx, order.id)
    if (!shipment || shipment.status === 'DELIVERED') return
    await repo.updateShipment(trx, shipment.id, { status: 'DELIVERED', delivered_at: now, next_poll_at: null })
    await publish(trx, orderDelivered, {
      ...facts,
      shipmentId: shipment.id,
      carrier: shipment.carrier,
      trackingCode: shipment.tracking_code,
      trackingUrl: shipment.tracking_url,
      customer,
      deliveredAt: now.toISOString(),
    })
  })
}
