import { describe, expect, it } from 'vitest'
import { COUNT_UP_MAX_MS, COUNT_UP_MIN_MS, countUpDuration } from './count-up'

describe('counter animation length', () => {
  it('stays within the spec 400–1200 ms, longer for bigger figures', () => {
    for (const n of [0, 1, 9, 42, 5847, 1_000_000, 1e12]) {
      const ms = countUpDuration(n)
      expect(ms).toBeGreaterThanOrEqual(COUNT_UP_MIN_MS)
      expect(ms).toBeLessThanOrEqual(COUNT_UP_MAX_MS)
    }
    expect(countUpDuration(5847)).toBeGreaterThan(countUpDuration(9))
    expect(countUpDuration(1e12)).toBe(COUNT_UP_MAX_MS)
  })
})
