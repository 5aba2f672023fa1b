import { useState } from 'react'
import { Alert, Button, Card, ConfirmDialog, Loading } from '../../../ui'
import { useSubscription, useSubscriptionAction } from '../api/subscriptions'
import {
  type AttemptStatus,
  CLOSED,
  type CycleStatus,
  formatDate,
  formatDateTime,
  type HistoryEvent,
  METHOD_LABELS,
} from '../model'
import { StatusBadge } from './status-badge'

const CYCLE_LABELS: Record<CycleStatus, string> = {
  SCHEDULED: 'Agendado',
  PENDING: 'Aguardando pagamento',
  PAID: 'Pago',
  FAILED: 'Não pago',
  CANCELED: 'Cancelado',
}
const ATTEMPT_LABELS: Record<AttemptStatus, string> = {
  PENDING: 'em andamento',
  PAID: 'aprovada',
  SOFT_DECLINED: 'recusada',
  HARD_DECLINED: 'recusada (sem nova tentativa)',
  UNKNOWN: 'sem resposta do gateway',
  WAITING: 'aguardando pagamento',
}
// The history's entries the merchant reads as sentences (others show their type).
const EVENT_LABELS: Record<string, string> = {
  created: 'Assinatura criada',
  activated: 'Assinatura ativada',
  renewed: 'Renovação paga',
  payment_failed: 'Cobrança recusada',
  past_due: 'Pagamento pendente',
  card_updated: 'Cartão atualizado pelo cliente',
  canceled: 'Assinatura cancelada',
  cancel_scheduled: 'Cancelamento agendado para o fim do período',
  expired: 'Assinatura encerrada',
  trial_started: 'Teste grátis iniciado',
  trial_will_end: 'Aviso de fim do teste grátis',
  invoice_sent: 'Cobrança PIX/boleto enviada ao cliente',
  email_sent: 'E-mail enviado',
}
function eventText(e: HistoryEvent): string {
  const base = EVENT_LABELS[e.type] ?? e.type
  // The trial's start and a PIX/boleto charge say the date that matters: the first charge, the due date.
  if (e.type === 'trial_started' && typeof e.data.trialEnd === 'string')
    return `${base}: primeira cobrança em ${formatDate(e.data.trialEnd)}`
  if (e.type === 'invoice_sent' && typeof e.data.dueAt === 'string')
    return `${base}: vencimento em ${formatDate(e.data.dueAt)}`
  const detail = [e.data.subject, e.data.reason, e.data.kind].find((v) => typeof v === 'string')
  return detail ? `${base}: ${detail}` : base
}

/** One subscription for the merchant: its periods, each cycle's attempts (with the refusal reason), the e-mails sent. */
export function SubscriptionDetailView({
  storeId,
  id,
  planLabel,
}: {
  storeId: string
  id: string
  planLabel: (planId: string) => string | undefined
}) {
  const sub = useSubscription(storeId, id)
  const { cancel, retry } = useSubscriptionAction(storeId, id)
  const [confirm, setConfirm] = useState(false)
  if (sub.isPending) return <Loading message="Carregando assinatura..." />
  if (!sub.data) return <Alert tone="danger">{sub.error?.message ?? 'Assinatura não encontrada.'}</Alert>
  const s = sub.data
  const failure = cancel.error ?? retry.error
  return (
    <div className="stack sub-detail" data-testid="subscription-detail">
      <Card title={s.customerEmail} actions={<StatusBadge status={s.status} />}>
        <dl className="sub-facts">
          <dt>Plano</dt>
          <dd>{planLabel(s.planId) ?? s.planName}</dd>
          <dt>Cliente</dt>
          <dd>{s.customerName}</dd>
          <dt>Pagamento</dt>
          <dd>
            {METHOD_LABELS[s.method]}
            {s.card ? ` ${s.card.brand} final ${s.card.last4}` : ''}
          </dd>
          <dt>Período atual</dt>
          <dd>
            {formatDate(s.currentPeriodStart)} a {formatDate(s.currentPeriodEnd)}
          </dd>
          <dt>Acesso até</dt>
          <dd>{formatDate(s.accessUntil)}</dd>
          {s.cancelAtPeriodEnd && (
            <>
              <dt>Cancelamento</dt>
              <dd>No fim do período atual</dd>
            </>
          )}
        </dl>
        {!CLOSED.includes(s.status) && (
          <div className="sub-actions">
            {s.status === 'PAST_DUE' && (
              <Button size="sm" onClick={() => retry.mutate()} loading={retry.isPending} loadingText="Cobrando...">
                Tentar cobrar agora
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
              Cancelar assinatura
            </Button>
          </div>
        )}
        {failure && <Alert tone="danger">{failure.message}</Alert>}
        {retry.isSuccess && <Alert tone="info">Cobrança executada: veja o resultado na linha do tempo.</Alert>}
      </Card>

      <Card title="Linha do tempo">
        <ol className="sub-timeline" aria-label="Ciclos da assinatura">
          {[...s.cycles]
            .sort((a, b) => b.number - a.number)
            .map((c) => (
              <li key={c.number}>
                <p>
                  <strong>Ciclo {c.number}</strong> · vence em {formatDate(c.dueAt)} ·{' '}
                  {CYCLE_LABELS[c.status] ?? c.status}
                  {c.nextAttemptAt ? ` · nova tentativa em ${formatDate(c.nextAttemptAt)}` : ''}
                </p>
                {c.attempts.length > 0 && (
                  <ul className="sub-attempts">
                    {c.attempts.map((a) => (
                      <li key={a.number}>
                        Tentativa {a.number} ({formatDateTime(a.at)}): {ATTEMPT_LABELS[a.status] ?? a.status}
                        {a.declineReason ? ` — ${a.declineReason}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
        </ol>
        {s.events.length > 0 && (
          <>
            <h3 className="sub-subtitle">Histórico e e-mails</h3>
            <ul className="sub-events">
              {s.events.map((e) => (
                <li key={`${e.type}-${e.at}`}>
                  <span className="muted">{formatDateTime(e.at)}</span> {eventText(e)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <ConfirmDialog
        open={confirm}
        title="Cancelar assinatura"
        message="O cliente não será mais cobrado. O acesso vai até o fim do período já pago."
        confirmLabel="Cancelar assinatura"
        cancelLabel="Voltar"
        danger
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(false, { onSettled: () => setConfirm(false) })}
        onCancel={() => setConfirm(false)}
      />
    </div>
  )
}
