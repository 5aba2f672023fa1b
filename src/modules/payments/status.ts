/**
 * A charge's later life: what the gateway says about it (postbacks, syncs, expiry), applied under the row's lock with
 * its event in the same transaction.
 */
import { publish } from '../../platform/events'
import type { PaymentStatus } from '../../shared/payments'
import { storeApiKey } from './config-service'
import { paymentRefunded } from './events'
import { GatewayError, type GatewayTransaction } from './gateway-client'
import * as repo from './repository'
import { targetOfCharge } from './routing'
import { announce, chargeRefOf, EXPIRE_JOB, type Log, SYNC_JOB, type WorkerDeps } from './service'
import type { Db, TransactionRowStatus, Trx } from './tables'

/** Which status changes the gateway may make to a transaction we know. */
const TRANSITIONS: Partial<Record<TransactionRowStatus, PaymentStatus[]>> = {
  PENDING: ['PAID', 'REFUSED', 'EXPIRED', 'CANCELLED'],
  // A PIX paid after our expiry: the money arrived, the order module decides what to do.
  EXPIRED: ['PAID'],
  PAID: ['REFUNDED'],
}

export type ApplyResult = 'changed' | 'unchanged' | 'ignored'

/**
 * Applies what the gateway says about a transaction (never what a postback body says). The row is locked, the
 * amount must match, and the event is written in the same database transaction as the status.
 */
export async function applyGatewayState(
  deps: { db: Db; log: Log },
  transactionId: string,
  gw: GatewayTransaction,
): Promise<ApplyResult> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockTransaction(trx, transactionId)
    if (!row || row.gateway_id !== gw.id) return 'ignored'
    const paid = gw.paidAmountCents
    if (
      gw.amountCents !== row.amount_cents ||
      (gw.status === 'PAID' && paid !== null && paid !== 0 && paid !== row.amount_cents)
    ) {
      deps.log.warn(
        { transactionId, gatewayId: gw.id, expected: row.amount_cents, got: gw.amountCents, paid },
        'payment amount mismatch: ignored',
      )
      return 'ignored'
    }
    const refunded = await recordRefunds(trx, row, gw)
    if (gw.status === row.status) return refunded ? 'changed' : 'unchanged'
    if (!TRANSITIONS[row.status]?.includes(gw.status)) {
      deps.log.warn({ transactionId, from: row.status, to: gw.status }, 'payment status change not allowed: ignored')
      return refunded ? 'changed' : 'ignored'
    }
    const next = await repo.updateTransaction(trx, row.id, {
      status: gw.status,
      paid_at: gw.status === 'PAID' ? new Date(gw.paidAt ?? Date.now()) : row.paid_at,
      refused_reason: gw.refusedReason ?? row.refused_reason,
      ...(gw.status === 'REFUNDED' ? { charged_back: gw.chargedBack } : {}),
    })
    await announce(trx, next!, row.status)
    return 'changed'
  })
}

/**
 * The refunds the gateway reports for a paid charge, each announced once (payment.refunded) in the caller's
 * transaction: the postback of a refund we asked for and one made at the gateway's dashboard look the same here.
 */
async function recordRefunds(trx: Trx, row: repo.TransactionRow, gw: GatewayTransaction): Promise<boolean> {
  if (row.status !== 'PAID' && row.status !== 'REFUNDED') return false
  let total = 0
  let announced = false
  for (const refund of gw.refunds) {
    total += refund.amountCents
    if (total > row.amount_cents) break
    const fresh = await repo.insertRefund(trx, {
      transaction_id: row.id,
      gateway_refund_id: refund.id,
      amount_cents: refund.amountCents,
      external_ref: refund.externalRef,
    })
    if (!fresh) continue
    announced = true
    await publish(trx, paymentRefunded, {
      ...chargeRefOf(row),
      gatewayRefundId: refund.id,
      amountCents: refund.amountCents,
      externalRef: refund.externalRef,
      refundedTotalCents: total,
    })
  }
  return announced
}

/**
 * A refund the gateway answered for a charge it cannot be re-read as (a PIX Automático payment: its QR's payment or a
 * debit, which the port refunds but `read` does not know): recorded from that answer exactly as a re-read records one
 * — a payment_refunds row and payment.refunded once per gateway refund id, REFUNDED (payment.status_changed) when
 * nothing is left — under the row's lock, so the answer and a retry of it apply it once.
 */
export async function applyAnsweredRefund(
  deps: { db: Db },
  transactionId: string,
  refund: { id: string; amountCents: number; externalRef: string | null },
): Promise<ApplyResult> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockTransaction(trx, transactionId)
    if (!row || (row.status !== 'PAID' && row.status !== 'REFUNDED')) return 'ignored'
    const before = await repo.refundedCents(trx, row.id)
    if (refund.amountCents <= 0 || before + refund.amountCents > row.amount_cents) return 'ignored'
    const fresh = await repo.insertRefund(trx, {
      transaction_id: row.id,
      gateway_refund_id: refund.id,
      amount_cents: refund.amountCents,
      external_ref: refund.externalRef,
    })
    if (!fresh) return 'unchanged'
    const total = before + refund.amountCents
    await publish(trx, paymentRefunded, {
      ...chargeRefOf(row),
      gatewayRefundId: refund.id,
      amountCents: refund.amountCents,
      externalRef: refund.externalRef,
      refundedTotalCents: total,
    })
    if (total === row.amount_cents && row.status === 'PAID') {
      const next = await repo.updateTransaction(trx, row.id, { status: 'REFUNDED', charged_back: false })
      await announce(trx, next!, row.status)
    }
    return 'changed'
  })
}

