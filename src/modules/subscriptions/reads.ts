/** What the merchant reads (issue 36): the list, one subscription with its timeline, and the metrics. */
import { sql } from 'kysely'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { AppError } from '../../platform/errors'
import { paymentsService } from '../payments'
import { billingNow } from './billing-clock'
import {
  type Cycle,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionDetail,
  type SubscriptionList,
  type SubscriptionMetrics,
  type SubscriptionSummary,
  type subscriptionListQuerySchema,
} from './dto'
import { findSubscription, hasAccess, type SubscriptionRow } from './lifecycle'
import { monthlyCents } from './periods'
import type { Db } from './tables'

const iso = (d: Date | null) => d?.toISOString() ?? null

export function toSummary(r: SubscriptionRow & { plan_name: string }, now: Date): SubscriptionSummary {
  return {
    id: r.id,
    status: r.status,
    planId: r.plan_id,
    planName: r.plan_name,
    productId: r.product_id,
    customerEmail: r.customer_email,
    customerName: r.customer_name,
    method: r.method,
    priceCents: Number(r.price_cents),
    currentPeriodStart: r.current_period_start.toISOString(),
    currentPeriodEnd: r.current_period_end.toISOString(),
    accessUntil: iso(r.access_until),
    hasAccess: hasAccess(r, now),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    canceledAt: iso(r.canceled_at),
    trialEnd: iso(r.trial_end),
    createdAt: r.created_at.toISOString(),
  }
}

const withPlanName = (db: Db) =>
  db
    .selectFrom('subscriptions')
    .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select('subscription_plans.name as plan_name')

export async function listSubscriptions(
  db: Db,
  clock: Clock,
  storeId: string,
  q: z.output<typeof subscriptionListQuerySchema>,
): Promise<SubscriptionList> {
  let base = withPlanName(db).where('subscriptions.store_id', '=', storeId)
  if (q.status) base = base.where('subscriptions.status', '=', q.status)
  if (q.planId) {
    if (!/^[0-9a-f-]{36}$/i.test(q.planId)) return { items: [], total: 0 }
    base = base.where('subscriptions.plan_id', '=', q.planId)
  }
  const [rows, count, now] = await Promise.all([
    base
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('subscriptions.id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    billingNow(db, clock, storeId),
  ])
  return { items: rows.map((r) => toSummary(r, now)), total: Number(count.n) }
}

export async function cyclesOf(db: Db, subscriptionId: string): Promise<Cycle[]> {
  const cycles = await db
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('number')
    .execute()
  const attempts = cycles.length
    ? await db
        .selectFrom('subscription_attempts')
        .selectAll()
        .where(
          'cycle_id',
          'in',
          cycles.map((c) => c.id),
        )
        .orderBy('number')
        .execute()
    : []
  return cycles.map((c) => ({
    number: c.number,
    status: c.status,
    periodStart: c.period_start.toISOString(),
    periodEnd: c.period_end.toISOString(),
    dueAt: c.due_at.toISOString(),
    amountCents: Number(c.amount_cents),
    orderId: c.order_id,
    paidAt: iso(c.paid_at),
    nextAttemptAt: c.status === 'PAID' || c.status === 'CANCELED' ? null : iso(c.next_attempt_at),
    attempts: attempts
      .filter((a) => a.cycle_id === c.id)
      .map((a) => ({
        number: a.number,
        status: a.status,
        method: a.method as Cycle['attempts'][number]['method'],
        amountCents: Number(a.amount_cents),
        declineReason: a.decline_reason,
        hardDecline: a.status === 'HARD_DECLINED',
        at: a.created_at.toISOString(),
      })),
  }))
}

export async function cardOf(db: Db, storeId: string, email: string) {
  const cards = await paymentsService.savedCardsOf({ db: db as never }, { storeId, buyerEmail: email })
  const card = cards.filter((c) => c.expiresAt === null).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
  return card ? { brand: card.brand, last4: card.last4 } : null
}

export async function subscriptionDetail(
  db: Db,
  clock: Clock,
  storeId: string,
  id: string,
): Promise<SubscriptionDetail> {
  if (!(await findSubscription(db, storeId, id))) throw new AppError(404, SUBSCRIPTION_MESSAGES.subscriptionNotFound)
  const row = (await withPlanName(db).where('subscriptions.id', '=', id).executeTakeFirst())!
  const [cycles, events, now, card] = await Promise.all([
    cyclesOf(db, id),
    db.selectFrom('subscription_events').selectAll().where('subscription_id', '=', id).orderBy('id').execute(),
    billingNow(db, clock, storeId),
    cardOf(db, storeId, row.customer_email),
  ])
  return {
    ...toSummary(row, now),
    cycles,
    events: events.map((e) => ({ type: e.type, at: e.at.toISOString(), data: e.data })),
    card,
  }
}

/**
 * Active, trialing and past-due counts; MRR = the monthly equivalent of every ACTIVE and PAST_DUE subscription's
 * price (not TRIALING); churn = subscriptions ended in the last 30 days over those alive 30 days ago (basis points).
 */
export async function subscriptionMetrics(db: Db, clock: Clock, storeId: string): Promise<SubscriptionMetrics> {
  const now = await billingNow(db, clock, storeId)
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000)
  const rows = await db
    .selectFrom('subscriptions')
    .select(['status', 'price_cents', 'interval_unit', 'interval_count', 'created_at', 'canceled_at'])
    .where('store_id', '=', storeId)
    .execute()
  let active = 0
  let trialing = 0
  let pastDue = 0
  let mrrCents = 0
  let aliveThen = 0
  let endedSince = 0
  for (const r of rows) {
    if (r.status === 'ACTIVE') active++
    if (r.status === 'TRIALING') trialing++
    if (r.status === 'PAST_DUE') pastDue++
    if (r.status === 'ACTIVE' || r.status === 'PAST_DUE')
      mrrCents += monthlyCents(Number(r.price_cents), { unit: r.interval_unit, count: r.interval_count })
    const startedBefore = r.created_at <= monthAgo
    const endedAfter = !r.canceled_at || r.canceled_at > monthAgo
    if (startedBefore && endedAfter) {
      aliveThen++
      if (r.canceled_at && r.canceled_at <= now) endedSince++
    }
  }
  return {
    active,
    trialing,
    pastDue,
    mrrCents,
    churnRateBps: aliveThen ? Math.round((endedSince / aliveThen) * 10_000) : 0,
  }
}

/** A `subscription.*` webhook's data: the subscription as the merchant's API shows it (without the timeline). */
export async function webhookData(db: Db, clock: Clock, storeId: string, id: string) {
  const row = await withPlanName(db)
    .where('subscriptions.id', '=', id)
    .where('subscriptions.store_id', '=', storeId)
    .executeTakeFirst()
  return row && toSummary(row, await billingNow(db, clock, storeId))
}
