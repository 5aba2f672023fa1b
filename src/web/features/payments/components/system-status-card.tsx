import { Badge, Card } from '../../../ui'
import { CONNECTION_LOOK as CONNECTION, type ConnectionStatus } from './connection-badge'

export interface SystemStatusCardProps {
  connection: ConnectionStatus
  hasApiKey: boolean
  active: boolean
  lastCheckedAt: string | null
}

/** 'Conexão API', 'Configuração' and 'Webhooks' at a glance. */
export function SystemStatusCard({ connection, hasApiKey, active, lastCheckedAt }: SystemStatusCardProps) {
  return (
    <Card title="Status do Sistema" className="payment-card">
      <ul className="plain-list status-list">
        <li>
          <span>Conexão API</span>
          <Badge tone={CONNECTION[connection].tone}>{CONNECTION[connection].label}</Badge>
        </li>
        <li>
          <span>Configuração</span>
          {hasApiKey ? (
            <Badge tone={active ? 'success' : 'warning'}>{active ? 'Ativa' : 'Inativa'}</Badge>
          ) : (
            <Badge tone="neutral">Pendente</Badge>
          )}
        </li>
        <li>
          <span>Webhooks</span>
          <Badge tone={hasApiKey ? 'success' : 'neutral'}>{hasApiKey ? 'Prontos' : 'Aguardando chave'}</Badge>
        </li>
      </ul>
      {lastCheckedAt && (
        <p className="muted status-checked">Último teste: {new Date(lastCheckedAt).toLocaleString('pt-BR')}</p>
      )}
    </Card>
  )
}
