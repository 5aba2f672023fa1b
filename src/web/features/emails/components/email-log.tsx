import { useState } from 'react'
import { EMAIL_KIND_LABELS, EMAIL_STATE_LABELS, type EmailDelivery } from '../../../../shared/notifications'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone, Button, Card, Table, TableMessage, Td, Th } from '../../../ui'
import { useEmailDeliveries, useResendEmail } from '../api/emails'

const TONE: Record<EmailDelivery['state'], BadgeTone> = {
  PENDING: 'neutral',
  SENDING: 'info',
  RETRY: 'warning',
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'neutral',
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
})

/** Every message the store sent: when, to whom, which, how it went (the server's answer), and 'Reenviar'. */
export function EmailLog({ storeId }: { storeId: string }) {
  const [page, setPage] = useState(1)
  const list = useEmailDeliveries(storeId, page)
  const resend = useResendEmail(storeId)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 20))

  async function onResend(d: EmailDelivery) {
    try {
      await resend.mutateAsync(d.id)
      toast.success('Mensagem reenviada para a fila de envio.')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao reenviar')
    }
  }

  return (
    <Card title="Histórico de envios">
      <Table>
        <thead>
          <tr>
            <Th>Quando</Th>
            <Th>Destinatário</Th>
            <Th>Mensagem</Th>
            <Th>Situação</Th>
            <Th>Resposta do servidor</Th>
            <Th>Ações</Th>
          </tr>
        </thead>
        <tbody>
          {list.isPending && <TableMessage colSpan={6}>Carregando envios...</TableMessage>}
          {list.isError && <TableMessage colSpan={6}>Não foi possível carregar os envios.</TableMessage>}
          {list.data?.deliveries.length === 0 && (
            <TableMessage colSpan={6}>Nenhum e-mail enviado ainda: eles aparecem aqui a cada pedido.</TableMessage>
          )}
          {list.data?.deliveries.map((d) => (
            <tr key={d.id} data-testid="email-delivery">
              <Td>{dateTime.format(new Date(d.sentAt ?? d.createdAt))}</Td>
              <Td>{d.recipient}</Td>
              <Td>
                <div>{EMAIL_KIND_LABELS[d.kind] ?? d.kind}</div>
                {d.subject && <div className="muted">{d.subject}</div>}
              </Td>
              <Td>
                <Badge tone={TONE[d.state]}>{EMAIL_STATE_LABELS[d.state]}</Badge>
                {d.attempts > 1 && <div className="muted">{d.attempts} tentativas</div>}
              </Td>
              <Td>
                <span className="muted">{d.response ?? d.error ?? '—'}</span>
              </Td>
              <Td>
                {d.state !== 'SENDING' && (
                  <Button variant="secondary" size="sm" onClick={() => onResend(d)} loading={resend.isPending}>
                    Reenviar
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {pages > 1 && (
        <div className="email-row">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </Button>
          <span className="muted">
            Página {page} de {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Próxima
          </Button>
        </div>
      )}
    </Card>
  )
}
