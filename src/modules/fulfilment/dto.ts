import { type BuyerShipment, SHIPMENT_STATUS_LABELS, type Shipment, type ShipmentEvent } from '../../shared/fulfilment'
import type { ShipmentInfo } from './repository'

export function toShipmentEventDto(row: {
  kind: ShipmentEvent['kind']
  message: string
  created_at: Date
}): ShipmentEvent {
  return { kind: row.kind, message: row.message, at: row.created_at.toISOString() }
}

export function toShipmentDto(row: ShipmentInfo): Shipment {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    status: row.status,
    carrier: row.carrier,
    trackingCode: row.tracking_code,
    trackingUrl: row.tracking_url,
    hasLabel: row.has_label,
    error: row.error,
    shippedAt: row.shipped_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
  }
}

/** The buyer sees a shipment once it left: a label being bought or a failed one is the store's business. */
export function toBuyerShipment(row: ShipmentInfo | undefined): BuyerShipment {
  if (!row || row.status === 'BUYING' || row.status === 'FAILED') return { shipment: null }
  return {
    shipment: {
      status: row.status,
      statusLabel: SHIPMENT_STATUS_LABELS[row.status],
      carrier: row.carrier,
      trackingCode: row.tracking_code,
      trackingUrl: row.tracking_url,
      shippedAt: row.shipped_at?.toISOString() ?? null,
      deliveredAt: row.delivered_at?.toISOString() ?? null,
    },
  }
}
