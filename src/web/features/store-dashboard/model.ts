import { REVENUE_MILESTONES } from '../../../shared/ordering-rules'

export interface MilestoneProgress {
  /** Progress inside the current tier, 0-100 with one decimal. */
  percent: number
  achieved: number[]
  next: number | null
  remaining: number
}

/** The three revenue tiers (R$10k, R$100k, R$1M) on all-time paid revenue; progress is shown within the tier. */
export function milestoneProgress(revenue: number): MilestoneProgress {
  const achieved = REVENUE_MILESTONES.filter((m) => revenue >= m)
  const next = REVENUE_MILESTONES.find((m) => revenue < m) ?? null
  if (next === null) return { percent: 100, achieved, next: null, remaining: 0 }
  const floor = achieved.at(-1) ?? 0
  const percent = Math.max(0, Math.min(100, Math.round(((revenue - floor) / (next - floor)) * 1000) / 10))
  return { percent, achieved, next, remaining: Math.round((next - revenue) * 100) / 100 }
}

/** Share of customers who came back, with one decimal; null without customers. */
export function returningShare(total: number, returning: number): number | null {
  return total > 0 ? Math.round((returning / total) * 1000) / 10 : null
}
