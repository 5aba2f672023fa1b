/**
 * A checkout order that names a plan starts a subscription when it is paid (order.paid): cycle 1 is that order,
 * the anchor is the store's billing time, and cycle 2 is scheduled at the end of the first period (with a free
 * trial: the R$ 0,00 order starts the trial, the anchor is its end and cycle 1 is charged then). A renewal
 * order's payment (read back later, e.g. after a worker died mid-charge) settles its cycle here too.
 */
import { sql } from 'kysely'
import type { Clock } from '../../platform/clock'
import { orderingService } from '../ordering'
import { billingNow } from './billing-clock'
import type { PlanMethod } from './dto'
import { dunningOf } from './dunning'
import { recordEvent, scheduleNextCycle, settleCyclePaid } from './lifecycle'
import { addDays, firstAttemptAt, periodOf } from './periods'
import { paidByPixAutomatic } from './pix-automatic-billing'
import { findPlan } from './plans'
import type { Db } from './tables'

export interface PaidOrderFacts {
  orderId: string
  storeId: string
  totalCents: number
  paymentMethod: 'PIX' | 'CREDIT_CARD' | 'BANK_SLIP'
  customer: { name: string; email: string; phone: string }
  planId?: string
  subscriptionId?: string
}

const METHOD: Record<PaidOrderFacts['paymentMethod'], PlanMethod> = {
  CREDIT_CARD: 'credit_card',
  PIX: 'pix',
  BANK_SLIP: 'bank_slip',
}

export async function onOrderPaid(deps: { db: Db; clock: Clock }, p: PaidOrderFacts): Promise<void> {
  if (p.subscriptionId) return settleRenewalOrder(deps, p)
  if (p.planId) await startSubscription(deps, p)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Of these paid orders, the renewal orders whose cycle is already PAID: settleRenewalOrder has nothing to do for them
 * (the card biller settles its own cycle right after the charge, before the order's news arrives), so the relay
 * makes no job of their order.paid — one read per relay batch instead of a job and a read per renewal.
 */
export async function settledRenewalOrders(db: Db, orderIds: string[]): Promise<Set<string>> {
  // Payload ids are strings: one that is not a uuid must not fail the relay's pass on the cast (it gets its job).
  const ids = orderIds.filter((id) => UUID.test(id))
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('subscription_cycles')
    .select('order_id')
    .where(sql<boolean>`order_id = any(${ids}::uuid[])`)
    .where('status', '=', 'PAID')
    .execute()
  return new Set(rows.map((r) => r.order_id!))
}

async function settleRenewalOrder(deps: { db: Db; clock: Clock }, p: PaidOrderFacts) {
  const cycle = await deps.db
    .selectFrom('subscription_cycles')
    .select(['id', 'status'])
    .where('order_id', '=', p.orderId)
    .executeTakeFirst()
  if (!cycle || cycle.status === 'PAID') return
  const at = await billingNow(deps.db, deps.clock, p.storeId)
  await deps.db.transaction().execute(async (trx) => {
    await settleCyclePaid(trx, cycle.id, at, { orderId: p.orderId })
    // The newest open attempt is the one whose charge was paid; an older one left UNKNOWN by a dead worker never
    // reached the gateway (one payable charge per order), and a cycle has one PAID attempt at most.
    await trx
      .updateTable('subscription_attempts')
      .set({ status: 'PAID', finished_at: at })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('subscription_attempts as a')
          .select('a.id')
          .where('a.cycle_id', '=', cycle.id)
          .where('a.status', 'in', ['PENDING', 'UNKNOWN'])
          .orderBy('a.number', 'desc')
          .limit(1),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscription_attempts as a')
              .select('a.id')
              .where('a.cycle_id', '=', cycle.id)
              .where('a.status', '=', 'PAID'),
          ),
        ),
      )
      .execute()
  })
}

/**
 * A plan with a free trial bought by card (issue 36) is started by its R$ 0,00 order — the card verified and kept,
 * nothing charged: TRIALING until the trial's end, which is the anchor; cycle 1 (the first charge, on the kept card)
 * is due then. A plan's order paid at its price starts ACTIVE with that order as cycle 1.
 */
export async function startSubscription(deps: { db: Db; clock: Clock }, p: PaidOrderFacts) {
  const plan = await findPlan(deps.db, p.storeId, p.planId!)
  if (!plan) return
  const snapshot = await orderingService.orderSnapshot(deps.db as never, p.orderId)
  const now = await billingNow(deps.db, deps.clock, p.storeId)
  const trialEnd = plan.trial_days > 0 && p.totalCents === 0 ? addDays(now, plan.trial_days) : null
  const anchor = trialEnd ?? now
  const interval = { unit: plan.interval_unit, count: plan.interval_count }
  const first = periodOf(anchor, interval, 1)
  const dunning = await dunningOf(deps.db, p.storeId)
  const method = (await paidByPixAutomatic(deps.db, p.storeId, p.orderId)) ? 'pix_automatic' : METHOD[p.paymentMethod]
  await deps.db.transaction().execute(async (trx) => {
    const sub = await trx
      .insertInto('subscriptions')
      .values({
        store_id: p.storeId,
        plan_id: plan.id,
        product_id: plan.product_id,
        status: trialEnd ? 'TRIALING' : 'ACTIVE',
        method,
        price_cents: Number(plan.price_cents),
        interval_unit: plan.interval_unit,
        interval_count: plan.interval_count,
        max_cycles: plan.max_cycles,
        customer_name: p.customer.name,
        customer_email: p.customer.email.toLowerCase(),
        customer_phone: p.customer.phone,
        customer_document: snapshot?.customer.document ?? '',
        first_order_id: p.orderId,
        anchor_at: anchor,
        current_period_start: trialEnd ? now : first.start,
        current_period_end: trialEnd ?? first.end,
        trial_end: trialEnd,
        // The trial gives access until it ends; the first charge then extends it (no grace on an unpaid trial).
        access_until: trialEnd ?? addDays(first.end, dunning.graceDays),
        created_at: now,
        updated_at: now,
      })
      // The event may be delivered twice: the first order names one subscription.
      .onConflict((oc) => oc.column('first_order_id').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!sub) return
    if (trialEnd) {
      await trx
        .insertInto('subscription_cycles')
        .values({
          subscription_id: sub.id,
          store_id: sub.store_id,
          number: 1,
          status: 'SCHEDULED',
          period_start: first.start,
          period_end: first.end,
          due_at: first.start,
          amount_cents: Number(plan.price_cents),
          next_attempt_at: firstAttemptAt(method, first.start),
        })
        .execute()
      await recordEvent(
        trx,
        sub,
        'trial_started',
        now,
        { orderId: p.orderId, trialDays: plan.trial_days, trialEnd: trialEnd.toISOString() },
        'subscription.created',
      )
      return
    }
    await trx
      .insertInto('subscription_cycles')
      .values({
        subscription_id: sub.id,
        store_id: sub.store_id,
        number: 1,
        status: 'PAID',
        period_start: first.start,
        period_end: first.end,
        due_at: first.start,
        amount_cents: p.totalCents,
        order_id: p.orderId,
        paid_at: now,
      })
      .execute()
    await recordEvent(trx, sub, 'created', now, { cycle: 1, orderId: p.orderId }, 'subscription.created')
    await scheduleNextCycle(trx, sub, 1)
  })
}
