/**
 * A subscription's life (issue 36): started by its first paid order, each paid cycle extending access and
 * scheduling the next, canceled by the merchant, the buyer or dunning, expired after its last cycle. Every change
 * appends to the event history and, for the merchant's member area, publishes `subscription.*` in its transaction.
 */
import { type Selectable, sql } from 'kysely'
import type { Trx as PlatformTrx } from '../../platform/db'
import { publish, publishingFrom } from '../../platform/events'
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

/**
 * A card renewal's attempt `number` with its charge's id, written before its gateway call as insertAttempt does, in
 * one statement with the cycle's order recorded.
 * Written only while the cycle is still this biller's (PENDING) and its subscription may still be billed (not
 * CANCELED nor EXPIRED, not canceled at the end of a period already over) — the biller read both a moment before,
 * and a cancel may have come since. Undefined when not written: the caller must not call the gateway.
 */
export async function beginCardAttempt(
  db: Db,
  sub: Pick<SubscriptionRow, 'id' | 'method'>,
  cycle: Pick<CycleRow, 'id' | 'number' | 'amount_cents'>,
  attempt: { number: number; transactionId: string; orderId: string; at: Date },
): Promise<{ id: string } | undefined> {
  const { at, number } = attempt
  const { rows } = await sql<{ id: string }>`
    with ok as (
      select 1 from subscriptions s join subscription_cycles c on c.subscription_id = s.id
      where s.id = ${sub.id} and c.id = ${cycle.id} and c.status = 'PENDING'
        and s.status in ('ACTIVE', 'PAST_DUE', 'TRIALING')
        and not (s.cancel_at_period_end and s.current_period_end <= ${at})
    ), linked as (
      update subscription_cycles set order_id = ${attempt.orderId}
      where id = ${cycle.id} and order_id is null
    )
    insert into subscription_attempts (cycle_id, number, idempotency_key, status, method, amount_cents,
      transaction_id, created_at)
    select ${cycle.id}::uuid, ${number}::int, ${`${sub.id}:${cycle.number}:${number}`}::text, 'PENDING',
      ${sub.method}::text, ${Number(cycle.amount_cents)}::bigint, ${attempt.transactionId}::uuid, ${at}::timestamptz
    from ok
    on conflict (idempotency_key) do nothing
    returning id`.execute(db)
  return rows[0]
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

/**
 * A card renewal's attempt is PAID: the attempt, then the same change as settleCyclePaid (cycle PAID, subscription
 * ACTIVE in that period, access until its end + the store's grace, history, next cycle, subscription.renewed) in one
 * statement instead of eleven (and no transaction: one statement commits whole) — the renewals bench's 10,000 a day
 * ride on it. `sub` is the biller's read (its terms: anchor, interval, cap, trial); the statement itself guards what
 * may have changed since: a cycle already PAID (its order's news came first) changes nothing but the attempt, and
 * the status is decided on the row. The webhook's event is written only when the cycle was settled here.
 */
export async function settleAttemptPaid(
  db: Db,
  sub: SubscriptionRow,
  cycle: Pick<CycleRow, 'id' | 'number' | 'amount_cents'>,
  paid: { attemptId: string; transactionId: string | null; orderId: string | null; at: Date },
): Promise<boolean> {
  const { at } = paid
  const nextNumber = cycle.number + 1
  const next = periodOf(sub.anchor_at, intervalOf(sub), nextNumber)
  const scheduleNext = sub.max_cycles === null || nextNumber <= sub.max_cycles
  // A trial's first charge is announced as a renewal too (the member area's access follows it).
  const announce = cycle.number > 1 || sub.trial_end !== null
  const data = JSON.stringify({ cycle: cycle.number, amountCents: Number(cycle.amount_cents) })
  // The status is the row's, decided in the statement (a placeholder of the right shape until then).
  const renewed = publishingFrom(
    subscriptionChanged,
    {
      type: 'subscription.renewed',
      subscriptionId: sub.id,
      storeId: sub.store_id,
      status: 'ACTIVE',
      cycleNumber: cycle.number,
      at: at.toISOString(),
      reason: null,
    },
    'announced',
    { status: sql`announced.status` },
  )
  const { rows } = await sql<{ status: string }>`
    with att as (
      update subscription_attempts set status = 'PAID', finished_at = ${at}, decline_reason = null,
        -- the charge id it was written with, unless the answer names one
        transaction_id = coalesce(${paid.transactionId}::uuid, transaction_id)
      where id = ${paid.attemptId} returning id
    ), c as (
      update subscription_cycles set status = 'PAID', paid_at = ${at}, next_attempt_at = null, lease_until = null,
        order_id = coalesce(${paid.orderId}::uuid, order_id)
      where id = ${cycle.id} and status <> 'PAID' and exists (select 1 from att)
      returning subscription_id, period_start, period_end
    ), s as (
      update subscriptions s set
        status = case when s.status in ('PAST_DUE', 'ACTIVE', 'TRIALING') then 'ACTIVE' else s.status end,
        current_period_start = c.period_start, current_period_end = c.period_end,
        -- a late payment never moves the anchor: access follows the cycle's own period (+ grace), never shrinks
        access_until = greatest(s.access_until, c.period_end + make_interval(days => coalesce(
          (select grace_days from subscription_dunning d where d.store_id = s.store_id), 0))),
        past_due_since = null, updated_at = ${at}
      from c where s.id = c.subscription_id
      returning s.id, s.store_id, s.status
    ), announced as (
      select status from s where ${announce}::boolean
    ), e as (
      insert into subscription_events (subscription_id, type, at, data)
      select s.id, 'renewed', ${at}::timestamptz, ${data}::jsonb from s where ${announce}::boolean
    ), o as (
      ${renewed}
    ), n as (
      insert into subscription_cycles (subscription_id, store_id, number, status, period_start, period_end, due_at,
        amount_cents, next_attempt_at)
      select s.id, s.store_id, ${nextNumber}::int, 'SCHEDULED', ${next.start}::timestamptz,
        ${next.end}::timestamptz, ${next.start}::timestamptz, ${Number(sub.price_cents)}::bigint,
        ${firstAttemptAt(sub.method, next.start)}::timestamptz
      from s where s.status = 'ACTIVE' and ${scheduleNext}::boolean
      on conflict (subscription_id, number) do nothing
    )
    select status from s`.execute(db)
  return rows.length > 0
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
