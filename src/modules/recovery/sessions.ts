/**
 * Checkout sessions: what the buyer page reports (contact, step, the form's fields, consent), bound to the store and
 * product of its first report; reminders scheduled once per session as delayed jobs; the session's end when its
 * order is paid, and the recovered figures when that order came through a recovery link.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { AppConfig } from '../../config'
import type { Db, Trx } from '../../platform/db'
import { AppError } from '../../platform/errors'
import type { JobQueue } from '../../platform/jobs'
import { isValidPhone } from '../../shared/br'
import { isValidEmail, MSG } from '../../shared/ordering-rules'
import {
  RECOVERY_CONSENT_TEXT,
  RECOVERY_MESSAGES,
  type RecoveryKind,
  type RestoredSession,
  type sessionReportSchema,
} from '../../shared/recovery'
import { compactTracking } from '../../shared/tracking'
import { catalogService } from '../catalog'
import { marketingService } from '../marketing'
import { toRestoredSessionDto } from './dto'
import * as repo from './repository'
import type { MessageStep } from './tables'
import { verifyRecoveryLink } from './tokens'

export interface RecoveryDeps {
  db: Db
  jobs: JobQueue
  config: AppConfig
  log: FastifyBaseLogger
}

export const REMIND_JOB = 'recovery.remind'
export const DEFAULT_SETTINGS = { enabled: true, first_delay_minutes: 30, second_delay_minutes: 1440 }

export interface RemindJob {
  sessionId: string
  step: MessageStep
  /** When the step is due (ISO): a job that runs early (clock skew) waits again rather than send. */
  dueAt: string
}

export async function settingsOf(db: Db | Trx, storeId: string) {
  return (await repo.findSettings(db, storeId)) ?? { store_id: storeId, ...DEFAULT_SETTINGS }
}

/** One delayed job per (session, step), its id derived from both: scheduling twice is one job. */
export async function scheduleStep(deps: RecoveryDeps, trx: Trx, sessionId: string, step: MessageStep, dueAt: Date) {
  const data: RemindJob = { sessionId, step, dueAt: dueAt.toISOString() }
  await deps.jobs.enqueue(REMIND_JOB, data, {
    jobId: `recovery-${sessionId}-${step}`,
    delayMs: Math.max(0, dueAt.getTime() - Date.now()),
    trx,
  })
}

type Report = z.output<typeof sessionReportSchema>

/** Records a page's report; 404 for another store's product or a session of another store or product. */
export async function reportSession(deps: RecoveryDeps, input: Report, now = new Date()) {
  const { db } = deps
  const product = await catalogService.findProduct(db, input.storeId, input.productId)
  if (!product) throw new AppError(404, MSG.productUnavailable)
  const bumpIds = input.fields.orderBumps ?? []
  const bumps = bumpIds.length
    ? await marketingService
        .priceBumps(db, {
          storeId: input.storeId,
          cartProductIds: [product.id],
          cartTotalCents: product.priceCents,
          bumpIds,
        })
        .catch(() => [])
    : []
  const sessionBumps = bumps.map((b) => ({ id: b.bumpId, name: b.name, priceCents: b.unitPriceCents * b.quantity }))
  const email = input.fields.customer.email?.toLowerCase() ?? ''
  const phone = input.fields.customer.phone ?? ''
  const values = {
    customer_name: input.fields.customer.name || null,
    customer_email: isValidEmail(email) ? email : null,
    customer_phone: isValidPhone(phone) ? phone : null,
    step: input.step,
    fields: JSON.stringify({ ...input.fields, customer: { ...input.fields.customer, email } }),
    bumps: JSON.stringify(sessionBumps),
    value_cents: product.priceCents + sessionBumps.reduce((s, b) => s + b.priceCents, 0),
    tracking: JSON.stringify(compactTracking(input.tracking)),
  }
  await db.transaction().execute(async (trx) => {
    let row = await repo.lockSession(trx, input.sessionId)
    if (row && (row.store_id !== input.storeId || row.product_id !== input.productId))
      throw new AppError(404, RECOVERY_MESSAGES.notFound)
    if (row?.status === 'CONVERTED') return
    const consent = input.consent
      ? { consent_at: row?.consent_at ?? now, consent_text: RECOVERY_CONSENT_TEXT }
      : { consent_at: null, consent_text: null }
    if (!row) {
      row = await repo.insertSession(trx, {
        id: input.sessionId,
        store_id: input.storeId,
        product_id: input.productId,
        ...values,
        ...consent,
        created_at: now,
        updated_at: now,
      })
      // A concurrent first report inserted it: this one is an update like any later report.
      if (!row) row = await repo.lockSession(trx, input.sessionId)
      if (!row) return
    }
    if (row.store_id !== input.storeId || row.product_id !== input.productId)
      throw new AppError(404, RECOVERY_MESSAGES.notFound)
    // First touch: the origin the session was first reported with stays (a recovery link carries no UTM).
    const firstTouch = Object.keys(row.tracking ?? {}).length > 0
    await repo.updateSession(trx, row.id, {
      ...values,
      ...(firstTouch ? { tracking: JSON.stringify(row.tracking) } : {}),
      ...consent,
      ...(row.scheduled_at ? {} : { scheduled_at: now }),
    })
    if (row.scheduled_at) return
    // Scheduled once per session, with the store's delays as they are now.
    const settings = await settingsOf(trx, input.storeId)
    await scheduleStep(deps, trx, row.id, 'FIRST', new Date(now.getTime() + settings.first_delay_minutes * 60_000))
    await scheduleStep(deps, trx, row.id, 'SECOND', new Date(now.getTime() + settings.second_delay_minutes * 60_000))
  })
}

