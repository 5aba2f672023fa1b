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

/** `chargeback`: a REFUNDED order the buyer's card issuer charged back, shown apart from a refund. */
export function OrderStatusBadge({ status, chargeback }: { status: string; chargeback?: boolean }) {
  const normalized = normalizeOrderStatus(status)
  const tone = normalized === 'REFUNDED' && chargeback ? 'danger' : TONES[normalized]
  return <Badge tone={tone}>{statusLabel(status, chargeback)}</Badge>
}
