/**
 * Reconciliation with the gateway: a postback lost or never sent (the gateway's, or an api killed between the payment
 * and the postback) must not leave a paid order PENDING. Every RECONCILE_EVERY_MS (one run across every process) the
 * oldest PENDING order charges at least RECONCILE_AFTER_MS old and not expired are asked of the gateway again, at most
 * RECONCILE_BATCH per run, each charge backing off (period × 2^asks, capped at RECONCILE_MAX_INTERVAL_MS): so a paid
 * charge is seen within max interval + period of its payment, and the cost per run is bounded.
 */
import type { JobContext } from '../../platform/jobs'
import * as repo from './reconcile.repository'
import type { WorkerDeps } from './service'
import { syncTransaction } from './status'

export const RECONCILE_JOB = 'payments.reconcile'

export function nextAskInMs(config: JobContext['config'], asks: number): number {
  return Math.min(config.RECONCILE_MAX_INTERVAL_MS, config.RECONCILE_EVERY_MS * 2 ** Math.max(0, asks - 1))
}

export async function reconcile(deps: WorkerDeps & Pick<JobContext, 'config'>) {
  const { config } = deps
  const now = new Date()
  const due = await repo.listDueForReconcile(deps.db, {
    createdBefore: new Date(now.getTime() - config.RECONCILE_AFTER_MS),
    now,
    limit: config.RECONCILE_BATCH,
  })
  let changed = 0
  for (const charge of due) {
    const asks = charge.reconcile_attempts + 1
    await repo.scheduleReconcile(deps.db, charge.id, asks, new Date(now.getTime() + nextAskInMs(config, asks)))
    const result = await syncTransaction(deps, charge.id).catch((err) => {
      deps.log.warn({ transactionId: charge.id, err: (err as Error).message }, 'reconcile: gateway not reached')
      return 'ignored' as const
    })
    if (result === 'changed') changed++
  }
  if (changed > 0) deps.log.info({ asked: due.length, changed }, 'reconciled charges with the gateway')
  return { asked: due.length, changed }
}
