import { useState } from 'react'
import { formatLogTime } from '../../../../shared/dates'
import { EMAIL_KIND_LABELS, EMAIL_STATE_LABELS, type EmailDelivery } from '../../../../shared/notifications'
import { ApiError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { Badge, type BadgeTone, Button, Card, ListTable, Pager, Td } from '../../../ui'
import { useEmailDeliveries, useResendEmail } from '../api/emails'

const TONE: Record<EmailDelivery['state'], BadgeTone> = {
  PENDING: 'neutral',
  SENDING: 'info',
  RETRY: 'warning',
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'neutral',
}

/** Every message the store sent: when, to whom, which, how it went (the server's answer), and 'Reenviar'. */
export function EmailLog({ storeId }: { storeId: string }) {
  const [page, setPage] = useState(1)
  const list = useEmailDeliveries(storeId, page)
  const resend = useResendEmail(storeId)

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
      <ListTable
        columns={['Quando', 'Destinatário', 'Mensagem', 'Situação', 'Resposta do servidor', 'Ações']}
        status={list}
        rows={list.data?.deliveries}
        loading="Carregando envios..."
        failed="Não foi possível carregar os envios."
        empty="Nenhum e-mail enviado ainda: eles aparecem aqui a cada pedido."
      >
        {(d) => (
          <tr key={d.id} data-testid="email-delivery">
            <Td>{formatLogTime(d.sentAt ?? d.createdAt)}</Td>
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
        )}
      </ListTable>
      <Pager className="email-row" page={page} total={list.data?.total ?? 0} perPage={20} onChange={setPage} />
    </Card>
  )
}
