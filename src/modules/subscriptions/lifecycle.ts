/**
 * A subscription's life (issue 36): started by its first paid order, each paid cycle extending access and
 * scheduling the next, canceled by the merchant, the buyer or dunning, expired after its last cycle. Every change
 * appends to the event history and, for the merchant's member area, publishes `subscription.*` in its transaction.
 */
import type { Selectable } from 'kysely'
import type { Trx as PlatformTrx } from '../../platform/db'
import { publish } from '../../platform/events'
import { dunningOf } from './dunning'
import { type SUBSCRIPTION_WEBHOOK_TYPES, subscriptionChanged } from './events'
import { addDays, firstAttemptAt, periodOf } from './periods'
import type { Db, SubscriptionsTables, Trx } from './tables'

export type SubscriptionRow = Selectable<SubscriptionsTables['subscriptions']>
export type CycleRow = Selectable<SubscriptionsTables['subscription_cycles']>

export const intervalOf = (s: Pick<SubscriptionRow, 'interval_unit' | 'interval_count'>) => ({
  unit: s.interval_unit,
  count: s.interval_count,
})

/** Appends to the history; with a webhook type, announces it too (same transaction). */
export async function recordEvent(
  trx: Trx,
  sub: Pick<SubscriptionRow, 'id' | 'store_id' | 'status'>,
  type: string,
  at: Date,
  data: Record<string, unknown> = {},
  webhook?: (typeof SUBSCRIPTION_WEBHOOK_TYPES)[number],
) {
  await trx
    .insertInto('subscription_events')
    .values({ subscription_id: sub.id, type, at, data: JSON.stringify(data) })
    .execute()
  if (webhook)
    await publish(trx as unknown as PlatformTrx, subscriptionChanged, {
      type: webhook,
      subscriptionId: sub.id,
      storeId: sub.store_id,
      status: sub.status,
      cycleNumber: typeof data.cycle === 'number' ? data.cycle : null,
      at: at.toISOString(),
      reason: typeof data.reason === 'string' ? data.reason : null,
    })
}

/**
 * Writes attempt `number` of a cycle before its gateway call, keyed subscription:cycle:attempt (one call per key,
 * ever). Undefined when that key already exists: another scanner took it, so this one must not call the gateway.
 */
