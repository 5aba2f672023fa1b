/**
 * Payouts: an affiliate asks for (part of) the available balance by PIX. The request and its ledger movement
 * (AVAILABLE → PAID, kind PAYOUT) commit together under a per-account lock, so concurrent requests never take more
 * than the balance; a negative balance (a refund after the release) suspends payouts until it is positive again.
 */
import { AppError } from '../../platform/errors'
import { AFFILIATE_MESSAGES, type Payout, type PayoutRequest } from '../../shared/affiliates'
import type { AffiliatesDeps } from './commissions'
import { userAccount } from './ledger'
import { accountBalances, postTransaction } from './ledger.repository'
import * as repo from './payouts.repository'
import type { Page } from './repository'
import { largestRemainder } from './split'
import type { Db } from './tables'

export function toPayout(row: repo.PayoutRow): Payout {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    pixKey: row.pix_key,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    rejectionReason: row.rejection_reason,
    failureReason: row.failure_reason,
  }
}

export async function requestPayout(deps: AffiliatesDeps, userId: string, input: PayoutRequest): Promise<Payout> {
  const account = userAccount(userId)
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockAccount(trx, account)
    const available = (await accountBalances(trx, account)).filter((s) => s.bucket === 'AVAILABLE' && s.cents !== 0)
    if (available.some((s) => s.cents < 0))
      throw new AppError(400, AFFILIATE_MESSAGES.payoutNegative, { amountCents: AFFILIATE_MESSAGES.payoutNegative })
    const total = available.reduce((a, s) => a + s.cents, 0)
    if (input.amountCents > total)
      throw new AppError(400, AFFILIATE_MESSAGES.payoutAboveAvailable, {
        amountCents: AFFILIATE_MESSAGES.payoutAboveAvailable,
      })
    const row = await repo.insertPayout(trx, { userId, amountCents: input.amountCents, pixKey: input.pixKey })
    // Taken from each store's balance in proportion, so every store's part stays exact.
    const parts = largestRemainder(
      input.amountCents,
      available.map((s) => s.cents),
    )
    const at = deps.clock.now()
    for (const [i, s] of available.entries()) {
      const cents = parts[i]!
      if (!cents) continue
      await postTransaction(trx, {
        key: `payout:${row.id}:${s.storeId}`,
        storeId: s.storeId,
        orderId: null,
        kind: 'PAYOUT',
        at,
        entries: [
          { account, bucket: 'AVAILABLE', kind: 'PAYOUT', amountCents: -cents, commissionId: null },
          { account, bucket: 'PAID', kind: 'PAYOUT', amountCents: cents, commissionId: null },
        ],
      })
    }
    return toPayout(row)
  })
}

export async function myPayouts(db: Db, userId: string, page: Page): Promise<Payout[]> {
  return (await repo.userPayouts(db, userId, page)).map(toPayout)
}