/** Re-reads a transaction from the gateway with the store's key and applies it. Throws only when retrying helps. */
export async function syncTransaction(deps: WorkerDeps, transactionId: string): Promise<ApplyResult> {
  return (await rereadTransaction(deps, transactionId)).result
}

/** syncTransaction, also giving what the gateway said (absent when it was not asked or did not answer usefully). */
export async function rereadTransaction(
  deps: WorkerDeps,
  transactionId: string,
): Promise<{ result: ApplyResult; gw?: GatewayTransaction }> {
  const row = await repo.findTransaction(deps.db, transactionId)
  if (!row?.gateway_id) return { result: 'ignored' }
  const target = await targetOfCharge(deps, row, () => storeApiKey(deps, row.store_id))
  if (!target) {
    deps.log.warn({ transactionId }, 'payment sync: store has no key')
    return { result: 'ignored' }
  }
  let gw: GatewayTransaction
  try {
    gw = await target.gateway.read(target.key, row.gateway_id)
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'unavailable') throw err
    deps.log.warn({ transactionId, err: (err as Error).message }, 'payment sync: gateway read failed')
    return { result: 'ignored' }
  }
  return { result: await applyGatewayState(deps, transactionId, gw), gw }
}

/**
 * The delayed expiry of a pending transaction: asks the gateway first (a payment may have arrived without a
 * postback), then expires locally what is still pending after its deadline.
 */
export async function expireTransaction(deps: WorkerDeps, transactionId: string): Promise<ApplyResult> {
  const row = await repo.findTransaction(deps.db, transactionId)
  if (row?.status !== 'PENDING') return 'unchanged'
  if (row.expires_at && row.expires_at.getTime() > Date.now()) {
    const delayMs = row.expires_at.getTime() - Date.now()
    await deps.jobs.enqueue(
      EXPIRE_JOB,
      { transactionId },
      { delayMs, jobId: `expire-${transactionId}-${row.expires_at.getTime()}` },
    )
    return 'unchanged'
  }
  const synced = await syncTransaction(deps, transactionId).catch(() => 'ignored' as const)
  if (synced === 'changed') return 'changed'
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockTransaction(trx, transactionId)
    if (locked?.status !== 'PENDING') return 'unchanged'
    const next = await repo.updateTransaction(trx, transactionId, { status: 'EXPIRED' })
    await announce(trx, next!, 'PENDING')
    return 'changed'
  })
}

/** How late a PENDING charge past its expiry is left to its planned job before the sweep expires it itself. */
export const OVERDUE_GRACE_MS = 60_000
const PLAN_PAGE = 500
/** A sweep plans at most this many expiries; the rest come into the next sweep's window, still ahead of time. */
const PLAN_MAX = 20_000

/**
 * Gives each PENDING charge expiring before `aheadMs` from now its delayed expire job, due at its expiry to the
 * millisecond. Called by every sweep with at least twice the sweep's period, so each charge is planned before its
 * time even when one sweep is late; a charge seen again keeps its one job (same job id). Planned here rather than
 * when the charge is created: creating a charge (an order) costs no queue write, and Redis holds only the next
 * minutes' expiries instead of a day of them. Charges more than OVERDUE_GRACE_MS late are not planned: the sweep
 * expires them itself (a lost job, a Redis outage).
 */
export async function planExpiries(deps: WorkerDeps, aheadMs: number): Promise<number> {
  const now = Date.now()
  const from = new Date(now - OVERDUE_GRACE_MS)
  const until = new Date(now + aheadMs)
  let after: { expiresAt: Date; id: string } | undefined
  let planned = 0
  while (planned < PLAN_MAX) {
    const page = await repo.listPendingExpiring(deps.db, from, until, after, PLAN_PAGE)
    await Promise.all(
      page.map(({ id, expires_at }) =>
        deps.jobs.enqueue(
          EXPIRE_JOB,
          { transactionId: id },
          { delayMs: Math.max(0, expires_at!.getTime() - Date.now()), jobId: `expire-${id}` },
        ),
      ),
    )
    planned += page.length
    const last = page.at(-1)
    if (!last || page.length < PLAN_PAGE) break
    after = { expiresAt: last.expires_at!, id: last.id }
  }
  return planned
}

/** The webhook's part: find the transaction a postback names; the job re-reads it from the gateway. */
export async function receivePostback(deps: WorkerDeps, body: unknown): Promise<{ queued: boolean }> {
  const gatewayId = postbackGatewayId(body)
  if (!gatewayId) {
    deps.log.warn('payment postback without a transaction id: ignored')
    return { queued: false }
  }
  const row = await repo.findTransactionByGatewayId(deps.db, gatewayId)
  if (!row) {
    deps.log.warn({ gatewayId }, 'payment postback for an unknown transaction: ignored')
    return { queued: false }
  }
  await deps.jobs.enqueue(SYNC_JOB, { transactionId: row.id })
  return { queued: true }
}

function postbackGatewayId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const b = body as { objectId?: unknown; id?: unknown; data?: { id?: unknown }; transactionId?: unknown }
  for (const v of [b.objectId, b.data?.id, b.transactionId, b.id]) {
    if ((typeof v === 'string' && v.length > 0 && v.length <= 100) || typeof v === 'number') return String(v)
  }
  return undefined
}
