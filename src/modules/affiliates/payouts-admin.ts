/**
 * The admin's side of payouts: a request is approved, then marked paid once the PIX left; or refused, and then the
 * ledger gives its amount back (PAID → AVAILABLE, kind ADJUSTMENT) in the same transaction as the decision. Each
 * decision locks the request first, so two admins deciding at once never both succeed. With the platform's Asaas
 * key configured, approving sends the payout as a PIX transfer instead (PROCESSING; payout-transfers.ts ends it).
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
    failedAt: row.failed_at?.toISOString() ?? null,
    transfer: row.transfer_status ? { id: row.transfer_id, status: row.transfer_status } : null,
  }
}

export async function listPayouts(db: Db, filter: { status?: PayoutStatus }, page: Page): Promise<AdminPayout[]> {
  const rows = await repo.listPayouts(db, filter, page)
  return Promise.all(rows.map((r) => toAdminPayout(db, r)))
}

type Decision = { action: 'approve' } | { action: 'pay' } | ({ action: 'reject' } & PayoutReject)

/** The transitions an admin may make, and the refusal for each state that does not allow them (409). */
function next(status: PayoutStatus, d: Decision, byTransfer: boolean): 'APPROVED' | 'PROCESSING' | 'PAID' | 'REJECTED' {
  if (status === 'PAID' || status === 'REJECTED' || status === 'FAILED')
    throw new AppError(409, AFFILIATE_MESSAGES.payoutFinished)
  // The transfer decides how it ends (Asaas's answer, webhook or periodic read), never a second hand.
  if (status === 'PROCESSING') throw new AppError(409, AFFILIATE_MESSAGES.payoutInTransfer)
  if (d.action === 'approve') {
    if (status !== 'REQUESTED') throw new AppError(409, AFFILIATE_MESSAGES.payoutNotRequested)
    return byTransfer ? 'PROCESSING' : 'APPROVED'
  }
  if (d.action === 'pay') {
    if (status !== 'APPROVED') throw new AppError(409, AFFILIATE_MESSAGES.payoutNotApproved)
    return 'PAID'
  }
  return 'REJECTED'
}

/** Gives a refused (or failed) request back to the stores' available balances it was taken from. */
export async function giveBack(trx: Trx, row: repo.PayoutRow, at: Date, why: 'rejected' | 'failed' = 'rejected') {
  const account = userAccount(row.user_id)
  for (const part of await repo.payoutParts(trx, row.id, account)) {
    if (!part.cents) continue
    await postTransaction(trx, {
      key: `payout-${why}:${row.id}:${part.storeId}`,
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

/**
 * `byTransfer`: the platform's Asaas key is set, so an approval is sent as a PIX transfer (the caller queues
 * payout-transfers' job after this commits; the periodic read picks it up should that queueing be lost).
 */
export async function decidePayout(
  deps: AffiliatesDeps & { byTransfer?: boolean },
  adminId: string,
  id: string,
  decision: Decision,
): Promise<AdminPayout> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = isUuid(id) ? await repo.lockPayout(trx, id) : undefined
    if (!found) throw new AppError(404, AFFILIATE_MESSAGES.payoutNotFound)
    const status = next(found.status, decision, deps.byTransfer === true)
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
