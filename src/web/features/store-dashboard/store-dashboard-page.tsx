import { Banknote, CreditCard, Hourglass, Receipt, Repeat, Ticket, TrendingDown, TrendingUp, Users } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useParams } from 'react-router-dom'
import { formatBRL } from '../../../shared/money'
import { PERIOD_LABELS, type StoreDashboardPeriod } from '../../../shared/ordering-rules'
import { useStores } from '../../lib/store-context'
import { Alert, Button, EmptyState, Loading, PageHeader, Select, StatCard } from '../../ui'
import { RecoveryFigures } from '../recovery'
import { loadSubscriptionFigures } from '../subscriptions'
import { useStoreDashboard } from './api/get-store-dashboard'
import { MilestoneCard } from './components/milestone-card'
import { ReadinessChecklist } from './components/readiness-checklist'
import { Trend, TrendCard } from './components/trend'
import { returningShare } from './model'
import './store-dashboard.css'

const SubscriptionFigures = lazy(loadSubscriptionFigures)

const PERIODS: StoreDashboardPeriod[] = ['today', 'yesterday', '7days', '30days', '90days', '1year']
const pct = (n: number) => `${n.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`

/** The store's dashboard (spec 000 §2 'Store dashboard'): the period's sales and the all-time milestones. */
export default function StoreDashboardPage() {
  const { storeId } = useParams()
  const { stores } = useStores()
  const store = stores.find((s) => s.id === storeId)
  const [period, setPeriod] = useState<StoreDashboardPeriod>('30days')
  const dash = useStoreDashboard(storeId, period)
  const allTime = useStoreDashboard(storeId, 'all')
  const refreshing = dash.isFetching || allTime.isFetching

  const header = (
    <PageHeader
      title={store?.name ?? 'Dashboard'}
      subtitle="Painel de controle da loja"
      actions={
        <>
          <Select
            aria-label="Período"
            value={period}
            onChange={(e) => setPeriod(e.target.value as StoreDashboardPeriod)}
            fieldClassName="sd-period"
            options={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          />
          <Button
            variant="secondary"
            loading={refreshing}
            loadingText="Atualizando..."
            onClick={() => {
              void dash.refetch()
              void allTime.refetch()
            }}
          >
            Atualizar
          </Button>
        </>
      }
    />
  )

  if (dash.isPending) {
    return (
      <div className="stack">
        {header}
        <Loading message="Carregando dashboard..." />
      </div>
    )
  }
  if (!dash.data) {
    return (
      <div className="stack">
        {header}
        <EmptyState
          icon={<TrendingDown />}
          title="Erro ao carregar dashboard"
          description="Não foi possível carregar os dados do dashboard"
          action={<Button onClick={() => void dash.refetch()}>Tentar Novamente</Button>}
        />
      </div>
    )
  }

  const m = dash.data.metrics
  const share = returningShare(m.totalCustomers, m.returningCustomers)
  return (
    <div className="stack">
      {header}
      {storeId && <ReadinessChecklist storeId={storeId} />}
      {dash.isError && (
        <Alert tone="warning">Não foi possível atualizar os dados. Mostrando os últimos carregados.</Alert>
      )}
      <div className="sd-top">
        <section className="stat-card sd-main">
          <div className="stat-top">
            <span className="stat-label">Vendas Confirmadas</span>
            <Trend value={m.trends.revenue} />
          </div>
          <div className="stat-value sd-main-value">{formatBRL(m.paidRevenue)}</div>
          <div className="stat-hint">
            {m.paidOrdersCount} {m.paidOrdersCount === 1 ? 'pedido pago' : 'pedidos pagos'} · {PERIOD_LABELS[period]}
          </div>
          <div className="stat-hint">Conversão: {pct(m.conversionRate)}</div>
        </section>
        <MilestoneCard revenue={allTime.data?.metrics.paidRevenue} loading={allTime.isPending} />
      </div>
      <div className="grid">
        <StatCard
          label="Vendas Totais"
          icon={<Banknote />}
          value={formatBRL(m.totalRevenue)}
          hint="Pagas e pendentes"
        />
        <TrendCard
          label="Ticket Médio"
          icon={<Ticket />}
          value={formatBRL(m.averageOrderValue)}
          trend={m.trends.averageOrderValue}
        />
        <StatCard
          label="Vendas Pendentes"
          icon={<Hourglass />}
          value={formatBRL(m.pendingRevenue)}
          hint={`${m.pendingOrdersCount} ${m.pendingOrdersCount === 1 ? 'pedido pendente' : 'pedidos pendentes'}`}
        />
        <TrendCard label="Total de Pedidos" icon={<Receipt />} value={m.totalOrders} trend={m.trends.orders} />
        <StatCard
          label="Taxa de Conversão"
          icon={<TrendingUp />}
          value={pct(m.conversionRate)}
          hint="Pedidos pagos sobre o total"
        />
        <StatCard
          label="Formas de Pagamento"
          icon={<CreditCard />}
          value={`${m.pixOrdersCount} PIX · ${m.cardOrdersCount} cartão`}
          hint={m.boletoOrdersCount ? `${m.boletoOrdersCount} boleto` : undefined}
        />
        <TrendCard label="Clientes Únicos" icon={<Users />} value={m.totalCustomers} trend={m.trends.customers} />
        <StatCard
          label="Clientes Recorrentes"
          icon={<Repeat />}
          value={share === null ? '--' : pct(share)}
          hint={
            share === null
              ? 'Nenhum cliente ainda'
              : `${m.returningCustomers} ${m.returningCustomers === 1 ? 'voltou' : 'voltaram'} a comprar`
          }
        />
      </div>
      {/* recovery: recovered sales and revenue, and the rate per kind (all time) */}
      {storeId && <RecoveryFigures storeId={storeId} />}
      {/* subscriptions: active, MRR and churn (only for a store that has subscriptions) */}
      {storeId && (
        <Suspense fallback={null}>
          <SubscriptionFigures storeId={storeId} />
        </Suspense>
      )}
    </div>
  )
}
