import { Badge } from '../../../ui'

export type ConnectionStatus = 'unconfigured' | 'testing' | 'success' | 'error'

export const CONNECTION_LOOK: Record<
  ConnectionStatus,
  { tone: 'neutral' | 'warning' | 'success' | 'danger'; label: string }
> = {
  unconfigured: { tone: 'neutral', label: 'Não configurado' },
  testing: { tone: 'warning', label: 'Testando' },
  success: { tone: 'success', label: 'Conectado' },
  error: { tone: 'danger', label: 'Erro' },
}

/** Spec 002 §4 'Payment connection status': testing, success, error; plus 'Não configurado' while there is no key. */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const look = CONNECTION_LOOK[status]
  return (
    <span data-testid="connection-status">
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  )
}
