import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { usesPlatformDashboard } from '../../lib/roles'
import { useCurrentUser } from '../../lib/session-context'
import { Button, Card, EmptyState, Loading, PageHeader, Select } from '../../ui'
import { useGeneralDashboard } from './api/get-admin-dashboard'
import { PaymentDistribution, PerformanceSummary, RevenueByMonth, TopStores } from './components/dashboard-panels'
import { AdminMetricCards, MerchantMetricCards } from './components/metric-cards'
import { RecentTransactions } from './components/recent-transactions'
import { DEFAULT_PERIOD, PERIODS, type Period } from './model'

/** The shared dashboard screen (spec 000 §2 General dashboard): platform figures for admin, a local default otherwise. */
export function GeneralDashboard() {
  const user = useCurrentUser()
  const platform = usesPlatformDashboard(user.role)
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const { data, isLoading, isError, isFetching, refetch } = useGeneralDashboard(period, platform)

  const header = (
    <PageHeader
      title={platform ? 'Painel Administrativo' : 'Dashboard Geral'}
      subtitle={platform ? 'Visão geral de toda a plataforma' : 'Visão geral das suas vendas'}
      actions={
        <Select
          aria-label="Período"
          value={period}
          onChange={(e) => setPeriod(e.target.value as Period)}
          fieldClassName="period-select"
          options={PERIODS}
        />
      }
    />
  )

  if (isLoading)
    return (
      <>
        {header}
        <Loading message="Carregando dashboard..." />
      </>
    )
  if (isError || !data) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            icon={<TriangleAlert />}
            title="Dashboard Indisponível"
            description="Não foi possível carregar os dados do dashboard no momento."
            action={
              <Button onClick={refetch} loading={isFetching}>
                Tentar Novamente
              </Button>
            }
          />
        </Card>
      </>
    )
  }
  const m = data.metrics
  return (
    <div className="stack" aria-busy={isFetching || undefined}>
      {header}
      {platform ? <AdminMetricCards m={m} /> : <MerchantMetricCards m={m} />}
      <div className="dash-grid">
        {platform ? <TopStores stores={data.topStores} /> : <RevenueByMonth months={m.revenueByMonth} />}
        <RecentTransactions orders={data.recentOrders} showStore={platform} />
        <PaymentDistribution methods={m.paymentMethods} />
        <PerformanceSummary m={m} platform={platform} />
      </div>
    </div>
  )
}
