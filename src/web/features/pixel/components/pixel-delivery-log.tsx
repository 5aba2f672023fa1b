import { formatLogTime } from '../../../../shared/dates'
import type { DELIVERY_STATES } from '../../../../shared/pixel'
import { Badge, type BadgeTone, Card, ListTable, Td } from '../../../ui'
import { usePixelDeliveries } from '../api/pixel'

const STATE: Record<(typeof DELIVERY_STATES)[number], { label: string; tone: BadgeTone }> = {
  SENDING: { label: 'Enviando', tone: 'info' },
  RETRY: { label: 'Tentando de novo', tone: 'warning' },
  SENT: { label: 'Recebido pela Meta', tone: 'success' },
  FAILED: { label: 'Recusado', tone: 'danger' },
  SKIPPED: { label: 'Não enviado', tone: 'neutral' },
}

/** The last Conversions API events the server sent for this store, with Meta's answer. */
export function PixelDeliveryLog({ storeId }: { storeId: string }) {
  const list = usePixelDeliveries(storeId)
  return (
    <Card title="Eventos enviados pelo servidor (API de Conversões)" className="settings-card">
      <ListTable
        columns={['Evento e pedido', 'Resultado', 'Quando']}
        status={list}
        rows={list.data?.deliveries}
        loading="Carregando eventos..."
        failed="Não foi possível carregar os eventos."
        empty="Nenhum evento ainda: com o pixel ativo e um token, cada pedido aparece aqui."
      >
        {(d) => (
          <tr key={d.id} data-testid="pixel-delivery">
            <Td>
              <strong>{d.eventName}</strong>
              <div className="muted">Pedido {d.orderNumber}</div>
            </Td>
            <Td>
              <Badge tone={STATE[d.state].tone}>{STATE[d.state].label}</Badge>
              {d.error && <div className="muted pixel-error">{d.error}</div>}
            </Td>
            <Td>{formatLogTime(d.sentAt ?? d.createdAt)}</Td>
          </tr>
        )}
      </ListTable>
    </Card>
  )
}
