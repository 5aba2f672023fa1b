import { useState } from 'react'
import { Alert, Button, Card, ConfirmDialog, Loading } from '../../../ui'
import { useSubscription, useSubscriptionAction } from '../api/subscriptions'
import { formatDate, formatDateTime, type SubscriptionDetail } from '../model'
import { StatusBadge } from './status-badge'

const CYCLE_LABELS: Record<string, string> = {
  PAID: 'Paga',
  PENDING: 'Aguardando',
  SCHEDULED: 'Agendada',
  FAILED: 'Recusada',
  PAST_DUE: 'Em atraso',
  CANCELED: 'Cancelada',
  SKIPPED: 'Não cobrada',
  TRIAL: 'Teste grátis',
}
const ATTEMPT_LABELS: Record<string, string> = {
  SUCCEEDED: 'aprovada',
  PAID: 'aprovada',
  APPROVED: 'aprovada',
  FAILED: 'recusada',
  DECLINED: 'recusada',
  PENDING: 'em andamento',
  UNKNOWN: 'sem resposta do gateway',
}
const label = (map: Record<string, string>, key: string) => map[key] ?? key.toLowerCase()
const closed = (s: SubscriptionDetail) => ['CANCELED', 'EXPIRED', 'INCOMPLETE_EXPIRED'].includes(s.status)

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
    <div className="stack" data-testid="subscription-detail">
      <Card title={s.customerEmail} actions={<StatusBadge status={s.status} />}>
        <dl className="sub-facts">
          <dt>Plano</dt>
          <dd>{planLabel(s.planId) ?? s.planName ?? s.planId}</dd>
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
        {!closed(s) && (
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
                  <strong>Ciclo {c.number}</strong> · vence em {formatDate(c.dueAt)} · {label(CYCLE_LABELS, c.status)}
                </p>
                {c.attempts.length > 0 && (
                  <ul className="sub-attempts">
                    {c.attempts.map((a) => (
                      <li key={a.number}>
                        Tentativa {a.number} ({formatDateTime(a.at ?? a.createdAt)}): {label(ATTEMPT_LABELS, a.status)}
                        {a.declineReason ? ` — ${a.declineReason}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
        </ol>
        {s.events && s.events.length > 0 && (
          <>
            <h3 className="sub-subtitle">Histórico e e-mails</h3>
            <ul className="sub-events">
              {s.events.map((e) => (
                <li key={`${e.type}-${e.at ?? e.createdAt}`}>
                  <span className="muted">{formatDateTime(e.at ?? e.createdAt)}</span> {e.detail ?? e.type}
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
