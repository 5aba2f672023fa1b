/**
 * Billing periods (pure). Every period starts at anchor + n intervals, computed from the anchor each time — never
 * from the previous period — so a short month clamps that one period only (31 Jan → 28/29 Feb → 31 Mar) and a late
 * payment never moves the schedule. Days are counted in UTC with the anchor's time of day kept.
 */
import type { IntervalUnit } from './dto'

export interface Interval {
  unit: IntervalUnit
  count: number
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/** anchor + n intervals; a month-end anchor lands on the last day of a shorter month. */
export function addIntervals(anchor: Date, interval: Interval, n: number): Date {
  if (interval.unit === 'WEEK') return new Date(anchor.getTime() + n * interval.count * 7 * 86_400_000)
  const months = (interval.unit === 'YEAR' ? 12 : 1) * interval.count * n
  const total = anchor.getUTCMonth() + months
  const year = anchor.getUTCFullYear() + Math.floor(total / 12)
  const month = ((total % 12) + 12) % 12
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month))
  const d = new Date(anchor.getTime())
  d.setUTCFullYear(year, month, day)
  return d
}

/** Period number `cycle` (1-based) of a subscription anchored at `anchor`. */
export function periodOf(anchor: Date, interval: Interval, cycle: number): { start: Date; end: Date } {
  return { start: addIntervals(anchor, interval, cycle - 1), end: addIntervals(anchor, interval, cycle) }
}

/** How many of these periods fit in a month, as a rational (cents per month = price × 30.4375 / days per period). */
export function monthlyCents(priceCents: number, interval: Interval): number {
  if (interval.unit === 'MONTH') return Math.round(priceCents / interval.count)
  if (interval.unit === 'YEAR') return Math.round(priceCents / (12 * interval.count))
  // 52 weeks a year over 12 months
  return Math.round((priceCents * 52) / (12 * interval.count))
}

export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000)

/** A PIX or boleto renewal's charge is created and e-mailed this many days before its due date. */
export const INVOICE_LEAD_DAYS = 3

/** Methods whose renewal is a charge the buyer pays (no card to charge, no automatic retry). */
export const INVOICE_METHODS: readonly string[] = ['pix', 'bank_slip']

/** PIX Automático: its charge is scheduled in the BCB's D-10..D-2 window, so the cycle is claimed 10 days ahead. */
const PIX_AUTOMATIC_LEAD_DAYS = 10

/** When a cycle due at `dueAt` is first worked on: the due date for a card, ahead of it for PIX/boleto and PIX Automático. */
export function firstAttemptAt(method: string, dueAt: Date) {
  if (method === 'pix_automatic') return addDays(dueAt, -PIX_AUTOMATIC_LEAD_DAYS)
  return INVOICE_METHODS.includes(method) ? addDays(dueAt, -INVOICE_LEAD_DAYS) : dueAt
}
