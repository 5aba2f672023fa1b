import type { ReactNode } from 'react'
import { StatCard } from '../../../ui'

/** A trend arrow with the absolute percentage (spec 000 §2). */
export function Trend({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return null
  const up = value >= 0
  return (
    <span className={up ? 'sd-trend sd-trend-up' : 'sd-trend sd-trend-down'} title="Em relação ao período anterior">
      {up ? '▲' : '▼'} {Math.abs(value).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%
    </span>
  )
}

/** A StatCard whose hint is the trend against the previous period. */
export function TrendCard({
  trend,
  ...card
}: {
  label: string
  icon: ReactNode
  value: ReactNode
  trend: number | null
}) {
  return <StatCard {...card} hint={<Trend value={trend} />} />
}