/**
 * A recovery link's session, for this store's checkout page: the step the buyer reached and the fields to refill
 * (never a CPF or card data: the report's schema keeps none). 404 when forged, expired, of another store or paid.
 */
export async function restoreSession(deps: RecoveryDeps, storeId: string, token: string): Promise<RestoredSession> {
  const sessionId = verifyRecoveryLink(deps.config.APP_SECRET, token, storeId)
  const row = sessionId ? await repo.findSession(deps.db, sessionId) : undefined
  if (!row || row.store_id !== storeId || row.status !== 'OPEN') throw new AppError(404, RECOVERY_MESSAGES.linkInvalid)
  if (!row.restored_at) await repo.updateSession(deps.db, row.id, { restored_at: new Date() })
  return toRestoredSessionDto(row)
}

/** The store's reminder settings as the merchant sets them ('Recuperação' screen). */
export async function saveSettings(
  db: Db,
  storeId: string,
  s: { enabled: boolean; firstDelayMinutes: number; secondDelayMinutes: number },
) {
  return repo.saveSettings(db, storeId, {
    enabled: s.enabled,
    first_delay_minutes: s.firstDelayMinutes,
    second_delay_minutes: s.secondDelayMinutes,
  })
}

/** A buyer's one-click opt-out: no more reminders from this store to this address. */
export async function unsubscribe(db: Db, target: { storeId: string; email: string }) {
  await repo.optOut(db, target.storeId, target.email)
}

/** ordering's order.placed: the session now waits on its order (no abandoned-cart reminder while it is payable). */
export async function orderPlacedFrom(db: Db, sessionId: string, storeId: string, orderId: string) {
  await repo.attachOrder(db, sessionId, storeId, orderId)
}

/**
 * ordering's order.paid: the session ends (no reminder goes out after this). Through a recovery link, the order is
 * recovered: counted once, per kind, in the per-day figures of the same transaction.
 */
export async function orderPaidFrom(
  db: Db,
  p: { sessionId: string; storeId: string; orderId: string; totalCents: number; paidAt: string },
) {
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockSession(trx, p.sessionId)
    if (!row || row.store_id !== p.storeId || row.status !== 'OPEN') return
    const paidAt = new Date(p.paidAt)
    const recovered = row.restored_at ? { recovered_at: paidAt, recovered_cents: p.totalCents } : {}
    await repo.updateSession(trx, row.id, {
      status: 'CONVERTED',
      converted_at: paidAt,
      order_id: p.orderId,
      ...recovered,
    })
    if (row.restored_at) await repo.addRecovered(trx, row.store_id, row.kind, p.totalCents, paidAt)
  })
}

/**
 * The session's order did not happen: a refused card (no order) or a PIX/boleto that expired unpaid. The session
 * changes kind and gets that kind's one message (a refused card after the store's first delay, an expiry at once).
 */
export async function orderFailedFrom(
  deps: RecoveryDeps,
  p: { sessionId: string; storeId: string; kind: Exclude<RecoveryKind, 'ABANDONED'> },
) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockSession(trx, p.sessionId)
    if (!row || row.store_id !== p.storeId || row.status !== 'OPEN') return
    await repo.updateSession(trx, row.id, { kind: p.kind, order_id: null })
    const settings = await settingsOf(trx, p.storeId)
    const delayMs = p.kind === 'REFUSED' ? settings.first_delay_minutes * 60_000 : 0
    await scheduleStep(deps, trx, row.id, p.kind, new Date(Date.now() + delayMs))
  })
}

/** Contacts of sessions that never became a paid order are kept this long (LGPD: no longer than needed). */
export const SESSION_RETENTION_MS = 90 * 24 * 3600_000

/** Never-converted contacts older than the retention, deleted a batch at a time; how many went. */
export async function forgetStaleSessions(db: Db, now = Date.now()): Promise<number> {
  let deleted = 0
  for (;;) {
    const n = await repo.deleteStaleSessions(db, new Date(now - SESSION_RETENTION_MS))
    deleted += n
    if (n === 0) return deleted
  }
}
