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

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[normalizeOrderStatus(status)]}>{statusLabel(status)}</Badge>
}
