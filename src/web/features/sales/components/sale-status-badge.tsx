import type { SaleStatus } from '../../../../shared/sales'
import { Badge, type BadgeTone } from '../../../ui'

const TONES: Record<SaleStatus, BadgeTone> = {
  Pendente: 'warning',
  Pago: 'success',
  Enviado: 'purple',
  Entregue: 'info',
  Cancelado: 'danger',
}

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{status}</Badge>
}
