import { formatDateTime } from '../../../../shared/dates'
import { WEBHOOK_DELIVERY_STATE_LABELS, type WebhookDelivery } from '../../../../shared/webhooks'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone, Button, ListTable, Td } from '../../../ui'
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks'

const TONE: Record<WebhookDelivery['state'], BadgeTone> = {
  PENDING: 'neutral',
  SENDING: 'info',
  RETRY: 'warning',
  SENT: 'success',
  FAILED: 'danger',
}

/** One endpoint's deliveries: when, which event, the receiver's answer and how long it took; 'Reenviar' any of them. */
export function WebhookLog({ storeId, webhookId }: { storeId: string; webhookId: string }) {
  const list = useWebhookDeliveries(storeId, webhookId)
  const resend = useResendDelivery(storeId)

  async function onResend(d: WebhookDelivery) {
    try {
      await resend.mutateAsync({ id: webhookId, deliveryId: d.id })
      toast.success('Reenvio agendado')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao reenviar')
    }
  }

  return (
    <ListTable
      columns={['Quando', 'Evento', 'Resultado', 'Duração', 'Resposta', 'Ações']}
      status={list}
      rows={list.data?.deliveries}
      loading="Carregando entregas..."
      empty="Nenhuma entrega ainda."
    >
      {(d) => (
        <tr key={d.id} data-testid="webhook-delivery">
          <Td>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</Td>
          <Td>{d.eventType}</Td>
          <Td>
            <Badge tone={TONE[d.state]}>{WEBHOOK_DELIVERY_STATE_LABELS[d.state]}</Badge>{' '}
            {d.httpStatus !== null && <span data-testid="webhook-status">HTTP {d.httpStatus}</span>}
            {d.attempts > 1 && <span className="muted"> · {d.attempts} tentativas</span>}
            {d.error && <div className="muted integration-error">{d.error}</div>}
          </Td>
          <Td>{d.durationMs !== null ? `${d.durationMs} ms` : '--'}</Td>
          <Td>
            <code className="webhook-excerpt">{d.responseExcerpt?.slice(0, 120) ?? ''}</code>
          </Td>
          <Td>
            <Button variant="secondary" size="sm" onClick={() => onResend(d)} disabled={d.state === 'SENDING'}>
              Reenviar
            </Button>
          </Td>
        </tr>
      )}
    </ListTable>
  )
}
