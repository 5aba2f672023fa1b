import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { formatBRL } from '../../../shared/money'
import {
  RECOVERY_KIND_LABELS,
  RECOVERY_MESSAGE_LABELS,
  RECOVERY_OUTCOME_LABELS,
  RECOVERY_STEP_LABELS,
  type RecoveryEntry,
} from '../../../shared/recovery'
import { Alert, Badge, Button, Card, Loading, PageHeader, Table, TableMessage, Td, Th } from '../../ui'
import { useRecoveryList } from './api/recovery'
import { RecoveryFigures } from './components/recovery-figures'
import { RecoverySettingsForm } from './components/recovery-settings-form'
import './recovery.css'

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

function sentText(e: RecoveryEntry) {
  const sent = e.sent.filter((m) => m.status === 'SENT')
  if (sent.length === 0) return 'Nada enviado'
  return sent.map((m) => RECOVERY_MESSAGE_LABELS[m.step as keyof typeof RECOVERY_MESSAGE_LABELS] ?? m.step).join(', ')
}

/** Paid (through a reminder's link or not), waiting on its PIX or boleto, or what made it recoverable. */
function SituationBadge({ entry: e }: { entry: RecoveryEntry }) {
  if (e.outcome === 'RECOVERED' || e.outcome === 'CONVERTED')
    return <Badge tone="success">{RECOVERY_OUTCOME_LABELS[e.outcome]}</Badge>
  if (e.outcome === 'AWAITING_PAYMENT') return <Badge tone="info">{RECOVERY_OUTCOME_LABELS[e.outcome]}</Badge>
  return <Badge tone={e.kind === 'REFUSED' ? 'danger' : 'warning'}>{RECOVERY_KIND_LABELS[e.kind]}</Badge>
}

/** /store/:storeId/recuperacao: checkouts that reached a contact and were not paid, and the ones paid since. */
export default function RecoveryPage() {
  const { storeId = '' } = useParams()
  const [offset, setOffset] = useState(0)
  const list = useRecoveryList(storeId, offset)
  if (!storeId) return <Alert tone="danger">Nenhuma loja selecionada</Alert>

  return (
    <div className="rc-page">
      <PageHeader
        title="Recuperação"
        subtitle="Compradores que informaram e-mail ou telefone: os que não concluíram o pagamento e os que pagaram depois."
      />
      <RecoveryFigures storeId={storeId} />
      <RecoverySettingsForm storeId={storeId} />
      <Card>
        {list.isLoading ? (
          <Loading message="Carregando..." />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Comprador</Th>
                <Th>Produto</Th>
                <Th>Valor</Th>
                <Th>Situação</Th>
                <Th>Etapa</Th>
                <Th>Quando</Th>
                <Th>Origem</Th>
                <Th>Enviado</Th>
                <Th />
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).length === 0 && (
                <TableMessage colSpan={9}>Nenhum checkout para recuperar</TableMessage>
              )}
              {(list.data ?? []).map((e) => (
                <tr key={e.id} data-testid="recovery-row">
                  <Td>
                    <strong>{e.name ?? '—'}</strong>
                    <div className="rc-contact">{e.email ?? ''}</div>
                    <div className="rc-contact">{e.phone ?? ''}</div>
                  </Td>
                  <Td>
                    {e.productName ?? '—'}
                    {e.bumps.map((b) => (
                      <div key={b.name} className="rc-contact">
                        + {b.name}
                      </div>
                    ))}
                  </Td>
                  <Td>{formatBRL(e.recoveredValue ?? e.value)}</Td>
                  <Td>
                    <SituationBadge entry={e} />
                  </Td>
                  <Td>{RECOVERY_STEP_LABELS[e.step - 1] ?? e.step}</Td>
                  <Td>{when(e.updatedAt)}</Td>
                  <Td>{e.utmSource ?? 'Direto'}</Td>
                  <Td>{sentText(e)}</Td>
                  <Td>
                    {e.whatsappUrl && (
                      <a className="rc-whatsapp" href={e.whatsappUrl} target="_blank" rel="noopener noreferrer">
                        WhatsApp
                      </a>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="rc-pager">
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 50))}>
            Anterior
          </Button>
          <Button variant="secondary" disabled={(list.data?.length ?? 0) < 50} onClick={() => setOffset(offset + 50)}>
            Próxima
          </Button>
        </div>
      </Card>
    </div>
  )
}
