/**
 * The ledger's posting rules, pure: each builds one transaction's entries, and every transaction sums to zero
 * (double entry: money leaves one account for others, never appears or vanishes). The database checks it again at
 * commit (a deferred constraint trigger), and a transaction's key makes each posting happen once.
 *
 * Accounts: 'gateway' (what buyers paid in; goes negative by each sale), 'platform' (fees), 'store:<id>' (the
 * producer's rest) and 'user:<id>' (an affiliate). Shares sit in a bucket: PENDING until released, then AVAILABLE.
 */
import type { LedgerBucket, LedgerKind } from '../../shared/affiliates'
import { largestRemainder } from './split'

export const GATEWAY = 'gateway'
export const PLATFORM = 'platform'
export const userAccount = (userId: string) => `user:${userId}`
export const storeAccount = (storeId: string) => `store:${storeId}`

export interface Posting {
  account: string
  bucket: LedgerBucket
  kind: LedgerKind
  amountCents: number
  commissionId: string | null
}

export interface LedgerTxn {
  /** Same key twice is one posting: how a re-delivered event stays a no-op. */
  key: string
  storeId: string
  orderId: string | null
  kind: 'SALE' | 'RELEASE' | 'REFUND' | 'CHARGEBACK' | 'PAYOUT' | 'ADJUSTMENT'
  at: Date
  entries: Posting[]
}

export class UnbalancedError extends Error {}

export function assertBalanced(entries: readonly Posting[]): void {
  for (const e of entries) if (!Number.isSafeInteger(e.amountCents)) throw new UnbalancedError('amount not in cents')
  const sum = entries.reduce((a, e) => a + e.amountCents, 0)
  if (sum !== 0) throw new UnbalancedError(`entries sum to ${sum}, not 0`)
}

export interface ShareLine {
  commissionId: string | null
  account: string
  amountCents: number
}

/** A paid order: the buyer's money leaves the gateway account; fees to the platform, each share PENDING. */
export function salePostings(p: { totalCents: number; feeCents: number; shares: readonly ShareLine[] }): Posting[] {
  const entries: Posting[] = [
    { account: GATEWAY, bucket: 'NONE', kind: 'SALE', amountCents: -p.totalCents, commissionId: null },
  ]
  if (p.feeCents)
    entries.push({ account: PLATFORM, bucket: 'NONE', kind: 'FEE', amountCents: p.feeCents, commissionId: null })
  for (const s of p.shares)
    if (s.amountCents)
      entries.push({
        account: s.account,
        bucket: 'PENDING',
        kind: 'SALE',
        amountCents: s.amountCents,
        commissionId: s.commissionId,
      })
  assertBalanced(entries)
  return entries
}

/**
 * A share's release date passed: what is left of it moves from PENDING to AVAILABLE, or to PAID when the gateway
 * paid it to the partner's wallet at settlement (kind PAYOUT: it left through the gateway, not through a payout).
 */
export function releasePostings(s: ShareLine, paidByGateway = false): Posting[] {
  if (paidByGateway)
    return [
      {
        account: s.account,
        bucket: 'PENDING',
        kind: 'PAYOUT',
        amountCents: -s.amountCents,
        commissionId: s.commissionId,
      },
      { account: s.account, bucket: 'PAID', kind: 'PAYOUT', amountCents: s.amountCents, commissionId: s.commissionId },
    ]
  return [
    {
      account: s.account,
      bucket: 'PENDING',
      kind: 'RELEASE',
      amountCents: -s.amountCents,
      commissionId: s.commissionId,
    },
    {
      account: s.account,
      bucket: 'AVAILABLE',
      kind: 'RELEASE',
      amountCents: s.amountCents,
      commissionId: s.commissionId,
    },
  ]
}

export interface ReversibleShare extends ShareLine {
  /** What is still credited of this share (its amount less what earlier refunds took back). */
  remainingCents: number
  /**
   * Where that remainder is: PENDING before the release, AVAILABLE after (and then it may go below zero), PAID when
   * the gateway paid it (the gateway takes its split back from the partner's wallet on a refund).
   */
  bucket: 'PENDING' | 'AVAILABLE' | 'PAID'
}

export interface Reversal {
  entries: Posting[]
  /** What each share gives back in this reversal, in the order of the shares given. */
  taken: number[]
}

/**
 * Money of the order went back to the buyer (`cents` of it): the fee and every share give back their part, in
 * proportion to what each still holds (largest remainder), so the parts sum to `cents` exactly and a whole refund
 * takes everything that is left.
 */
export function reversalPostings(p: {
  kind: 'REFUND' | 'CHARGEBACK'
  cents: number
  feeRemainingCents: number
  shares: readonly ReversibleShare[]
}): Reversal {
  const weights = [p.feeRemainingCents, ...p.shares.map((s) => s.remainingCents)]
  const held = weights.reduce((a, b) => a + b, 0)
  const cents = Math.min(p.cents, held)
  if (cents <= 0) return { entries: [], taken: p.shares.map(() => 0) }
  const parts = largestRemainder(cents, weights)
  const entries: Posting[] = [
    { account: GATEWAY, bucket: 'NONE', kind: p.kind, amountCents: cents, commissionId: null },
  ]
  if (parts[0])
    entries.push({ account: PLATFORM, bucket: 'NONE', kind: p.kind, amountCents: -parts[0], commissionId: null })
  const taken = parts.slice(1)
  p.shares.forEach((s, i) => {
    const part = taken[i]!
    if (part)
      entries.push({
        account: s.account,
        bucket: s.bucket,
        kind: p.kind,
        amountCents: -part,
        commissionId: s.commissionId,
      })
  })
  assertBalanced(entries)
  return { entries, taken }
}
