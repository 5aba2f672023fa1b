/**
 * The billing engine (issue 36), run by the worker every minute and by a sandbox store's test clock. It claims due
 * cycles with `FOR UPDATE SKIP LOCKED` and a lease (so N scanners never bill one cycle twice, and a killed worker's
 * claim lapses), writes the attempt (key subscription:cycle:attempt, with its charge's id) before calling the gateway,
 * and reads back before any new attempt: a card attempt left PENDING by a dead worker has its charge read back
 * (card-readback.ts: at the gateway, by our reference) and an approved one settles the cycle on that same attempt —
 * never a second charge; the cycle's order is read back too (a lost answer settled elsewhere, a PIX).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { AppError } from '../../platform/errors'
import { orderingService } from '../ordering'
import { paymentsService } from '../payments'
import { billingNow } from './billing-clock'
import type { BillingDeps } from './billing-deps'
import { readBackCardAttempt } from './card-readback'
import { declineOf, type Outcome } from './declines'
import { dunningOf } from './dunning'
import { billInvoiceCycle } from './invoice-billing'
import {
  beginCardAttempt,
  type CycleRow,
  endSubscription,
  lockSubscription,
  markPastDue,
  recordEvent,
  type SubscriptionRow,
  settleAttemptPaid,
  settleCyclePaid,
} from './lifecycle'
import { addDays, INVOICE_METHODS } from './periods'
import { billPixAutomaticCycle } from './pix-automatic-billing'
import { noticeRenewals } from './renewal-notice'
import { noticeTrialEnds } from './trial-notice'

export type { BillingDeps } from './billing-deps'

/** How long a claimed cycle is left to its scanner (real time) before another may take it over (the default). */
export const CLAIM_LEASE_MS = 5 * 60_000
/**
 * The worker's scanner bills this many cycles at once (each mostly waits on the database and the gateway), every lane
 * claiming CLAIM cycles at a time: a killed worker strands at most LANES × CLAIM cycles until their lease lapses, and a
 * second worker always finds due cycles left to share. Kept at 4 × 10: eight lanes billed the renewals bench faster,
 * but doubled the renewals a killed worker leaves between its attempt and its charge row (read back as UNKNOWN and
 * charged again once, safely — yet what the two-worker process test counts as a failure). The lanes run on their own
 * connections (billingDb in jobs.ts). A store's test clock bills one at a time, in time order (up to 50 a claim).
 */
export const LANES = 4
const CLAIM = 10

/**
 * Claims up to `limit` due cycles (of one store at its billing time, or of every store without a test clock) in one
 * statement: the due ones are locked `FOR UPDATE SKIP LOCKED` (another scanner skips them) and leased in real time
 * (a killed worker's claim lapses). Answered in time order.
 */
async function claimDue(deps: BillingDeps, scope: { storeId?: string; now: Date }, limit: number) {
  const realNow = new Date()
  const leaseMs = deps.payments.config?.SUBSCRIPTION_CLAIM_LEASE_MS ?? CLAIM_LEASE_MS
  const stores = scope.storeId
    ? sql<boolean>`store_id = ${scope.storeId}`
    : sql<boolean>`store_id not in (select store_id from subscription_test_clocks)`
  const { rows } = await sql<CycleRow>`
    with due as (
      select id from subscription_cycles
      where next_attempt_at <= ${scope.now} and status in ('SCHEDULED', 'PENDING')
        and (lease_until is null or lease_until < ${realNow}) and ${stores}
      order by next_attempt_at limit ${limit}
      for update skip locked
    )
    update subscription_cycles c set lease_until = ${new Date(realNow.getTime() + leaseMs)}, status = 'PENDING'
    from due where c.id = due.id
    returning c.*`.execute(deps.db)
  return rows.sort((a, b) => attemptTime(a).getTime() - attemptTime(b).getTime())
}

/** What a claimed batch's billing reads once for all its cycles: their subscriptions and their last attempts. */
interface BatchReads {
  subs: Map<string, SubscriptionRow>
  lastAttempts: Map<string, { id: string; number: number; status: string; transaction_id: string | null }>
}

