/**
 * A checkout order that names a plan starts a subscription when it is paid (order.paid): cycle 1 is that order,
 * the anchor is the store's billing time, and cycle 2 is scheduled at the end of the first period. A renewal
 * order's payment (read back later, e.g. after a worker died mid-charge) settles its cycle here too.
 */
import type { Clock } from '../../platform/clock'
import { orderingService } from '../ordering'
import { billingNow } from './billing-clock'
import type { PlanMethod } from './dto'
import { dunningOf } from './dunning'
import { recordEvent, scheduleNextCycle, settleCyclePaid } from './lifecycle'
import { addDays, periodOf } from './periods'
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
    await trx
      .updateTable('subscription_attempts')
      .set({ status: 'PAID', finished_at: at })
      .where('cycle_id', '=', cycle.id)
      .where('status', 'in', ['PENDING', 'UNKNOWN'])
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

export async function startSubscription(deps: { db: Db; clock: Clock }, p: PaidOrderFacts) {
  const plan = await findPlan(deps.db, p.storeId, p.planId!)
  if (!plan) return
  const snapshot = await orderingService.orderSnapshot(deps.db as never, p.orderId)
  const anchor = await billingNow(deps.db, deps.clock, p.storeId)
  const interval = { unit: plan.interval_unit, count: plan.interval_count }
  const first = periodOf(anchor, interval, 1)
  const dunning = await dunningOf(deps.db, p.storeId)
  const byMandate = await paidByPixAutomatic(deps.db, p.storeId, p.orderId)
  await deps.db.transaction().execute(async (trx) => {
    const sub = await trx
      .insertInto('subscriptions')
      .values({
        store_id: p.storeId,
        plan_id: plan.id,
        product_id: plan.product_id,
        status: 'ACTIVE',
        method: byMandate ? 'pix_automatic' : METHOD[p.paymentMethod],
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
        current_period_start: first.start,
        current_period_end: first.end,
        access_until: addDays(first.end, dunning.graceDays),
        created_at: anchor,
        updated_at: anchor,
      })
      // The event may be delivered twice: the first order names one subscription.
      .onConflict((oc) => oc.column('first_order_id').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!sub) return
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
        paid_at: anchor,
      })
      .execute()
    await recordEvent(trx, sub, 'created', anchor, { cycle: 1, orderId: p.orderId }, 'subscription.created')
    await scheduleNextCycle(trx, sub, 1)
  })
}
