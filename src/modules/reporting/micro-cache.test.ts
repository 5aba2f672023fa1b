import { describe, expect, it, vi } from 'vitest'
import { microCache } from './micro-cache'

describe('dashboard micro-cache', () => {
  it('shares one computation per key within the window, then computes again; failures are not kept', async () => {
    vi.useFakeTimers()
    try {
      const cache = microCache<number>(2000, 2)
      let runs = 0
      const compute = async () => ++runs
      expect(await Promise.all([cache('a', compute), cache('a', compute)])).toEqual([1, 1])
      vi.advanceTimersByTime(1999)
      expect(await cache('a', compute)).toBe(1)
      vi.advanceTimersByTime(1)
      expect(await cache('a', compute)).toBe(2)
      await expect(cache('b', async () => Promise.reject(new Error('x')))).rejects.toThrow('x')
      expect(await cache('b', compute)).toBe(3)
      await cache('c', compute)
      await cache('d', compute)
      // 'a' was the oldest of three keys over the bound of two
      expect(await cache('a', compute)).toBe(6)
    } finally {
      vi.useRealTimers()
    }
  })
})