async function batchReads(deps: BillingDeps, cycles: CycleRow[]): Promise<BatchReads> {
  const [subs, attempts] = await Promise.all([
    deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where(sql<boolean>`id = any(${[...new Set(cycles.map((c) => c.subscription_id))]}::uuid[])`)
      .execute(),
    deps.db
      .selectFrom('subscription_attempts')
      .select(['cycle_id', 'id', 'number', 'status', 'transaction_id'])
      .distinctOn('cycle_id')
      .where(sql<boolean>`cycle_id = any(${cycles.map((c) => c.id)}::uuid[])`)
      .orderBy('cycle_id')
      .orderBy('number', 'desc')
      .execute(),
  ])
  return {
    subs: new Map(subs.map((s) => [s.id, s])),
    lastAttempts: new Map(attempts.map((a) => [a.cycle_id, a])),
  }
}

/** Bills one claimed cycle; a failure leaves it claimed (the lease lapses, a later pass reads the order back). */
async function billClaimed(deps: BillingDeps, cycle: CycleRow, reads: BatchReads) {
  await billCycle(deps, cycle, reads).catch((err) => {
    ;(deps.payments as { log?: { error: (o: object, m: string) => void } }).log?.error(
      { err, cycleId: cycle.id },
      'subscription cycle billing failed',
    )
  })
}

/**
 * One pass: claims and bills due cycles until none is left (or `maxRounds` claims). Returns how many it worked on.
 * The worker's scanner (no store) runs LANES claim-and-bill loops side by side; a store's test clock runs one.
 */
export async function runDue(deps: BillingDeps, scope: { storeId?: string; now?: Date } = {}, maxRounds = 1000) {
  let done = 0
  let rounds = 0
  const nowOf = async () =>
    scope.now ?? (scope.storeId ? await billingNow(deps.db, deps.clock, scope.storeId) : deps.clock.now())
  const startedAt = await nowOf()
  await noticeRenewals(deps.db, { storeId: scope.storeId, now: startedAt })
  await noticeTrialEnds(deps.db, { storeId: scope.storeId, now: startedAt })
  const lanes = scope.storeId ? 1 : LANES
  const lane = async () => {
    while (rounds < maxRounds) {
      rounds++
      const now = await nowOf()
      const claimed = await claimDue(deps, { storeId: scope.storeId, now }, lanes === 1 ? CLAIM * 5 : CLAIM)
      if (claimed.length === 0) return
      deps.onBacklog?.()
      const reads = await batchReads(deps, claimed)
      for (const cycle of claimed) {
        await billClaimed(deps, cycle, reads)
        done++
      }
    }
  }
  for (;;) {
    await Promise.all(Array.from({ length: lanes }, lane))
    // Ends come after every due charge: a retry is always scheduled before the cancel date, so time order is kept.
    if (rounds >= maxRounds || (await sweepEnds(deps, { storeId: scope.storeId, now: await nowOf() })) === 0) break
  }
  return done
}

/** The attempt's moment: the scheduled one (a test clock jumping weeks ahead keeps each retry's own date). */
const attemptTime = (cycle: CycleRow) => cycle.next_attempt_at ?? cycle.due_at

