import { formatCents } from '../../../../shared/money'
import { Badge, type BadgeTone } from '../../../ui'
import type { BuyerSubscription } from '../api/self-service'
import { formatDate, planPriceLabel, STATUS_LABELS } from '../model'

const TONE: Record<string, BadgeTone> = { ACTIVE: 'success', TRIALING: 'info', PAST_DUE: 'warning', CANCELED: 'danger' }
const INVOICE_LABELS: Record<string, string> = {
  PAID: 'Paga',
  PENDING: 'Aguardando pagamento',
  SCHEDULED: 'Agendada',
  FAILED: 'Recusada',
  PAST_DUE: 'Em atraso',
  CANCELED: 'Cancelada',
  TRIAL: 'Teste grátis',
}

/** Whether the buyer may still use what they subscribed to, by the server's `accessUntil`. */
export function hasAccess(s: Pick<BuyerSubscription, 'accessUntil'>, now = Date.now()): boolean {
  return s.accessUntil !== null && new Date(s.accessUntil).getTime() > now
}

/** The plan, the status, access and the renewal date: the same block on the e-mail link page and in the area. */
export function SubscriptionSummary({ s }: { s: BuyerSubscription }) {
  const open = !['CANCELED', 'EXPIRED', 'INCOMPLETE_EXPIRED'].includes(s.status)
  return (
    <div className="stack sub-summary">
      <div className="sub-summary-head">
        <strong>{s.productName ?? s.plan.name}</strong>
        <Badge tone={TONE[s.status] ?? 'neutral'}>{STATUS_LABELS[s.status] ?? s.status}</Badge>
      </div>
      <p>
        Plano {s.plan.name}: {planPriceLabel(s.plan)}
        {s.storeName ? ` · ${s.storeName}` : ''}
      </p>
      <p data-testid="subscription-access">
        {hasAccess(s) ? `Acesso liberado até ${formatDate(s.accessUntil)}` : 'Acesso suspenso'}
      </p>
      {open && !s.cancelAtPeriodEnd && <p className="muted">Próxima cobrança em {formatDate(s.currentPeriodEnd)}</p>}
      {open && s.cancelAtPeriodEnd && (
        <p className="muted">Cancelada: sem novas cobranças; acesso até {formatDate(s.accessUntil)}</p>
      )}
      {s.cardLast4 && <p className="muted">Cartão final {s.cardLast4}</p>}
    </div>
  )
}

/** 'Faturas': one line per period with its due date and state. */
export function Invoices({ s }: { s: BuyerSubscription }) {
  if (s.cycles.length === 0) return null
  return (
    <ul className="sub-invoices" aria-label="Faturas">
      {[...s.cycles]
        .sort((a, b) => b.number - a.number)
        .map((c) => (
          <li key={c.number}>
            <span>{formatDate(c.dueAt)}</span>
            <span>{formatCents(s.plan.priceCents)}</span>
            <span>{INVOICE_LABELS[c.status] ?? c.status}</span>
          </li>
        ))}
    </ul>
  )
}
