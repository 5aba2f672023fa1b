import { Badge } from '../../../ui'

export type ConnectionStatus = 'testing' | 'success' | 'error'

const LOOK: Record<ConnectionStatus, { tone: 'warning' | 'success' | 'danger'; label: string }> = {
  testing: { tone: 'warning', label: 'Testando' },
  success: { tone: 'success', label: 'Conectado' },
  error: { tone: 'danger', label: 'Erro' },
}

/** Spec 002 §4 'Payment connection status': testing (default), success, error. */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const look = LOOK[status]
  return (
    <span data-testid="connection-status">
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  )
}
