/**
 * Subscriptions billed by PIX Automático (issue 36), through payments' port (Journey 3):
 *   - at the checkout, the buyer's order asks for a mandate whose QR pays that order (cycle 1) and grants the
 *     authorisation (pix-automatic-checkout.ts); paid, the order is PAID and the subscription starts ACTIVE with
 *     method 'pix_automatic';
 *   - each later cycle is claimed by the billing scanner 10 days before its due date (lifecycle.ts), its renewal order
 *     placed and its charge scheduled on the mandate for the due date (BCB: 10 to 2 days before); on the due date the
 *     store's PIX time is moved (the sandbox debits) and the charge read back: PAID settles the cycle (anchor kept);
 *     FAILED is retried on days +1, +3 and +7 (at most 3 retries within 7 days); exhausted, the subscription is
 *     PAST_DUE and the store's dunning cancels it;
 *   - the payer's revocation (or the mandate's end) stops every future charge and cancels the subscription at the end
 *     of the period already paid: the buyer paid for it, and without a mandate nothing more can be charged.
 * The scanner's pass is the engine; the events (a debit, a revocation) only apply what they say sooner.
 */
import type { Kysely } from 'kysely'
import type { Clock } from '../../platform/clock'
import { subscribe } from '../../platform/jobs'
import { saoPauloDay } from '../../shared/dates'
import { orderingService } from '../ordering'
import {
  type PaymentsDeps,
  type PixAutomaticCharge,
  paymentsService,
  pixAutomaticAuthorizationChanged,
  pixAutomaticChargeChanged,
} from '../payments'
import { billingNow } from './billing-clock'
import { subscriptionChanged } from './events'
import {
  type CycleRow,
  insertAttempt,
  lockSubscription,
  markPastDue,
  recordEvent,
  type SubscriptionRow,
  settleCyclePaid,
} from './lifecycle'
import type { Db } from './tables'

/** Retries of a failed debit, in days after the due date: 3 within 7 days (BCB's PIX Automático rule). */
export const PIX_RETRY_DAYS = [1, 3, 7] as const
export const PIX_FAILED_REASON = 'Débito do Pix Automático recusado (saldo insuficiente)'

export interface PixBillingDeps {
  db: Db
  clock: Clock
  payments: PaymentsDeps
}

interface MandateTables {
  subscription_pix_mandates: {
    first_order_id: string
    store_id: string
    plan_id: string
    authorization_id: string
  }
}
const mandates = (db: Db) => db as unknown as Kysely<MandateTables>

export async function mandateOfOrder(db: Db, storeId: string, orderId: string) {
  return mandates(db)
    .selectFrom('subscription_pix_mandates')
    .selectAll()
    .where('first_order_id', '=', orderId)
    .where('store_id', '=', storeId)
    .executeTakeFirst()
}

export async function recordMandate(db: Db, row: MandateTables['subscription_pix_mandates']) {
  await mandates(db)
    .insertInto('subscription_pix_mandates')
    .values(row)
    .onConflict((oc) => oc.column('first_order_id').doNothing())
    .execute()
  return (await mandateOfOrder(db, row.store_id, row.first_order_id))!
}

/** Whether a checkout order was paid by its PIX Automático QR (the subscription it starts bills on the mandate). */
export async function paidByPixAutomatic(db: Db, storeId: string, orderId: string): Promise<boolean> {
  const mandate = await mandateOfOrder(db, storeId, orderId)
  if (!mandate) return false
  const auth = await paymentsService.pixAuthorizationOf({ db } as never, { storeId, id: mandate.authorization_id })
  return auth.status === 'ACTIVE' || (auth.status === 'CANCELLED' && auth.firstPaidAt !== null)
}

const isoDay = (day: string, plus: number) => {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + plus)
  return d.toISOString().slice(0, 10)
}

async function latestAttempt(db: Db, cycleId: string) {
  return db
    .selectFrom('subscription_attempts')
    .selectAll()
    .where('cycle_id', '=', cycleId)
    .orderBy('number', 'desc')
    .executeTakeFirst()
}