async function billCycle(deps: BillingDeps, cycle: CycleRow, reads: BatchReads) {
  const { db } = deps
  const at = attemptTime(cycle)
  const sub = reads.subs.get(cycle.subscription_id)
  // Billing never charges a CANCELED or EXPIRED subscription (beginCardAttempt checks again on the row).
  if (!sub || !['ACTIVE', 'PAST_DUE', 'TRIALING'].includes(sub.status)) {
    await db
      .updateTable('subscription_cycles')
      .set({ status: 'CANCELED', next_attempt_at: null, lease_until: null })
      .where('id', '=', cycle.id)
      .execute()
    return
  }
  // Canceled at the end of the period: the next period is never billed.
  if (sub.cancel_at_period_end && at >= sub.current_period_end) {
    await db.transaction().execute(async (trx) => {
      const locked = (await lockSubscription(trx, sub.id))!
      await endSubscription(trx, locked, 'CANCELED', locked.current_period_end, 'period_end')
    })
    return
  }
  const previous = reads.lastAttempts.get(cycle.id)
  // A card attempt whose worker died: its charge is read back (at the gateway if need be) before anything else.
  if (sub.method === 'credit_card' && previous?.status === 'PENDING') {
    const back = await readBackCardAttempt(deps, cycle, previous, at)
    if (back.kind === 'wait') return
    if (back.kind === 'answered')
      return recordOutcome(deps, sub, cycle, back.attemptId, at, back.outcome, cycle.order_id)
  }
  // Read back first: the order of an earlier attempt may have been paid meanwhile (a lost answer, a PIX).
  if (cycle.order_id && (await orderingService.renewalOrderStatus(db as never, cycle.order_id)) === 'PAID') {
    await db.transaction().execute((trx) => settleCyclePaid(trx, cycle.id, at))
    return
  }
  if (INVOICE_METHODS.includes(sub.method)) return billInvoiceCycle(deps, sub, cycle, at)
  if (sub.method === 'pix_automatic') return billPixAutomaticCycle(deps, sub, cycle, at)
  const number = (previous?.number ?? 0) + 1
  const order = await orderingService.placeRenewalOrder(db as never, {
    fromOrderId: sub.first_order_id,
    storeId: sub.store_id,
    subscriptionId: sub.id,
    cycleNumber: cycle.number,
    amountCents: Number(cycle.amount_cents),
    paymentMethod: 'CREDIT_CARD',
  })
  // The charge's id is written with the attempt, before the gateway call: a crash in between is read back by it.
  const transactionId = randomUUID()
  const attempt = await beginCardAttempt(db, sub, cycle, { number, transactionId, orderId: order.orderId, at })
  if (!attempt) return
  const outcome = await chargeCard(deps, sub, order, transactionId)
  await recordOutcome(deps, sub, cycle, attempt.id, at, outcome, order.orderId)
}

async function chargeCard(
  deps: BillingDeps,
  sub: { store_id: string; customer_email: string },
  order: Awaited<ReturnType<typeof orderingService.placeRenewalOrder>>,
  transactionId: string,
): Promise<Outcome> {
  try {
    // No card id: payments charges the buyer's newest card kept for good (one updated from the e-mail link included).
    const result = await paymentsService.chargeSavedCard(deps.payments, {
      storeId: sub.store_id,
      transactionId,
      buyerEmail: sub.customer_email,
      orderRef: order.orderId,
      amountCents: order.totalCents,
      customer: order.customer,
      items: order.items.map((i) => ({
        title: i.name,
        unitPriceCents: i.unitPriceCents,
        quantity: i.quantity,
        tangible: false,
        externalRef: i.productId,
      })),
      purpose: 'ORDER',
    })
    if (result.status === 'PAID') return { kind: 'PAID', transactionId: result.transactionId }
    return { ...declineOf(result.refusedReason ?? null), transactionId: result.transactionId }
  } catch (err) {
    // No card kept (or its account gone): refused before any charge was written — nothing to retry with.
    if (err instanceof AppError && err.code === 'SAVED_CARD_NOT_FOUND')
      return { kind: 'HARD_DECLINED', reason: 'Nenhum cartão salvo para esta assinatura' }
    const message = err instanceof AppError ? err.message : 'Falha na comunicação com o gateway'
    return { kind: 'UNKNOWN', reason: message }
  }
}

/** An attempt's answer (its own, or one read back): a PAID one settles the cycle, any other goes to dunning. */
async function recordOutcome(
  deps: BillingDeps,
  sub: SubscriptionRow,
  cycle: CycleRow,
  attemptId: string,
  at: Date,
  outcome: Outcome,
  orderId: string | null,
) {
  if (outcome.kind !== 'PAID') return recordDecline(deps, cycle, attemptId, at, outcome)
  await settleAttemptPaid(deps.db, sub, cycle, { attemptId, transactionId: outcome.transactionId, orderId, at })
}

