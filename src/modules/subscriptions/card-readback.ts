/**
 * A card renewal attempt whose worker died (issue 36: "an attempt whose gateway answer is unknown is read back before
 * any retry"). The attempt records its charge's id before the gateway call, so the next pass asks payments where that
 * charge stands — and, for a charge still CREATING whose caller is gone, payments asks the gateway by our reference.
 * A charge the gateway approved settles the cycle on that same attempt: never a second charge.
 */
import { paymentsService } from '../payments'
import type { BillingDeps } from './billing-deps'
import { declineOf, type Outcome } from './declines'
import type { CycleRow } from './lifecycle'

export type ReadBack =
  /** Nothing reached the gateway (or nothing was recorded): a new attempt may charge now. */
  | { kind: 'charge_again' }
  /** Another process is still on that charge: leave the cycle claimed, a later pass looks again. */
  | { kind: 'wait' }
  /** The gateway's answer, found: record it on the dead worker's attempt. */
  | { kind: 'answered'; attemptId: string; outcome: Outcome }

type Log = Parameters<typeof paymentsService.resolveCharge>[0]['log']
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log

export async function readBackCardAttempt(
  deps: BillingDeps,
  cycle: CycleRow,
  attempt: { id: string; number: number; transaction_id: string | null },
  at: Date,
): Promise<ReadBack> {
  const giveUp = async (reason: string): Promise<ReadBack> => {
    await deps.db
      .updateTable('subscription_attempts')
      .set({ status: 'UNKNOWN', finished_at: at, decline_reason: reason })
      .where('id', '=', attempt.id)
      .where('status', '=', 'PENDING')
      .execute()
    return { kind: 'charge_again' }
  }
  // An attempt written before charge ids were recorded, or whose charge row was never inserted: nothing was sent.
  if (!attempt.transaction_id) return giveUp('Tentativa interrompida')
  // The worker's logger itself (a pino instance: its methods live on its prototype, so it is passed, never spread).
  const log = (deps.payments as { log?: Log }).log ?? silent
  const workerDeps = { ...deps.payments, log }
  let state = await paymentsService.chargeState(deps.payments.db as never, attempt.transaction_id)
  if (!state) return giveUp('Tentativa interrompida')
  if (state.status === 'CREATING' && !state.held)
    state = await paymentsService.resolveCharge(workerDeps, attempt.transaction_id, { create: false })
  if (!state || state.status === 'CREATING') return { kind: 'wait' }
  const { result } = state
  log.info(
    { cycleId: cycle.id, transactionId: attempt.transaction_id, status: state.status },
    'renewal charge read back',
  )
  if (state.status === 'PAID' || state.status === 'REFUNDED')
    return { kind: 'answered', attemptId: attempt.id, outcome: { kind: 'PAID', transactionId: result.transactionId } }
  if (state.status === 'REFUSED')
    return {
      kind: 'answered',
      attemptId: attempt.id,
      outcome: { ...declineOf(result.refusedReason ?? null), transactionId: result.transactionId },
    }
  if (state.status === 'PENDING') return { kind: 'wait' }
  // FAILED: the gateway never took it (payments found no such charge there).
  return giveUp(state.errorMessage ?? 'Tentativa interrompida')
}
