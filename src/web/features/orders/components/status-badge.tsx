import { normalizeOrderStatus, type OrderStatus } from '../../../../shared/ordering-rules'
import { Badge, type BadgeTone } from '../../../ui'
import { statusLabel } from '../model'

const TONES: Record<OrderStatus, BadgeTone> = {
  PENDING: 'warning',
  PAID: 'success',
  PROCESSING: 'info',
  SHIPPED: 'purple',
  DELIVERED: 'success',
  CANCELLED: 'danger',
  REFUNDED: 'neutral',
}

/**
 * `chargeback`: a REFUNDED order the buyer's card issuer charged back, shown apart from a refund; `refunded` (reais)
 * names a partly refunded paid order as such. The label is the shared one every surface uses.
 */
export function OrderStatusBadge({
  status,
  chargeback,
  refunded,
}: {
  status: string
  chargeback?: boolean
  refunded?: number
}) {
  const normalized = normalizeOrderStatus(status)
  const tone = normalized === 'REFUNDED' && chargeback ? 'danger' : TONES[normalized]
  return <Badge tone={tone}>{statusLabel(status, { chargeback, refunded })}</Badge>
}
