import { DollarSign, RotateCcw } from 'lucide-react'
import { formatBRL } from '../../../../shared/money'
import { RECOVERY_KIND_LABELS } from '../../../../shared/recovery'
import { StatCard } from '../../../ui'
import { useRecoverySummary } from '../api/recovery'

/** Recovered orders and revenue, and the rate per kind (abandoned, refused, expired): the page and the dashboard. */
export function RecoveryFigures({ storeId }: { storeId: string }) {
  const summary = useRecoverySummary(storeId)
  if (!summary.data) return null
  const s = summary.data
  return (
    <div className="rc-figures">
      <StatCard label="Vendas recuperadas" value={String(s.recoveredOrders)} icon={<RotateCcw />} />
      <StatCard label="Receita recuperada" value={formatBRL(s.recoveredRevenue)} icon={<DollarSign />} />
      {s.kinds.map((k) => (
        <StatCard
          key={k.kind}
          label={`Recuperação · ${RECOVERY_KIND_LABELS[k.kind]}`}
          value={`${k.rate.toLocaleString('pt-BR')}%`}
          hint={`${k.recoveredOrders} de ${k.sessions} · ${formatBRL(k.recoveredRevenue)}`}
        />
      ))}
    </div>
  )
}
