import { describe, expect, it } from 'vitest'
import { addIntervals, monthlyCents, periodOf } from './periods'

const iso = (d: Date) => d.toISOString().slice(0, 10)
const month = { unit: 'MONTH' as const, count: 1 }

describe('billing periods keep the anchor day', () => {
  it('31 Jan → 28 Feb → 31 Mar → 30 Apr (non-leap year)', () => {
    const anchor = new Date('2027-01-31T15:00:00Z')
    expect([1, 2, 3, 4].map((n) => iso(addIntervals(anchor, month, n)))).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ])
  })
  it('29 Feb in a leap year', () => {
    expect(iso(addIntervals(new Date('2028-01-31T00:00:00Z'), month, 1))).toBe('2028-02-29')
  })
  it('keeps the time of day and crosses the year', () => {
    expect(addIntervals(new Date('2026-11-30T10:20:30Z'), { unit: 'MONTH', count: 3 }, 1).toISOString()).toBe(
      '2027-02-28T10:20:30.000Z',
    )
  })
  it('yearly from 29 Feb lands on 28 Feb, and 29 Feb again four years on', () => {
    const anchor = new Date('2028-02-29T00:00:00Z')
    expect(iso(addIntervals(anchor, { unit: 'YEAR', count: 1 }, 1))).toBe('2029-02-28')
    expect(iso(addIntervals(anchor, { unit: 'YEAR', count: 1 }, 4))).toBe('2032-02-29')
  })
  it('weeks are 7 days', () => {
    expect(iso(addIntervals(new Date('2026-12-28T00:00:00Z'), { unit: 'WEEK', count: 2 }, 1))).toBe('2027-01-11')
  })
  it('periods chain without gaps', () => {
    const anchor = new Date('2027-01-31T00:00:00Z')
    for (let n = 1; n < 24; n++) expect(periodOf(anchor, month, n).end).toEqual(periodOf(anchor, month, n + 1).start)
  })
  it('monthly equivalents', () => {
    expect(monthlyCents(4990, month)).toBe(4990)
    expect(monthlyCents(12000, { unit: 'YEAR', count: 1 })).toBe(1000)
    expect(monthlyCents(9000, { unit: 'MONTH', count: 3 })).toBe(3000)
    expect(monthlyCents(1200, { unit: 'WEEK', count: 1 })).toBe(5200)
  })
})
