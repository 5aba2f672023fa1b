import { describe, expect, it } from 'vitest'
import { addDays, monthsBetween, periodRange, startOfDay, trend } from './periods'

describe('periods in America/Sao_Paulo', () => {
  it('starts a São Paulo day at 03:00 UTC (and at 02:00 UTC in the old summer time)', () => {
    expect(startOfDay('2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z')
    expect(startOfDay('2018-12-10').toISOString()).toBe('2018-12-10T02:00:00.000Z')
  })

  it('computes today, yesterday and N-day periods by São Paulo calendar', () => {
    // 01:30 UTC on the 10th is still the 9th in São Paulo
    const now = new Date('2026-03-10T01:30:00Z')
    const today = periodRange('today', now)
    expect(today.from?.toISOString()).toBe('2026-03-09T03:00:00.000Z')
    expect(today.previous?.from.toISOString()).toBe('2026-03-08T03:00:00.000Z')
    const yesterday = periodRange('yesterday', now)
    expect(yesterday.from?.toISOString()).toBe('2026-03-08T03:00:00.000Z')
    expect(yesterday.to.toISOString()).toBe('2026-03-09T03:00:00.000Z')
    const week = periodRange('7days', now)
    expect(week.from?.toISOString()).toBe('2026-03-03T03:00:00.000Z')
    expect(week.previous?.from.toISOString()).toBe('2026-02-24T03:00:00.000Z')
    expect(periodRange('all', now)).toMatchObject({ from: null, previous: null })
  })

  it('lists months and trends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthsBetween('2000-01', '2026-02', 12)).toHaveLength(12)
    expect(trend(150, 100)).toBe(50)
    expect(trend(50, 100)).toBe(-50)
    expect(trend(10, 0)).toBeNull()
    expect(trend(0, 0)).toBeNull()
    expect(trend(0, 5)).toBe(-100)
  })
})
