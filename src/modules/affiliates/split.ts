/**
 * How a paid order's money is divided, in integer cents. Every split uses the largest-remainder rule, so the parts
 * always add up to the whole to the centavo (no part is rounded on its own and no centavo is lost or created).
 */

const BPS = 10_000n

/**
 * `total` divided in proportion to `weights` (non-negative integers, not all zero): each part is its exact share
 * rounded down, and the centavos left go one each to the largest fractional remainders (ties to the earlier part).
 * BigInt inside: an amount times a weight in cents can pass 2^53.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer')
  const w = weights.map((x) => {
    if (!Number.isSafeInteger(x) || x < 0) throw new RangeError('weights must be non-negative integers')
    return BigInt(x)
  })
  const sum = w.reduce((a, b) => a + b, 0n)
  if (sum === 0n) throw new RangeError('weights must not all be zero')
  const t = BigInt(total)
  const parts = w.map((x) => (t * x) / sum)
  const remainders = w.map((x, i) => ({ i, r: (t * x) % sum }))
  let left = t - parts.reduce((a, b) => a + b, 0n)
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))
  for (const { i } of remainders) {
    if (left === 0n) break
    parts[i]! += 1n
    left -= 1n
  }
  return parts.map(Number)
}

export interface SplitInput {
  totalCents: number
  /** The gateway's fee plus the platform's: what never reaches the sellers. */
  feeCents: number
  /** The affiliate's share of the net (0 when nobody is credited). */
  affiliateBps: number
  /** Co-producers' shares of what is left after the affiliate. */
  coproducerBps?: readonly number[]
}

export interface Split {
  netCents: number
  affiliateCents: number
  coproducerCents: number[]
  producerCents: number
}

/** The affiliate's % of the net, then co-producers' % of what is left, the producer the rest. */
export function splitNet(input: SplitInput): Split {
  const { totalCents, affiliateBps } = input
  const co = input.coproducerBps ?? []
  const feeCents = Math.min(Math.max(0, input.feeCents), totalCents)
  const netCents = totalCents - feeCents
  const coSum = co.reduce((a, b) => a + b, 0)
  if (affiliateBps < 0 || affiliateBps > 10_000 || co.some((c) => c < 0) || coSum > 10_000)
    throw new RangeError('shares out of range')
  const a = BigInt(affiliateBps)
  const rest = BPS - a
  // Exact weights over 10^8: affiliate a·10^4, co-producer i (1 − a)·c_i, producer (1 − a)(1 − Σc).
  const weights = [a * BPS, ...co.map((c) => rest * BigInt(c)), rest * (BPS - BigInt(coSum))].map(Number)
  const parts = largestRemainder(netCents, weights)
  return {
    netCents,
    affiliateCents: parts[0]!,
    coproducerCents: parts.slice(1, 1 + co.length),
    producerCents: parts[1 + co.length]!,
  }
}
