import { formatBRL } from '../../../../shared/money'
import { Card, EmptyState } from '../../../ui'
import { type DashboardData, type DashboardMetrics, formatDecimal, formatPercent } from '../model'

const NO_DATA = <EmptyState title="Dados não disponíveis" />

export function TopStores({ stores }: { stores: DashboardData['topStores'] }) {
  return (
    <Card title="Top 5 Lojas por Receita">
      {stores.length === 0 ? (
        NO_DATA
      ) : (
        <ol className="rank-list">
          {stores.map((s, i) => (
            <li key={`${s.name}-${s.owner}`} className="rank-item">
              <span className="rank-pos">{i + 1}</span>
              <div className="rank-main">
                <strong>{s.name}</strong>
                <span className="muted">{s.owner}</span>
              </div>
              <div className="rank-figures">
                <strong>{formatBRL(s.revenue)}</strong>
                <span className="muted">{s.orders} pedidos</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

export function RevenueByMonth({ months }: { months: DashboardMetrics['revenueByMonth'] }) {
  const max = Math.max(0, ...months.map((m) => m.revenue))
  return (
    <Card title="Receita por Mês">
      {months.length === 0 || max === 0 ? (
        NO_DATA
      ) : (
        <div className="bars">
          {months.map((m) => (
            <div key={m.month} className="bar-col" title={`${m.month}: ${formatBRL(m.revenue)}`}>
              <div className="bar" style={{ height: `${Math.max(4, (m.revenue / max) * 100)}%` }} />
              <span className="bar-label">{m.month}</span>
            </div>
          ))}
        </div>
      )}
    </Card>
  )
}

export function PaymentDistribution({ methods }: { methods: DashboardMetrics['paymentMethods'] }) {
  return (
    <Card title="Formas de Pagamento">
      {methods.length === 0 ? (
        NO_DATA
      ) : (
        <ul className="share-list">
          {methods.map((p) => (
            <li key={p.type || p.name}>
              <div className="share-head">
                <span>{p.name || p.type}</span>
                <span className="muted">
                  {formatPercent(p.percentage)} · {formatBRL(p.value)}
                </span>
              </div>
              <div className="share-track">
                <div className="share-fill" style={{ width: `${Math.min(100, Math.max(0, p.percentage))}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function PerformanceSummary({ m, platform }: { m: DashboardMetrics; platform: boolean }) {
  const rows: [string, string][] = [
    ['Avaliação média', typeof m.averageRating === 'number' ? `${formatDecimal(m.averageRating)} / 5` : '--'],
    ['Taxa de entrega', formatPercent(m.deliveryRate)],
    ['Satisfação', formatPercent(m.customerSatisfaction)],
    platform
      ? ['Visualizações totais', typeof m.totalViews === 'number' ? m.totalViews.toLocaleString('pt-BR') : '--']
      : ['Taxa de conversão', formatPercent(m.conversionRate)],
  ]
  return (
    <Card title="Resumo de Desempenho">
      <dl className="kv">
        {rows.map(([k, v]) => (
          <div key={k} className="kv-row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
