import { describe, expect, it } from 'vitest'
import { largestRemainder, splitNet } from './split'

// A small deterministic generator: the same 10,000 orders on every run.
function rng(seed: number) {
  let s = seed >>> 0
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s % n
  }
}

describe('largestRemainder', () => {
  it('gives the centavo left over to the largest remainder', () => {
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(largestRemainder(10, [1, 2])).toEqual([3, 7])
    expect(largestRemainder(0, [5, 5])).toEqual([0, 0])
  })

  it('refuses what is not a split', () => {
    expect(() => largestRemainder(10, [0, 0])).toThrow(RangeError)
    expect(() => largestRemainder(1.5, [1])).toThrow(RangeError)
  })
})

describe('splitNet', () => {
  it('takes the affiliate % of the net, co-producers of what is left, the producer the rest', () => {
    expect(splitNet({ totalCents: 10_000, feeCents: 1_000, affiliateBps: 5_000, coproducerBps: [2_000] })).toEqual({
      netCents: 9_000,
      affiliateCents: 4_500,
      coproducerCents: [900],
      producerCents: 3_600,
    })
  })

  it('10,000 random orders: the parts sum to the net to the centavo, each within a centavo of its exact share', () => {
    const next = rng(37)
    for (let i = 0; i < 10_000; i++) {
      const totalCents = 1 + next(10_000_000)
      const feeCents = next(totalCents + 1)
      const affiliateBps = next(10_001)
      const n = next(4)
      const co: number[] = []
      let left = 10_000
      for (let j = 0; j < n; j++) {
        const c = next(left + 1)
        co.push(c)
        left -= c
      }
      const s = splitNet({ totalCents, feeCents, affiliateBps, coproducerBps: co })
      const parts = [s.affiliateCents, ...s.coproducerCents, s.producerCents]
      expect(parts.reduce((a, b) => a + b, 0)).toBe(totalCents - feeCents)
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true)
      expect(Math.abs(s.affiliateCents - (s.netCents * affiliateBps) / 10_000)).toBeLessThan(1)
    }
  })
})