export async function insertAttempt(
  db: Db | Trx,
  sub: Pick<SubscriptionRow, 'id' | 'method'>,
  cycle: Pick<CycleRow, 'id' | 'number' | 'amount_cents'>,
  number: number,
  at: Date,
  extra: { status?: 'PENDING' | 'WAITING'; amountCents?: number; transactionId?: string } = {},
) {
  return db
    .insertInto('subscription_attempts')
    .values({
      cycle_id: cycle.id,
      number,
      idempotency_key: `${sub.id}:${cycle.number}:${number}`,
      status: extra.status ?? 'PENDING',
      method: sub.method,
      amount_cents: extra.amountCents ?? Number(cycle.amount_cents),
      transaction_id: extra.transactionId ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
}

/** The subscription falls PAST_DUE on a cycle it could not collect: its period is that cycle's, since its due date. */
export async function markPastDue(
  trx: Trx,
  sub: Pick<SubscriptionRow, 'id'>,
  cycle: CycleRow,
  at: Date,
  reason: string | null,
) {
  const updated = await trx
    .updateTable('subscriptions')
    .set({
      status: 'PAST_DUE',
      past_due_since: cycle.due_at,
      current_period_start: cycle.period_start,
      current_period_end: cycle.period_end,
      updated_at: at,
    })
    .where('id', '=', sub.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordEvent(trx, updated, 'past_due', at, { cycle: cycle.number, reason }, 'subscription.past_due')
  return updated
}

export async function lockSubscription(trx: Trx, id: string) {
  return trx.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The cycle after `number`, scheduled at its period's start — unless the plan's cap on cycles is reached. */
export async function scheduleNextCycle(trx: Trx, sub: SubscriptionRow, number: number) {
  const next = number + 1
  if (sub.max_cycles !== null && next > sub.max_cycles) return undefined
  const period = periodOf(sub.anchor_at, intervalOf(sub), next)
  return trx
    .insertInto('subscription_cycles')
    .values({
      subscription_id: sub.id,
      store_id: sub.store_id,
      number: next,
      status: 'SCHEDULED',
      period_start: period.start,
      period_end: period.end,
      due_at: period.start,
      amount_cents: Number(sub.price_cents),
      next_attempt_at: firstAttemptAt(sub.method, period.start),
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'number']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

/**
 * A cycle's charge landed: the cycle is PAID, the subscription ACTIVE in that period, access until its end (+ the
 * store's grace), and the next cycle scheduled. Idempotent: a cycle already PAID changes nothing.
 */
export async function settleCyclePaid(
  trx: Trx,
  cycleId: string,
  at: Date,
  opts: { orderId?: string | null } = {},
): Promise<boolean> {
  const cycle = await trx
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('id', '=', cycleId)
    .forUpdate()
    .executeTakeFirst()
  if (!cycle || cycle.status === 'PAID') return false
  const sub = (await lockSubscription(trx, cycle.subscription_id))!
  await trx
    .updateTable('subscription_cycles')
    .set({
      status: 'PAID',
      paid_at: at,
      next_attempt_at: null,
      lease_until: null,
      ...(opts.orderId ? { order_id: opts.orderId } : {}),
    })
    .where('id', '=', cycle.id)
    .execute()
  const dunning = await dunningOf(trx, sub.store_id)
  // A late payment never moves the anchor: the period stays the cycle's own.
  const accessUntil = addDays(cycle.period_end, dunning.graceDays)
  const revived = sub.status === 'PAST_DUE' || sub.status === 'ACTIVE' || sub.status === 'TRIALING'
  const status = revived ? 'ACTIVE' : sub.status
  const updated = await trx
    .updateTable('subscriptions')
    .set({
      status,
      current_period_start: cycle.period_start,
      current_period_end: cycle.period_end,
      access_until: sub.access_until && sub.access_until > accessUntil ? sub.access_until : accessUntil,
      past_due_since: null,
      updated_at: at,
    })
    .where('id', '=', sub.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  // A trial's first charge is announced as a renewal too (the member area's access follows it).
  if (cycle.number > 1 || sub.trial_end)
    await recordEvent(
      trx,
      updated,
      'renewed',
      at,
      { cycle: cycle.number, amountCents: Number(cycle.amount_cents) },
      'subscription.renewed',
    )
  if (status === 'ACTIVE') await scheduleNextCycle(trx, updated, cycle.number)
  return true
}

/** Ends a subscription now: open cycles are canceled (their renewal orders are cancelled by the caller). */
export async function endSubscription(
  trx: Trx,
  sub: SubscriptionRow,
  status: 'CANCELED' | 'EXPIRED',
  at: Date,
  reason: string,
): Promise<string[]> {
  if (sub.status === 'CANCELED' || sub.status === 'EXPIRED' || sub.status === 'INCOMPLETE_EXPIRED') return []
  const open = await trx
    .updateTable('subscription_cycles')
    .set({ status: 'CANCELED', next_attempt_at: null, lease_until: null })
    .where('subscription_id', '=', sub.id)
    .where('status', 'in', ['SCHEDULED', 'PENDING', 'FAILED'])
    .returning(['order_id'])
    .execute()
  // Canceled now: access ends now unless a paid period still runs (an immediate cancel ends it too).
  const updated = await trx
    .updateTable('subscriptions')
    .set({ status, canceled_at: at, updated_at: at, cancel_at_period_end: false })
    .where('id', '=', sub.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordEvent(
    trx,
    updated,
    status === 'CANCELED' ? 'canceled' : 'expired',
    at,
    { reason },
    status === 'CANCELED' ? 'subscription.canceled' : undefined,
  )
  return open.map((o) => o.order_id).filter((id): id is string => Boolean(id))
}

/** Access right now on the store's billing clock. */
export const hasAccess = (sub: Pick<SubscriptionRow, 'access_until'>, now: Date) =>
  Boolean(sub.access_until && sub.access_until > now)

export async function findSubscription(db: Db, storeId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('store_id', '=', storeId)
    .executeTakeFirst()
}
