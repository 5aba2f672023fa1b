import { z } from 'zod'
import { defineEvent } from '../../platform/events'

const shipmentFacts = {
  orderId: z.string(),
  storeId: z.string(),
  orderNumber: z.string(),
  shipmentId: z.string(),
  carrier: z.string(),
  trackingCode: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
}

/** A paid physical order left the store: a label was bought or the merchant typed a tracking code. Once per order. */
export const orderShipped = defineEvent('order.shipped', z.object({ ...shipmentFacts, shippedAt: z.string() }))

/** The carrier (or the merchant) says the order arrived. Once per order. */
export const orderDelivered = defineEvent('order.delivered', z.object({ ...shipmentFacts, deliveredAt: z.string() }))

/**
 * A shipped order's Melhor Envio label was cancelled (bought by mistake): the order is PAID again. `trackingCode` is
 * the code the buyer was sent, if any: the buyer is told it no longer holds. Once per shipment.
 */
export const shipmentLabelCancelled = defineEvent(
  'shipment.label_cancelled',
  z.object({ ...shipmentFacts, cancelledAt: z.string() }),
)

/** The facts every shipment event carries, from the order and its shipment row. */
export function shipmentFactsOf(
  order: { id: string; storeId: string; orderNumber: string; customer: { name: string; email: string } },
  shipment: { id: string; carrier: string; tracking_code: string | null; tracking_url: string | null },
) {
  return {
    orderId: order.id,
    storeId: order.storeId,
    orderNumber: order.orderNumber,
    shipmentId: shipment.id,
    carrier: shipment.carrier,
    trackingCode: shipment.tracking_code,
    trackingUrl: shipment.tracking_url,
    customer: { name: order.customer.name, email: order.customer.email },
  }
}
