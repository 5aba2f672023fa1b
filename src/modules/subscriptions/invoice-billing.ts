/**
 * PIX and boleto renewals (issue 36). There is no card to charge, so a cycle's charge is an invoice the buyer pays:
 * INVOICE_LEAD_DAYS before the due date the cycle's renewal order is placed with its PIX or boleto — payable until the
 * due date, not the 1-day PIX of a checkout — and the buyer is e-mailed the code with the order page's link (the one
 * 'pedido recebido' notifications sends for any PIX or boleto order, worded as the plan's renewal: emails.ts
 * renewalInvoiceOf). Paid → the order's `order.paid` settles the cycle (start.ts), the anchor kept. Still unpaid at the due
 * date → PAST_DUE, no automatic retry, the invoice stays payable (the order page renews an expired PIX) until the
 * store's cancel-after-days ends the subscription (billing.ts sweepEnds), which cancels the order.
 */
import { AppError } from '../../platform/errors'
import { saoPauloDay } from '../../shared/dates'
import { orderingService } from '../ordering'
import type { BillingDeps } from './billing-deps'
import {
  type CycleRow,
  insertAttempt,
  lockSubscription,
  markPastDue,
  recordEvent,
  type SubscriptionRow,
} from './lifecycle'
import { addDays } from './periods'

/** How long a failed invoice creation waits (billing time) before it is tried again. */
const RETRY_CREATE_DAYS = 1

export async function billInvoiceCycle(deps: BillingDeps, sub: SubscriptionRow, cycle: CycleRow, at: Date) {
  const { db } = deps
  // Canceled at the period's end: no invoice for a period that will not run (billCycle ends it at the due date).
  if (sub.cancel_at_period_end && at < cycle.due_at) return waitUntil(deps, cycle, cycle.due_at, 'SCHEDULED')
  const latest = await db
    .selectFrom('subscription_attempts')
    .select(['number', 'status'])
    .where('cycle_id', '=', cycle.id)
    .orderBy('number', 'desc')
    .executeTakeFirst()
  if (latest?.status !== 'WAITING') {
    const sent = await sendInvoice(deps, sub, cycle, at, latest)
    if (at < cycle.due_at) {
      const retryAt = addDays(at, RETRY_CREATE_DAYS)
      return waitUntil(deps, cycle, sent || retryAt > cycle.due_at ? cycle.due_at : retryAt, 'PENDING')
    }
  }
  // Due and unpaid (billCycle read the order back first): past due, the invoice left payable.
  await failUnpaidCycle(deps, cycle, at)
}

async function waitUntil(deps: BillingDeps, cycle: CycleRow, when: Date, status: 'SCHEDULED' | 'PENDING') {
  await deps.db
    .updateTable('subscription_cycles')
    .set({ status, next_attempt_at: when, lease_until: null })
    .where('id', '=', cycle.id)
    .execute()
}

/**
 * The cycle's order and its PIX or boleto. The attempt (key subscription:cycle:attempt) is written before the
 * gateway call; one left PENDING by a dead worker becomes UNKNOWN and a new attempt asks again (payments keeps at
 * most one payable charge per order, so a second code is refused rather than issued).
 */
async function sendInvoice(
  deps: BillingDeps,
  sub: SubscriptionRow,
  cycle: CycleRow,
  at: Date,
  latest: { number: number; status: string } | undefined,
): Promise<boolean> {
  const { db } = deps
  if (latest?.status === 'PENDING')
    await db
      .updateTable('subscription_attempts')
      .set({ status: 'UNKNOWN', finished_at: at })
      .where('cycle_id', '=', cycle.id)
      .where('number', '=', latest.number)
      .execute()
  const order = await orderingService.placeRenewalOrder(db as never, {
    fromOrderId: sub.first_order_id,
    storeId: sub.store_id,
    subscriptionId: sub.id,
    cycleNumber: cycle.number,
    amountCents: Number(cycle.amount_cents),
    paymentMethod: sub.method === 'bank_slip' ? 'BANK_SLIP' : 'PIX',
  })
  if (!cycle.order_id)
    await db.updateTable('subscription_cycles').set({ order_id: order.orderId }).where('id', '=', cycle.id).execute()
  const number = (latest?.number ?? 0) + 1
  const attempt = await insertAttempt(db, sub, cycle, number, at)
  if (!attempt) return false
  try {
    const expiresInDays = payableDays(sub.method, at, cycle.due_at)
    const charge = await orderingService.chargeRenewalOrder(deps.payments, order, { expiresInDays })
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscription_attempts')
        .set({ status: 'WAITING', transaction_id: charge.transactionId })
        .where('id', '=', attempt.id)
        .execute()
      await recordEvent(trx, sub, 'invoice_sent', at, {
        cycle: cycle.number,
        orderId: order.orderId,
        method: sub.method,
        dueAt: cycle.due_at.toISOString(),
      })
    })
    return true
  } catch (err) {
    const reason = err instanceof AppError ? err.message : 'Falha na comunicação com o gateway'
    await db
      .updateTable('subscription_attempts')
      .set({ status: 'UNKNOWN', finished_at: at, decline_reason: reason })
      .where('id', '=', attempt.id)
      .execute()
    return false
  }
}

/** The due date passed without the payment: PAST_DUE from the due date; the store's cancel-after-days apply. */
async function failUnpaidCycle(deps: BillingDeps, cycle: CycleRow, at: Date) {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscription_cycles')
      .set({ status: 'FAILED', next_attempt_at: null, lease_until: null })
      .where('id', '=', cycle.id)
      .where('status', '!=', 'PAID')
      .execute()
    const sub = (await lockSubscription(trx, cycle.subscription_id))!
    if (sub.status === 'PAST_DUE') return
    await markPastDue(trx, sub, cycle, at, 'Pagamento não recebido até o vencimento')
  })
}

const DAY_MS = 86_400_000

/**
 * How many days the invoice stays payable: until the cycle's due date, not the 1-day PIX of a checkout. A PIX lives
 * that many 24-hour days from now; a boleto falls due on a calendar day, so it counts São Paulo's days to the due
 * date's (rounding hours up would put a boleto sent earlier in the day than the anchor a day after the cycle's due).
 */
export function payableDays(method: string, at: Date, dueAt: Date): number {
  if (method !== 'bank_slip') return Math.max(1, Math.ceil((dueAt.getTime() - at.getTime()) / DAY_MS))
  const days = (Date.parse(saoPauloDay(dueAt)) - Date.parse(saoPauloDay(at))) / DAY_MS
  return Math.max(1, Math.round(days))
}
