import { BadgeCheck, Calculator, DollarSign, Package, Percent, Receipt, Store, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatBRL } from '../../../../shared/money'
import { StatCard } from '../../../ui'
import { type DashboardMetrics, formatPercent } from '../model'

function Trend({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null
  const up = value >= 0
  return (
    <span className={up ? 'trend trend-up' : 'trend trend-down'}>
      {up ? '▲' : '▼'} {formatPercent(Math.abs(value))}
    </span>
  )
}

/** A StatCard whose hint is the change against the previous period. */
function TrendCard({
  trend,
  ...card
}: {
  label: string
  icon: ReactNode
  value: ReactNode
  trend: number | null | undefined
}) {
  return <StatCard {...card} hint={<Trend value={trend} />} />
}

const int = (n: number) => n.toLocaleString('pt-BR')

export function AdminMetricCards({ m }: { m: DashboardMetrics }) {
  return (
    <div className="grid">
      <TrendCard
        label="Receita Total da Plataforma"
        icon={<DollarSign />}
        value={formatBRL(m.totalRevenue)}
        trend={m.revenueTrend}
      />
      <TrendCard label="Total de Pedidos" icon={<Receipt />} value={int(m.totalOrders)} trend={m.ordersTrend} />
      <TrendCard label="Total de Lojas" icon={<Store />} value={int(m.totalStores)} trend={m.storesTrend} />
      <TrendCard label="Total de Usuários" icon={<Users />} value={int(m.totalUsers)} trend={m.usersTrend} />
      <StatCard label="Lojas Ativas" icon={<BadgeCheck />} value={`${int(m.activeStores)} / ${int(m.totalStores)}`} />
      <StatCard
        label="Taxa da Plataforma"
        icon={<Percent />}
        value={formatBRL(m.platformFee)}
        hint={`${m.platformFeePercentage}% sobre a receita`}
      />
      <StatCard label="Ticket Médio" icon={<Calculator />} value={formatBRL(m.averageOrderValue)} />
    </div>
  )
}

export function MerchantMetricCards({ m }: { m: DashboardMetrics }) {
  return (
    <div className="grid">
      <TrendCard label="Receita" icon={<DollarSign />} value={formatBRL(m.totalRevenue)} trend={m.revenueTrend} />
      <TrendCard label="Meus Pedidos" icon={<Receipt />} value={int(m.totalOrders)} trend={m.ordersTrend} />
      <StatCard label="Ticket Médio" icon={<Calculator />} value={formatBRL(m.averageOrderValue)} />
      <StatCard label="Produtos Ativos" icon={<Package />} value={int(m.totalProducts)} />
    </div>
  )
}
