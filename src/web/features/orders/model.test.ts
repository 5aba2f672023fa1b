import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  afterOf,
  FIRST_PAGE,
  filterParams,
  hasFilters,
  NO_FILTERS,
  nextPage,
  previousPage,
  totalPages,
} from './model'

describe('orders page model', () => {
  it('sends only the filters that filter something', () => {
    expect(filterParams(NO_FILTERS)).toEqual({})
    expect(hasFilters(NO_FILTERS)).toBe(false)
    const f = { ...NO_FILTERS, search: '  maria ', status: 'PAID' as const, date: 'week' as const }
    expect(filterParams(f)).toEqual({ search: 'maria', status: 'PAID', date: 'week' })
    expect(hasFilters(f)).toBe(true)
    expect(activeFilterCount(NO_FILTERS)).toBe(0)
    expect(activeFilterCount(f)).toBe(3)
  })

  it('walks keyset pages forward and back', () => {
    const p2 = nextPage(FIRST_PAGE, 'a')
    const p3 = nextPage(p2, 'b')
    expect(afterOf(FIRST_PAGE)).toBeUndefined()
    expect(afterOf(p2)).toBe('a')
    expect(afterOf(p3)).toBe('b')
    const back = previousPage(p3)
    expect(afterOf(back)).toBe('a')
    // Going forward again from page 2 replaces the stale cursor.
    expect(afterOf(nextPage(back, 'c'))).toBe('c')
    expect(previousPage(FIRST_PAGE)).toBe(FIRST_PAGE)
    expect(totalPages(0, 20)).toBe(1)
    expect(totalPages(41, 20)).toBe(3)
  })
})
