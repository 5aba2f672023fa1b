import type { Sale, SaleStatus } from '../../../../shared/sales'
import { Badge, type BadgeTone } from '../../../ui'

const TONES: Record<SaleStatus, BadgeTone> = {
  Pendente: 'warning',
  Pago: 'success',
  Enviado: 'purple',
  Entregue: 'info',
  Cancelado: 'danger',
  Reembolsado: 'neutral',
}

/** The sale's badge reads the server's shared label (orderStatusLabel): the same words as the orders screen. */
export function SaleStatusBadge({ sale }: { sale: Pick<Sale, 'status' | 'statusLabel' | 'chargeback'> }) {
  const tone = sale.status === 'Reembolsado' && sale.chargeback ? 'danger' : (TONES[sale.status] ?? 'neutral')
  return <Badge tone={tone}>{sale.statusLabel}</Badge>
}
