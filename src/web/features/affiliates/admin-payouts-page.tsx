import { type FormEvent, useState } from 'react'
import {
  type AdminPayout,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUSES,
  type PayoutStatus,
  payoutRejectSchema,
} from '../../../shared/affiliates'
import { formatLogTime } from '../../../shared/dates'
import { formatCents } from '../../../shared/money'
import { ApiError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Badge, type BadgeTone, Button, Card, ListTable, Modal, PageHeader, Select, Td, Textarea } from '../../ui'
import './affiliates.css'
import { type PayoutDecision, useAdminPayouts, useDecidePayout } from './api/admin-payouts'

const TONES: Record<PayoutStatus, BadgeTone> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  PROCESSING: 'info',
  PAID: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
}

/** Asaas's transfer statuses as the admin reads them. */
const TRANSFER_LABELS: Record<string, string> = {
  CREATING: 'enviando ao Asaas',
  PENDING: 'pendente no Asaas',
  BANK_PROCESSING: 'em processamento bancário',
  DONE: 'realizada',
  FAILED: 'falhou',
  CANCELLED: 'cancelada',
}
const FILTERS = [
  { value: '', label: 'Todos' },
  ...PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] })),
]

/**
 * /admin/saques: every affiliate's payout requests; approve, mark paid once the PIX left, or refuse with a reason.
 * With the platform's Asaas key set, approving sends the PIX transfer: the row shows its state until DONE or FAILED.
 */
export default function AdminPayoutsPage() {
  const [status, setStatus] = useState<PayoutStatus | ''>('REQUESTED')
  const [refusing, setRefusing] = useState<AdminPayout>()
  const list = useAdminPayouts(status)
  const decide = useDecidePayout()

  async function run(p: AdminPayout, decision: PayoutDecision) {
    try {
      const answer = await decide.mutateAsync({ id: p.id, decision })
      toast.success(answer.message)
      return true
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível registrar a decisão')
      return false
    }
  }

  return (
    <div className="stack">
      <PageHeader title="Saques" subtitle="Pedidos de saque de afiliados e coprodutores, pagos por PIX." />
      <Card>
        <Select
          label="Situação"
          value={status}
          options={FILTERS}
          onChange={(e) => setStatus(e.target.value as PayoutStatus | '')}
        />
        <ListTable
          columns={['Pedido em', 'Quem', 'Valor', 'Chave PIX', 'Situação', 'Ações']}
          status={list}
          rows={list.data}
          loading="Carregando..."
          failed="Não foi possível carregar os saques."
          empty="Nenhum saque nesta situação."
        >
          {(p) => (
            <tr key={p.id} data-testid="admin-payout">
              <Td label="Pedido em">{formatLogTime(p.createdAt)}</Td>
              <Td label="Quem">
                {p.userName ?? ''}
                <br />
                <span className="af-muted">{p.userEmail}</span>
              </Td>
              <Td label="Valor">{formatCents(p.amountCents)}</Td>
              <Td label="Chave PIX">{p.pixKey}</Td>
              <Td label="Situação">
                <Badge tone={TONES[p.status]}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
                {p.rejectionReason && <div className="af-muted">{p.rejectionReason}</div>}
                {p.transfer && (
                  <div className="af-muted" data-testid="payout-transfer">
                    Transferência Asaas: {TRANSFER_LABELS[p.transfer.status] ?? p.transfer.status}
                  </div>
                )}
                {p.failureReason && <div className="af-muted">{p.failureReason}</div>}
              </Td>
              <Td label="Ações">
                <div className="af-actions">
                  {p.status === 'REQUESTED' && (
                    <Button size="sm" onClick={() => run(p, { action: 'approve' })} disabled={decide.isPending}>
                      Aprovar
                    </Button>
                  )}
                  {p.status === 'APPROVED' && (
                    <Button size="sm" onClick={() => run(p, { action: 'pay' })} disabled={decide.isPending}>
                      Marcar como pago
                    </Button>
                  )}
                  {(p.status === 'REQUESTED' || p.status === 'APPROVED') && (
                    <Button size="sm" variant="danger" onClick={() => setRefusing(p)} disabled={decide.isPending}>
                      Recusar
                    </Button>
                  )}
                </div>
              </Td>
            </tr>
          )}
        </ListTable>
      </Card>
      {refusing && (
        <RefuseDialog
          payout={refusing}
          onClose={() => setRefusing(undefined)}
          onRefuse={async (reason) => {
            if (await run(refusing, { action: 'reject', reason })) setRefusing(undefined)
          }}
        />
      )}
    </div>
  )
}

function RefuseDialog(props: {
  payout: AdminPayout
  onClose: () => void
  onRefuse: (reason: string) => Promise<void>
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = payoutRejectSchema.safeParse({ reason })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setBusy(true)
    await props.onRefuse(parsed.data.reason)
    setBusy(false)
  }
  return (
    <Modal open onClose={props.onClose} title="Recusar saque" locked={busy}>
      <form onSubmit={submit} className="stack" noValidate>
        <p>
          {formatCents(props.payout.amountCents)} de {props.payout.userEmail}: o valor volta ao saldo disponível.
        </p>
        <Textarea label="Motivo" value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
        <div className="af-actions">
          <Button type="button" variant="secondary" onClick={props.onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            Recusar saque
          </Button>
        </div>
      </form>
    </Modal>
  )
}
