import { Repeat, TrendingDown, Wallet } from 'lucide-react'
import { formatCents } from '../../../../shared/money'
import { StatCard } from '../../../ui'
import { useSubscriptionMetrics } from '../api/subscriptions'
import { formatBps } from '../model'

/**
 * The dashboard's subscription cards: active subscriptions, MRR (monthly equivalent of ACTIVE and PAST_DUE plans,
 * not TRIALING, as the server counts it) and this month's churn. Nothing shows for a store without subscriptions.
 */
export function SubscriptionFigures({ storeId }: { storeId: string }) {
  const metrics = useSubscriptionMetrics(storeId)
  const m = metrics.data
  if (!m || m.active + m.trialing + m.pastDue === 0) return null
  return (
    <section className="stack" aria-labelledby="sub-figures-title" data-testid="subscription-figures">
      <h2 id="sub-figures-title" className="sub-figures-title">
        Assinaturas
      </h2>
      <div className="grid">
        <StatCard
          label="Assinaturas ativas"
          value={m.active}
          hint={`${m.trialing} em teste grátis · ${m.pastDue} com pagamento pendente`}
          icon={<Repeat />}
        />
        <StatCard label="MRR" value={formatCents(m.mrrCents)} hint="Receita recorrente mensal" icon={<Wallet />} />
        <StatCard
          label="Churn mensal"
          value={formatBps(m.churnRateBps)}
          hint="Cancelamentos no mês"
          icon={<TrendingDown />}
        />
      </div>
    </section>
  )
}