const releaseAt = (db: Db, cycleId: string, nextAt: Date | null) =>
  db
    .updateTable('subscription_cycles')
    .set({ next_attempt_at: nextAt, lease_until: null })
    .where('id', '=', cycleId)
    .execute()

/**
 * One step of a PIX Automático cycle at `at` (the cycle's scheduled moment): schedule its charge, read it back on its
 * date, retry it, or give up. Called by billCycle for subscriptions with method 'pix_automatic'.
 */
export async function billPixAutomaticCycle(deps: PixBillingDeps, sub: SubscriptionRow, cycle: CycleRow, at: Date) {
  const { db } = deps
  const p = deps.payments
  const mandate = await mandateOfOrder(db, sub.store_id, sub.first_order_id)
  const last = await latestAttempt(db, cycle.id)
  if (!mandate) return stopAtPeriodEnd(deps, sub, cycle, at, 'Sem autorização do Pix Automático')
  if (last?.status !== 'WAITING' || !last.transaction_id) {
    // Ending at period end: nothing more is charged (billCycle ends it at current_period_end).
    if (sub.cancel_at_period_end) return releaseAt(db, cycle.id, sub.current_period_end)
    const auth = await paymentsService.pixAuthorizationOf(p, {
      storeId: sub.store_id,
      id: mandate.authorization_id,
      now: at,
    })
    if (auth.status !== 'ACTIVE')
      return stopAtPeriodEnd(deps, sub, cycle, at, 'Autorização do Pix Automático encerrada')
    // Claimed after D-2 (the workers were down): the BCB's window is gone, the cycle cannot be charged on time.
    if (saoPauloDay(at) > isoDay(saoPauloDay(cycle.due_at), -2)) return giveUp(db, cycle, at)
    const order = await orderingService.placeRenewalOrder(db as never, {
      fromOrderId: sub.first_order_id,
      storeId: sub.store_id,
      subscriptionId: sub.id,
      cycleNumber: cycle.number,
      amountCents: Number(cycle.amount_cents),
      paymentMethod: 'PIX',
    })
    const charge = await paymentsService.schedulePixCharge(p, {
      storeId: sub.store_id,
      authorizationId: mandate.authorization_id,
      amountCents: order.totalCents,
      dueDate: saoPauloDay(cycle.due_at),
      externalRef: `${sub.id}:${cycle.number}`,
      description: `Assinatura - ciclo ${cycle.number}`,
      orderRef: order.orderId,
      now: at,
    })
    await waitFor(db, sub, cycle, (last?.number ?? 0) + 1, charge, at, order.orderId)
    return
  }
  // A charge is out: move the store's PIX time to `at` (the sandbox debits what is due) and read it back.
  await paymentsService.advancePixAutomatic(p, { storeId: sub.store_id, now: at })
  const charge = await paymentsService.pixChargeOf(p, { storeId: sub.store_id, id: last.transaction_id, now: at })
  if (charge.status === 'SCHEDULED') return releaseAt(db, cycle.id, dueMoment(cycle, charge.dueDate))
  if (charge.status === 'PAID') return settlePaid(db, cycle.id, at)
  await db
    .updateTable('subscription_attempts')
    .set({
      status: 'SOFT_DECLINED',
      finished_at: at,
      decline_reason: charge.status === 'CANCELLED' ? 'Cobrança cancelada' : PIX_FAILED_REASON,
    })
    .where('id', '=', last.id)
    .execute()
  if (charge.status === 'CANCELLED')
    return stopAtPeriodEnd(deps, sub, cycle, at, 'Autorização do Pix Automático encerrada')
  // The next retry day still ahead (a failure learnt late skips the days already gone); none left: give up.
  const dueDate = PIX_RETRY_DAYS.slice(charge.retry)
    .map((d) => isoDay(saoPauloDay(cycle.due_at), d))
    .find((d) => d > saoPauloDay(at))
  if (!dueDate) return giveUp(db, cycle, at)
  const retry = await paymentsService.retryPixCharge(p, {
    storeId: sub.store_id,
    chargeId: charge.id,
    dueDate,
    now: at,
  })
  await waitFor(db, sub, cycle, last.number + 1, retry, at, cycle.order_id)
  await db
    .updateTable('subscription_cycles')
    .set({ retries: charge.retry + 1 })
    .where('id', '=', cycle.id)
    .execute()
}

