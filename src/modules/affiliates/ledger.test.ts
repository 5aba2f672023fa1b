import { describe, expect, it } from 'vitest'
import { assertBalanced, releasePostings, reversalPostings, salePostings, UnbalancedError } from './ledger'

const sum = (xs: { amountCents: number }[]) => xs.reduce((a, e) => a + e.amountCents, 0)
const shares = [
  { commissionId: 'c1', account: 'user:a', amountCents: 3_333 },
  { commissionId: 'c2', account: 'store:s', amountCents: 6_167 },
]

describe('ledger posting rules', () => {
  it('a sale moves the total out of the gateway into the fee and the pending shares, balanced', () => {
    const e = salePostings({ totalCents: 10_000, feeCents: 500, shares })
    expect(sum(e)).toBe(0)
    expect(e.filter((x) => x.bucket === 'PENDING').map((x) => x.amountCents)).toEqual([3_333, 6_167])
  })

  it('a sale whose shares do not add up to the net is refused', () => {
    expect(() => salePostings({ totalCents: 10_000, feeCents: 0, shares })).toThrow(UnbalancedError)
    expect(() =>
      assertBalanced([{ account: 'x', bucket: 'NONE', kind: 'SALE', amountCents: 0.5, commissionId: null }]),
    ).toThrow()
  })

  it('a release moves a share from PENDING to AVAILABLE', () => {
    const e = releasePostings(shares[0]!)
    expect(sum(e)).toBe(0)
    expect(e.map((x) => [x.bucket, x.amountCents])).toEqual([
      ['PENDING', -3_333],
      ['AVAILABLE', 3_333],
    ])
  })

  it('a whole refund takes back the fee and every share; partial refunds take proportionally and sum exactly', () => {
    const base = shares.map((s) => ({ ...s, remainingCents: s.amountCents, bucket: 'PENDING' as const }))
    const whole = reversalPostings({ kind: 'REFUND', cents: 10_000, feeRemainingCents: 500, shares: base })
    expect(sum(whole.entries)).toBe(0)
    expect(whole.taken).toEqual([3_333, 6_167])

    const first = reversalPostings({ kind: 'REFUND', cents: 3_001, feeRemainingCents: 500, shares: base })
    expect(sum(first.entries)).toBe(0)
    const firstTaken = first.taken
    const feeTaken = -(first.entries.find((e) => e.account === 'platform')?.amountCents ?? 0)
    expect(feeTaken + firstTaken.reduce((a, b) => a + b, 0)).toBe(3_001)
    // The rest of the order afterwards empties every share exactly.
    const rest = base.map((s, i) => ({ ...s, remainingCents: s.amountCents - firstTaken[i]! }))
    const second = reversalPostings({
      kind: 'CHARGEBACK',
      cents: 6_999,
      feeRemainingCents: 500 - feeTaken,
      shares: rest,
    })
    expect(second.taken.map((v, i) => v + firstTaken[i]!)).toEqual([3_333, 6_167])
  })

  it('a released share gives back from AVAILABLE (it may go below zero)', () => {
    const r = reversalPostings({
      kind: 'REFUND',
      cents: 9_500,
      feeRemainingCents: 0,
      shares: [
        { ...shares[0]!, remainingCents: 3_333, bucket: 'AVAILABLE' },
        { ...shares[1]!, remainingCents: 6_167, bucket: 'PENDING' },
      ],
    })
    expect(r.entries.find((e) => e.account === 'user:a')).toMatchObject({ bucket: 'AVAILABLE', amountCents: -3_333 })
  })
})
