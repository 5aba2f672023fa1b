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