/** A declined or unknown attempt: the retry schedule (or FAILED), and the subscription PAST_DUE. */
async function recordDecline(
  deps: BillingDeps,
  cycle: CycleRow,
  attemptId: string,
  at: Date,
  outcome: Exclude<Outcome, { kind: 'PAID' }>,
) {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_attempts')
      .set({
        status: outcome.kind,
        finished_at: at,
        // An attempt keeps the charge id it was written with when no answer names one (a lost answer).
        ...('transactionId' in outcome && outcome.transactionId ? { transaction_id: outcome.transactionId } : {}),
        decline_reason: 'reason' in outcome ? outcome.reason : null,
      })
      .where('id', '=', attemptId)
      .execute()
    const sub = (await lockSubscription(trx, cycle.subscription_id))!
    const dunning = await dunningOf(trx, sub.store_id)
    const retries = cycle.retries
    // Retries count from the due date ([1, 3, 7] days after it); a hard decline is never retried.
    const nextDay = outcome.kind === 'HARD_DECLINED' ? undefined : dunning.retryDays[retries]
    const nextAt = nextDay === undefined ? null : addDays(cycle.due_at, nextDay)
    const retryAt = nextAt && nextAt < addDays(cycle.due_at, dunning.cancelAfterDays) ? nextAt : null
    await trx
      .updateTable('subscription_cycles')
      .set({
        status: retryAt ? 'PENDING' : 'FAILED',
        next_attempt_at: retryAt,
        lease_until: null,
        retries: retryAt ? retries + 1 : retries,
      })
      .where('id', '=', cycle.id)
      .execute()
    const reason = 'reason' in outcome ? outcome.reason : null
    if (sub.status !== 'PAST_DUE') {
      await markPastDue(trx, sub, cycle, at, reason)
    } else {
      await recordEvent(trx, sub, 'payment_failed', at, { cycle: cycle.number, reason, retry: retries })
    }
  })
}

/**
 * Ends what is due to end at `now`: past-due subscriptions after the store's cancel days, subscriptions canceled
 * at period end, and those past their last cycle. Each under its row lock (SKIP LOCKED: one scanner each).
 */
async function sweepEnds(deps: BillingDeps, scope: { storeId?: string; now: Date }): Promise<number> {
  const { db } = deps
  let q = db
    .selectFrom('subscriptions')
    .select(['id', 'store_id'])
    .where('status', 'in', ['ACTIVE', 'PAST_DUE', 'TRIALING'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'PAST_DUE'),
        eb.and([eb('cancel_at_period_end', '=', true), eb('current_period_end', '<=', scope.now)]),
        eb.and([eb('max_cycles', 'is not', null), eb('current_period_end', '<=', scope.now)]),
      ]),
    )
  q = scope.storeId
    ? q.where('store_id', '=', scope.storeId)
    : q.where(sql<boolean>`store_id not in (select store_id from subscription_test_clocks)`)
  const candidates = await q.limit(200).execute()
  let ended = 0
  for (const c of candidates) {
    const dunning = await dunningOf(db, c.store_id)
    const orders = await db.transaction().execute(async (trx) => {
      const sub = await trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', c.id)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!sub) return undefined
      if (sub.status === 'PAST_DUE' && sub.past_due_since) {
        const cancelAt = addDays(sub.past_due_since, dunning.cancelAfterDays)
        if (cancelAt <= scope.now) return endSubscription(trx, sub, 'CANCELED', cancelAt, 'dunning')
      } else if (sub.cancel_at_period_end && sub.current_period_end <= scope.now) {
        return endSubscription(trx, sub, 'CANCELED', sub.current_period_end, 'period_end')
      } else if (sub.max_cycles !== null && sub.current_period_end <= scope.now) {
        const open = await trx
          .selectFrom('subscription_cycles')
          .select('id')
          .where('subscription_id', '=', sub.id)
          .where('status', 'in', ['SCHEDULED', 'PENDING'])
          .executeTakeFirst()
        if (!open) return endSubscription(trx, sub, 'EXPIRED', sub.current_period_end, 'max_cycles')
      }
      return undefined
    })
    if (!orders) continue
    ended++
    for (const orderId of orders)
      await orderingService.cancelRenewalOrder(db as never, orderId, 'subscription_canceled')
  }
  return ended
}