/** When to read a charge back: its due day at the cycle's own time of day (the sandbox debits on that day). */
const dueMoment = (cycle: CycleRow, dueDate: string) => {
  const days = Math.round(
    (new Date(`${dueDate}T12:00:00Z`).getTime() - new Date(`${saoPauloDay(cycle.due_at)}T12:00:00Z`).getTime()) /
      86_400_000,
  )
  return new Date(cycle.due_at.getTime() + days * 86_400_000)
}

async function waitFor(
  db: Db,
  sub: SubscriptionRow,
  cycle: CycleRow,
  number: number,
  charge: PixAutomaticCharge,
  at: Date,
  orderId: string | null,
) {
  await db.transaction().execute(async (trx) => {
    await insertAttempt(trx, { id: sub.id, method: 'pix_automatic' }, cycle, number, at, {
      status: 'WAITING',
      amountCents: charge.amountCents,
      transactionId: charge.id,
    })
    await trx
      .updateTable('subscription_cycles')
      .set({
        status: 'PENDING',
        order_id: orderId,
        next_attempt_at: dueMoment(cycle, charge.dueDate),
        lease_until: null,
      })
      .where('id', '=', cycle.id)
      .execute()
  })
}

async function settlePaid(db: Db, cycleId: string, at: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_attempts')
      .set({ status: 'PAID', finished_at: at })
      .where('cycle_id', '=', cycleId)
      .where('status', '=', 'WAITING')
      .execute()
    await settleCyclePaid(trx, cycleId, at)
  })
}

/** Three retries failed: the cycle FAILED, the subscription PAST_DUE (the store's dunning then cancels it). */
async function giveUp(db: Db, cycle: CycleRow, at: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_cycles')
      .set({ status: 'FAILED', next_attempt_at: null, lease_until: null })
      .where('id', '=', cycle.id)
      .execute()
    const sub = (await lockSubscription(trx, cycle.subscription_id))!
    if (sub.status === 'PAST_DUE') return
    await markPastDue(trx, sub, cycle, at, PIX_FAILED_REASON)
  })
}

/**
 * The mandate ended (the payer revoked it, the merchant cancelled it): no charge can follow, so the subscription ends
 * when the period already paid ends (billCycle and the end sweep carry it out at current_period_end).
 */
async function stopAtPeriodEnd(deps: PixBillingDeps, sub: SubscriptionRow, cycle: CycleRow, at: Date, why: string) {
  await markEnding(deps.db, sub.id, at, why)
  await releaseAt(deps.db, cycle.id, sub.current_period_end > at ? sub.current_period_end : at)
}

async function markEnding(db: Db, subscriptionId: string, at: Date, reason: string, cancelledBy?: string | null) {
  await db.transaction().execute(async (trx) => {
    const sub = await lockSubscription(trx, subscriptionId)
    if (!sub || sub.cancel_at_period_end || !['ACTIVE', 'PAST_DUE', 'TRIALING'].includes(sub.status)) return
    const updated = await trx
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: true, updated_at: at })
      .where('id', '=', sub.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordEvent(trx, updated, 'pix_automatic_ended', at, { reason, cancelledBy: cancelledBy ?? null })
  })
}

/**
 * A subscription by PIX Automático ended (dunning, the merchant, the buyer): its charge still scheduled is cancelled at
 * the gateway — never debited for a canceled subscription — and the mandate is ended (RECEIVER).
 */
