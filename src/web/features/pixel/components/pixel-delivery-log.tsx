import type { DELIVERY_STATES } from '../../../../shared/pixel'
import { Badge, type BadgeTone, Card, Table, TableMessage, Td, Th } from '../../../ui'
import { usePixelDeliveries } from '../api/pixel'

const STATE: Record<(typeof DELIVERY_STATES)[number], { label: string; tone: BadgeTone }> = {
  SENDING: { label: 'Enviando', tone: 'info' },
  RETRY: { label: 'Tentando de novo', tone: 'warning' },
  SENT: { label: 'Recebido pela Meta', tone: 'success' },
  FAILED: { label: 'Recusado', tone: 'danger' },
  SKIPPED: { label: 'Não enviado', tone: 'neutral' },
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })

/** The last Conversions API events the server sent for this store, with Meta's answer. */
export function PixelDeliveryLog({ storeId }: { storeId: string }) {
  const list = usePixelDeliveries(storeId)
  return (
    <Card title="Eventos enviados pelo servidor (API de Conversões)" className="pixel-card">
      <Table>
        <thead>
          <tr>
            <Th>Evento e pedido</Th>
            <Th>Resultado</Th>
            <Th>Quando</Th>
          </tr>
        </thead>
        <tbody>
          {list.isPending && <TableMessage colSpan={3}>Carregando eventos...</TableMessage>}
          {list.isError && <TableMessage colSpan={3}>Não foi possível carregar os eventos.</TableMessage>}
          {list.data?.deliveries.length === 0 && (
            <TableMessage colSpan={3}>
              Nenhum evento ainda: com o pixel ativo e um token, cada pedido aparece aqui.
            </TableMessage>
          )}
          {list.data?.deliveries.map((d) => (
            <tr key={d.id} data-testid="pixel-delivery">
              <Td>
                <strong>{d.eventName}</strong>
                <div className="muted">Pedido {d.orderNumber}</div>
              </Td>
              <Td>
                <Badge tone={STATE[d.state].tone}>{STATE[d.state].label}</Badge>
                {d.error && <div className="muted pixel-error">{d.error}</div>}
              </Td>
              <Td>{dateTime.format(new Date(d.sentAt ?? d.createdAt))}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  )
}
