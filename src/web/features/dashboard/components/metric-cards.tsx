import { BadgeCheck, Calculator, DollarSign, Package, Percent, Receipt, Store, Users } from 'lucide-react'
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

const int = (n: number) => n.toLocaleString('pt-BR')

export function AdminMetricCards({ m }: { m: DashboardMetrics }) {
  return (
    <div className="grid">
      <StatCard
        label="Receita Total da Plataforma"
        icon={<DollarSign />}
        value={formatBRL(m.totalRevenue)}
        hint={<Trend value={m.revenueTrend} />}
      />
      <StatCard
        label="Total de Pedidos"
        icon={<Receipt />}
        value={int(m.totalOrders)}
        hint={<Trend value={m.ordersTrend} />}
      />
      <StatCard
        label="Total de Lojas"
        icon={<Store />}
        value={int(m.totalStores)}
        hint={<Trend value={m.storesTrend} />}
      />
      <StatCard
        label="Total de Usuários"
        icon={<Users />}
        value={int(m.totalUsers)}
        hint={<Trend value={m.usersTrend} />}
      />
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
      <StatCard
        label="Receita"
        icon={<DollarSign />}
        value={formatBRL(m.totalRevenue)}
        hint={<Trend value={m.revenueTrend} />}
      />
      <StatCard
        label="Meus Pedidos"
        icon={<Receipt />}
        value={int(m.totalOrders)}
        hint={<Trend value={m.ordersTrend} />}
      />
      <StatCard label="Ticket Médio" icon={<Calculator />} value={formatBRL(m.averageOrderValue)} />
      <StatCard label="Produtos Ativos" icon={<Package />} value={int(m.totalProducts)} />
    </div>
  )
}
