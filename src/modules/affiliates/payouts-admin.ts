/**
 * The admin's side of payouts: a request is approved, then marked paid once the PIX left; or refused, and then the
 * ledger gives its amount back (PAID → AVAILABLE, kind ADJUSTMENT) in the same transaction as the decision. Each
 * decision locks the request first, so two admins deciding at once never both succeed.
 */
import { AppError } from '../../platform/errors'
import { type AdminPayout, AFFILIATE_MESSAGES, type PayoutReject, type PayoutStatus } from '../../shared/affiliates'
import { isUuid } from '../../shared/ids'
import { identityService } from '../identity'
import type { AffiliatesDeps } from './commissions'
import { userAccount } from './ledger'
import { postTransaction } from './ledger.repository'
import { toPayout } from './payouts'
import * as repo from './payouts.repository'
import type { Page } from './repository'
import type { Db, Trx } from './tables'

async function toAdminPayout(db: Db, row: repo.PayoutRow): Promise<AdminPayout> {
  const user = await identityService.findUser(db, row.user_id)
  return {
    ...toPayout(row),
    userId: row.user_id,
    userEmail: user?.email ?? null,
    userName: user?.name ?? null,
    approvedAt: row.approved_at?.toISOString() ?? null,
    paidAt: row.paid_at?.toISOString() ?? null,
    rejectedAt: row.rejected_at?.toISOString() ?? null,
  }
}

export async function listPayouts(db: Db, filter: { status?: PayoutStatus }, page: Page): Promise<AdminPayout[]> {
  const rows = await repo.listPayouts(db, filter, page)
  return Promise.all(rows.map((r) => toAdminPayout(db, r)))
}

type Decision = { action: 'approve' } | { action: 'pay' } | ({ action: 'reject' } & PayoutReject)

/** The transitions an admin may make, and the refusal for each state that does not allow them (409). */
function next(status: PayoutStatus, d: Decision): 'APPROVED' | 'PAID' | 'REJECTED' {
  if (status === 'PAID' || status === 'REJECTED') throw new AppError(409, AFFILIATE_MESSAGES.payoutFinished)
  if (d.action === 'approve') {
    if (status !== 'REQUESTED') throw new AppError(409, AFFILIATE_MESSAGES.payoutNotRequested)
    return 'APPROVED'
  }
  if (d.action === 'pay') {
    if (status !== 'APPROVED') throw new AppError(409, AFFILIATE_MESSAGES.payoutNotApproved)
    return 'PAID'
  }
  return 'REJECTED'
}

/** Gives a refused request back to the stores' available balances it was taken from. */
async function giveBack(trx: Trx, row: repo.PayoutRow, at: Date) {
  const account = userAccount(row.user_id)
  for (const part of await repo.payoutParts(trx, row.id, account)) {
    if (!part.cents) continue
    await postTransaction(trx, {
      key: `payout-rejected:${row.id}:${part.storeId}`,
      storeId: part.storeId,
      orderId: null,
      kind: 'ADJUSTMENT',
      at,
      entries: [
        { account, bucket: 'PAID', kind: 'ADJUSTMENT', amountCents: -part.cents, commissionId: null },
        { account, bucket: 'AVAILABLE', kind: 'ADJUSTMENT', amountCents: part.cents, commissionId: null },
      ],
    })
  }
}

export async function decidePayout(
  deps: AffiliatesDeps,
  adminId: string,
  id: string,
  decision: Decision,
): Promise<AdminPayout> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = isUuid(id) ? await repo.lockPayout(trx, id) : undefined
    if (!found) throw new AppError(404, AFFILIATE_MESSAGES.payoutNotFound)
    const status = next(found.status, decision)
    const at = deps.clock.now()
    if (status === 'REJECTED') await giveBack(trx, found, at)
    return repo.decidePayout(trx, found.id, {
      status,
      by: adminId,
      at,
      reason: decision.action === 'reject' ? decision.reason : undefined,
    })
  })
  return toAdminPayout(deps.db, row)
}
