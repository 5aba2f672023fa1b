import { useState } from 'react'
import { formatLogTime } from '../../../../shared/dates'
import { type DELIVERY_STATES, UTMIFY_STATUS_LABELS, type UtmifyDelivery } from '../../../../shared/integrations'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone, Button, Card, ListTable, Pager, Td } from '../../../ui'
import { useRetryDelivery, useUtmifyDeliveries } from '../api/utmify'

const STATE: Record<(typeof DELIVERY_STATES)[number], { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Na fila', tone: 'neutral' },
  SENDING: { label: 'Enviando', tone: 'info' },
  RETRY: { label: 'Tentando de novo', tone: 'warning' },
  SENT: { label: 'Enviado', tone: 'success' },
  FAILED: { label: 'Recusado', tone: 'danger' },
  SKIPPED: { label: 'Não enviado', tone: 'neutral' },
}

/** What was sent to UTMify, order by order and status, with UTMify's answer and a retry for a failed one. */
export function DeliveryLog({ storeId }: { storeId: string }) {
  const [page, setPage] = useState(1)
  const list = useUtmifyDeliveries(storeId, page)
  const retry = useRetryDelivery(storeId)

  async function onRetry(delivery: UtmifyDelivery) {
    try {
      const res = await retry.mutateAsync(delivery.id)
      toast.success(res.message)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao reenviar')
    }
  }

  return (
    <Card title="Envios para a UTMify" className="settings-card">
      <ListTable
        columns={['Pedido', 'Status enviado', 'Quando', 'Resultado', 'Ações']}
        status={list}
        rows={list.data?.deliveries}
        loading="Carregando envios..."
        failed="Não foi possível carregar os envios."
        empty="Nenhum envio ainda: os pedidos aparecem aqui quando a integração está ativa."
      >
        {(d) => (
          <tr key={d.id} data-testid="utmify-delivery">
            <Td>{d.isTest ? 'Venda simulada' : d.orderNumber}</Td>
            <Td>{UTMIFY_STATUS_LABELS[d.status]}</Td>
            <Td>{formatLogTime(d.sentAt ?? d.createdAt)}</Td>
            <Td>
              <Badge tone={STATE[d.state].tone}>{STATE[d.state].label}</Badge>
              {d.error && <div className="muted integration-error">{d.error}</div>}
            </Td>
            <Td>
              {(d.state === 'FAILED' || d.state === 'RETRY') && !d.isTest && (
                <Button variant="secondary" size="sm" onClick={() => onRetry(d)} loading={retry.isPending}>
                  Reenviar
                </Button>
              )}
            </Td>
          </tr>
        )}
      </ListTable>
      <Pager page={page} total={list.data?.total ?? 0} perPage={list.data?.limit ?? 10} onChange={setPage} />
    </Card>
  )
}
