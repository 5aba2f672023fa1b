import { saoPauloDay, TIME_ZONE } from './dates'
import type { StoreDashboardPeriod } from './ordering-rules'

export interface PeriodRange {
  /** Inclusive start; null for all time. */
  from: Date | null
  /** Exclusive end. */
  to: Date
  /** The period of the same calendar length just before, for trends (null for all time). */
  previous: { from: Date; to: Date } | null
}

const offsetFmt = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })

/** São Paulo's UTC offset in minutes at an instant (−180 today; the zone had summer time until 2019). */
function offsetMinutes(at: Date): number {
  const name = offsetFmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/** The instant a São Paulo calendar day (YYYY-MM-DD) starts. */
export function startOfDay(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`)
  const guess = new Date(utcMidnight.getTime() - offsetMinutes(utcMidnight) * 60_000)
  // Correct once more in case the offset differs at the local midnight itself.
  return new Date(utcMidnight.getTime() - offsetMinutes(guess) * 60_000)
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

const DAYS: Record<Exclude<StoreDashboardPeriod, 'today' | 'yesterday' | 'all'>, number> = {
  '7days': 7,
  '30days': 30,
  '90days': 90,
  '1year': 365,
}

/** Calendar periods in America/Sao_Paulo: "7days" is today and the six days before it. */
export function periodRange(period: StoreDashboardPeriod, now: Date = new Date()): PeriodRange {
  const today = saoPauloDay(now)
  const todayStart = startOfDay(today)
  switch (period) {
    case 'all':
      return { from: null, to: now, previous: null }
    case 'today':
      return {
        from: todayStart,
        to: now,
        previous: { from: startOfDay(addDays(today, -1)), to: todayStart },
      }
    case 'yesterday': {
      const from = startOfDay(addDays(today, -1))
      return { from, to: todayStart, previous: { from: startOfDay(addDays(today, -2)), to: from } }
    }
    default: {
      const days = DAYS[period]
      const from = startOfDay(addDays(today, -(days - 1)))
      return { from, to: now, previous: { from: startOfDay(addDays(today, -(2 * days - 1))), to: from } }
    }
  }
}

/** YYYY-MM of an instant in São Paulo. */
export function saoPauloMonth(at: Date): string {
  return saoPauloDay(at).slice(0, 7)
}

/** Every month from `from` to `to` (YYYY-MM), at most the last `max`. */
export function monthsBetween(from: string, to: string, max = 12): string[] {
  const out: string[] = []
  let [y, m] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`)
    m++
    if (m > 12) {
      m = 1
      y++
    }
  }
  return out.slice(-max)
}

/** Percentage change with one decimal; null when there is nothing to compare with. */
export function trend(current: number, previous: number | undefined): number | null {
  // No baseline, no arrow: an empty store's '▲ 0%' before its first sale says nothing true.
  if (previous === undefined || previous === 0) return null
  return Math.round(((current - previous) / previous) * 1000) / 10
}

/** São Paulo days [fromDay, toDay) covering an instant range whose start is a day start; an end inside a day counts that day. */
export function dayRange(from: Date | null, to: Date): { fromDay: string | null; toDay: string } {
  const lastDay = saoPauloDay(to)
  const toDay = startOfDay(lastDay).getTime() === to.getTime() ? lastDay : addDays(lastDay, 1)
  return { fromDay: from ? saoPauloDay(from) : null, toDay }
}
