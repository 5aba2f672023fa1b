import { formatCents } from '../../../../shared/money'
import { Badge, type BadgeTone } from '../../../ui'
import { type BuyerSubscription, CLOSED, type CycleStatus, formatDate, planPriceLabel, STATUS_LABELS } from '../model'

const TONE: Record<string, BadgeTone> = { ACTIVE: 'success', TRIALING: 'info', PAST_DUE: 'warning', CANCELED: 'danger' }
const INVOICE_LABELS: Record<CycleStatus, string> = {
  PAID: 'Paga',
  PENDING: 'Aguardando pagamento',
  SCHEDULED: 'Agendada',
  FAILED: 'Recusada',
  CANCELED: 'Cancelada',
}

/** The plan, the status, access and the renewal date: the block on top of the e-mail link's page. */
export function SubscriptionSummary({ s }: { s: BuyerSubscription }) {
  const open = !CLOSED.includes(s.status)
  return (
    <div className="stack sub-summary">
      <div className="sub-summary-head">
        <strong>{s.productName}</strong>
        <Badge tone={TONE[s.status] ?? 'neutral'}>{STATUS_LABELS[s.status] ?? s.status}</Badge>
      </div>
      <p>
        Plano {s.plan.name}: {planPriceLabel(s.plan)} · {s.storeName}
      </p>
      <p data-testid="subscription-access">
        {s.hasAccess ? `Acesso liberado até ${formatDate(s.accessUntil)}` : 'Acesso suspenso'}
      </p>
      {s.status === 'TRIALING' && s.plan.trialNote && <p data-testid="subscription-trial">{s.plan.trialNote}</p>}
      {open && !s.cancelAtPeriodEnd && <p className="muted">Próxima cobrança em {formatDate(s.currentPeriodEnd)}</p>}
      {open && s.cancelAtPeriodEnd && (
        <p className="muted">Cancelamento agendado: sem novas cobranças; acesso até {formatDate(s.accessUntil)}</p>
      )}
      {s.card && (
        <p className="muted">
          Cartão {s.card.brand} final {s.card.last4}
        </p>
      )}
    </div>
  )
}

/** 'Faturas': one line per period with its due date, amount and state. */
export function Invoices({ s }: { s: BuyerSubscription }) {
  if (s.invoices.length === 0) return <p className="muted">Nenhuma fatura ainda.</p>
  return (
    <ul className="sub-invoices" aria-label="Faturas">
      {[...s.invoices]
        .sort((a, b) => b.number - a.number)
        .map((c) => (
          <li key={c.number}>
            <span>{formatDate(c.dueAt)}</span>
            <span>{formatCents(c.amountCents)}</span>
            <span>{INVOICE_LABELS[c.status] ?? c.status}</span>
          </li>
        ))}
    </ul>
  )
}
