import { describe, expect, it } from 'vitest'
import { milestoneProgress, returningShare } from './model'

describe('store dashboard milestones', () => {
  it('measures progress inside the current tier', () => {
    expect(milestoneProgress(0)).toEqual({ percent: 0, achieved: [], next: 10_000, remaining: 10_000 })
    expect(milestoneProgress(5_000)).toMatchObject({ percent: 50, next: 10_000, remaining: 5_000 })
    expect(milestoneProgress(55_000)).toMatchObject({
      percent: 50,
      achieved: [10_000],
      next: 100_000,
      remaining: 45_000,
    })
    expect(milestoneProgress(1_000_000)).toEqual({
      percent: 100,
      achieved: [10_000, 100_000, 1_000_000],
      next: null,
      remaining: 0,
    })
  })

  it('computes the returning share', () => {
    expect(returningShare(0, 0)).toBeNull()
    expect(returningShare(3, 1)).toBe(33.3)
  })
})
