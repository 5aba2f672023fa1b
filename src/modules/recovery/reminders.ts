/**
 * The reminder job: one per (session, step), delayed to its due time when the session was reported. At run time it
 * decides from the session as it stands (paid, consent withdrawn, opted out → nothing is sent, and the row says
 * why), claims the (session, step) row so several workers send each message once, then sends through the mailer.
 */
import { publish } from '../../platform/events'
import { isUuid } from '../../shared/ids'
import { toReais } from '../../shared/money'
import { catalogService } from '../catalog'
import { notificationsService } from '../notifications'
import { storesService } from '../stores'
import { checkoutAbandoned } from './events'
import { composeReminder, type RecoveryEmail } from './messages'
import * as repo from './repository'
import { REMIND_JOB, type RecoveryDeps, type RemindJob, settingsOf } from './sessions'

/** A claim older than this whose worker never finished is taken over (a send takes seconds, never minutes). */
export const STALE_CLAIM_MS = 5 * 60_000

export type SendEmail = (message: RecoveryEmail) => Promise<void>

export type RemindOutcome = 'sent' | 'skipped' | 'taken' | 'gone' | 'early'

export async function runReminder(
  deps: RecoveryDeps & { send: SendEmail },
  job: RemindJob,
  now = new Date(),
): Promise<RemindOutcome> {
  const { db } = deps
  if (!isUuid(job.sessionId)) return 'gone'
  const due = new Date(job.dueAt)
  if (now < due) {
    // Ran early (a clock ahead of the queue's): wait again under a new id, the (session, step) claim still holds.
    await deps.jobs.enqueue(REMIND_JOB, job, {
      jobId: `recovery-${job.sessionId}-${job.step}-${now.getTime()}`,
      delayMs: due.getTime() - now.getTime(),
    })
    return 'early'
  }
  const session = await repo.findSession(db, job.sessionId)
  if (!session) return 'gone'
  const ref = { session_id: session.id, step: job.step, store_id: session.store_id }

  if (job.step === 'FIRST' && session.status === 'OPEN' && !session.order_id && !session.abandoned_at) {
    // The session is recoverable from now on: announced once (checkout.abandoned), whatever the buyer's consent.
    await db.transaction().execute(async (trx) => {
      if (await repo.markAbandoned(trx, session.id, now))
        await publish(trx, checkoutAbandoned, {
          sessionId: session.id,
          storeId: session.store_id,
          productId: session.product_id,
          kind: session.kind,
          step: session.step,
          valueCents: session.value_cents,
          customer: { name: session.customer_name, email: session.customer_email, phone: session.customer_phone },
          abandonedAt: now.toISOString(),
        })
    })
  }

  const settings = await settingsOf(db, session.store_id)
  const abandonedStep = job.step === 'FIRST' || job.step === 'SECOND'
  // One message per expiry: the order's own 'payment_expired' (its real total, 'Gerar novo código') when the store
  // sends it; this reminder only when the merchant switched that one off.
  const orderTells =
    job.step === 'EXPIRED' && (await notificationsService.sendsBuyerKind(deps, session.store_id, 'payment_expired'))
  const skip =
    session.status !== 'OPEN'
      ? 'paid'
      : abandonedStep && session.kind !== 'ABANDONED'
        ? 'other_message'
        : abandonedStep && session.order_id
          ? 'order_pending'
          : !session.consent_at
            ? 'no_consent'
            : !session.customer_email
              ? 'no_email'
              : !settings.enabled
                ? 'disabled'
                : orderTells
                  ? 'order_email'
                  : (await repo.isOptedOut(db, session.store_id, session.customer_email))
                    ? 'opted_out'
                    : undefined
  if (skip) {
    await repo.skipMessage(db, ref, skip)
    return 'skipped'
  }
  // Staleness is measured on the real clock the claims are written with, not on the step's due time.
  if (!(await repo.claimMessage(db, ref, new Date(Date.now() - STALE_CLAIM_MS)))) return 'taken'

  const [store, product] = await Promise.all([
    storesService.findStoreById(db, session.store_id),
    catalogService.findProduct(db, session.store_id, session.product_id),
  ])
  const message = composeReminder(deps.config, {
    step: job.step,
    session,
    storeName: store?.name ?? 'Loja',
    productName: product?.name ?? 'seu produto',
    productType: product?.type ?? 'PHYSICAL',
    value: toReais(session.value_cents),
    now,
  })
  try {
    await deps.send(message)
  } catch (err) {
    await repo.finishMessage(db, session.id, job.step, { status: 'FAILED', last_error: String(err).slice(0, 500) })
    throw err
  }
  await repo.finishMessage(db, session.id, job.step, { status: 'SENT', last_error: null })
  return 'sent'
}