async function endMandate(
  db: Db,
  payments: PaymentsDeps,
  clock: Clock,
  e: { subscriptionId: string; storeId: string },
) {
  const sub = await db
    .selectFrom('subscriptions')
    .select(['id', 'method', 'first_order_id', 'store_id'])
    .where('id', '=', e.subscriptionId)
    .where('store_id', '=', e.storeId)
    .executeTakeFirst()
  if (sub?.method !== 'pix_automatic') return
  const now = await billingNow(db, clock, sub.store_id)
  const waiting = await db
    .selectFrom('subscription_attempts as a')
    .innerJoin('subscription_cycles as c', 'c.id', 'a.cycle_id')
    .select(['a.id', 'a.transaction_id'])
    .where('c.subscription_id', '=', sub.id)
    .where('a.status', '=', 'WAITING')
    .execute()
  for (const w of waiting) {
    const ref = { storeId: sub.store_id, id: w.transaction_id!, now }
    if ((await paymentsService.pixChargeOf(payments, ref)).status === 'SCHEDULED')
      await paymentsService.cancelPixCharge(payments, ref)
    await db
      .updateTable('subscription_attempts')
      .set({ status: 'HARD_DECLINED', finished_at: now, decline_reason: 'Cobrança cancelada com a assinatura' })
      .where('id', '=', w.id)
      .where('status', '=', 'WAITING')
      .execute()
  }
  const mandate = await mandateOfOrder(db, sub.store_id, sub.first_order_id)
  if (mandate)
    await paymentsService.cancelPixAuthorization(payments, { storeId: sub.store_id, id: mandate.authorization_id, now })
}

/** The bus's news applied sooner than the scanner's next pass: a revocation, a debit, a failure, an end. */
export function pixAutomaticSubscriptions(clock: Clock) {
  return [
    subscribe(
      subscriptionChanged,
      'subscriptions.pix-automatic-ended',
      async (e, ctx) => {
        if (e.type !== 'subscription.canceled') return
        const payments = { db: ctx.db, jobs: ctx.jobs, config: ctx.config, log: ctx.log } as unknown as PaymentsDeps
        await endMandate(ctx.db as unknown as Db, payments, clock, e)
      },
      // Only an end has work here: every renewal's subscription.renewed would otherwise be a job that returns.
      { relevant: (es) => es.map((e) => e.type === 'subscription.canceled') },
    ),
    subscribe(pixAutomaticAuthorizationChanged, 'subscriptions.pix-automatic-authorization', async (e, ctx) => {
      if (e.status === 'ACTIVE' || e.status === 'PENDING') return
      const db = ctx.db as unknown as Db
      const mandate = await mandates(db)
        .selectFrom('subscription_pix_mandates')
        .selectAll()
        .where('authorization_id', '=', e.authorizationId)
        .where('store_id', '=', e.storeId)
        .executeTakeFirst()
      if (!mandate) return
      const sub = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('first_order_id', '=', mandate.first_order_id)
        .executeTakeFirst()
      if (!sub) return
      const why =
        e.cancelledBy === 'PAYER' ? 'Pagador revogou o Pix Automático' : 'Autorização do Pix Automático encerrada'
      await markEnding(db, sub.id, await billingNow(db, clock, e.storeId), why, e.cancelledBy)
    }),
    subscribe(pixAutomaticChargeChanged, 'subscriptions.pix-automatic-charge', async (e, ctx) => {
      if (e.status === 'SCHEDULED') return
      const db = ctx.db as unknown as Db
      const attempt = await db
        .selectFrom('subscription_attempts as a')
        .innerJoin('subscription_cycles as c', 'c.id', 'a.cycle_id')
        .select(['a.cycle_id', 'c.store_id'])
        .where('a.transaction_id', '=', e.chargeId)
        .where('a.status', '=', 'WAITING')
        .where('c.store_id', '=', e.storeId)
        .executeTakeFirst()
      if (!attempt) return
      const now = await billingNow(db, clock, e.storeId)
      if (e.status === 'PAID') return settlePaid(db, attempt.cycle_id, now)
      // Failed or cancelled: the scanner's next pass reads it back and retries or stops.
      await db
        .updateTable('subscription_cycles')
        .set({ next_attempt_at: now })
        .where('id', '=', attempt.cycle_id)
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '>', now)
        .execute()
    }),
  ]
}
