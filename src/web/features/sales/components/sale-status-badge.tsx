import type { SaleStatus } from '../../../../shared/sales'
import { Badge, type BadgeTone } from '../../../ui'

const TONES: Record<SaleStatus, BadgeTone> = {
  Pendente: 'warning',
  Pago: 'success',
  Enviado: 'purple',
  Entregue: 'info',
  Cancelado: 'danger',
}

/** `chargeback`: the sale is Cancelado because the buyer's card issuer charged it back, not by a refund. */
export function SaleStatusBadge({ status, chargeback }: { status: SaleStatus; chargeback?: boolean }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'}>
      {status === 'Cancelado' && chargeback ? 'Cancelado (chargeback)' : status}
    </Badge>
  )
}
