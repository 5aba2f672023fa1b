import type { z } from 'zod'
import type { BatchedEvent, JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe, subscribeBatch } from '../../platform/jobs'
import type { BuyerEmailKind } from '../../shared/notifications'
import { buyerLoginRequested } from '../buyers'
import { passwordResetRequested } from '../identity'
import { orderCancelled, orderPaid, orderPlaced, orderRefunded } from '../ordering'
import {
  type SubscriptionEmailKind,
  subscriptionChanged,
  subscriptionRenewalNoticed,
  subscriptionsService,
} from '../subscriptions'
import { type NotifyDeps, type RefundPayload, storeOwner } from './compose'
import { orderPageOnce, primeOrderReads, withReads } from './reads'
import { deliver, EMAIL_SEND_JOB, queueAndSend, settingsOf, sweepOverdue } from './service'

export const PAYMENT_REMINDER_JOB = 'notifications.payment-reminder'
export const EMAIL_SWEEP_JOB = 'notifications.email-sweep'
/** The reminder goes this long before the PIX or boleto expires. */
export const REMINDER_BEFORE_MS = 60 * 60_000

/** Thrown while the order's charge has no code yet (the gateway is called after the order commits): the job retries. */
class ChargeNotReady extends Error {}

async function buyerKindOn(ctx: NotifyDeps, storeId: string, kind: BuyerEmailKind) {
  return !(await settingsOf(ctx, storeId)).disabledKinds.includes(kind)
}

async function sendBuyer(
  ctx: NotifyDeps,
  p: { orderId: string; storeId: string; email: string },
  kind: BuyerEmailKind,
) {
  if (!(await buyerKindOn(ctx, p.storeId, kind))) return
  await queueAndSend(ctx, { storeId: p.storeId, subjectId: p.orderId, kind, recipient: p.email })
}

/**
 * 'Recebemos seu pedido' waits for the PIX or boleto code, then schedules the one reminder of this charge an hour
 * before it expires (a delayed job named after the charge's expiry: scheduled once, not polled).
 */
async function orderReceived(ctx: NotifyDeps, p: { orderId: string; storeId: string; customer: { email: string } }) {
  const page = await orderPageOnce(ctx, p.orderId)
  if (page?.order.status !== 'PENDING') return
  const payment = page.payment
  const code = payment?.pixCode ?? payment?.boletoLine
  if (!payment || (payment.status === 'PENDING' && !code)) throw new ChargeNotReady(`charge of ${p.orderId} not ready`)
  if (payment.status !== 'PENDING') return
  await sendBuyer(ctx, { orderId: p.orderId, storeId: p.storeId, email: p.customer.email }, 'order_received')
  const expiresAt = payment.pixExpiresAt
    ? new Date(payment.pixExpiresAt)
    : payment.boletoDueDate
      ? new Date(`${payment.boletoDueDate}T23:59:59-03:00`)
      : undefined
  const delayMs = expiresAt ? expiresAt.getTime() - REMINDER_BEFORE_MS - Date.now() : -1
  // A charge that expires within the hour gets no reminder: the first message is the reminder.
  if (delayMs > 0)
    await ctx.jobs.enqueue(
      PAYMENT_REMINDER_JOB,
      { orderId: p.orderId, storeId: p.storeId, email: p.customer.email },
      { delayMs, jobId: `email-reminder-${p.orderId}-${expiresAt!.getTime()}` },
    )
}

type OrderPlacedPayload = z.output<typeof orderPlaced.schema>

/** Orders of one batch, a few at once: each message waits on the database more than it computes. */
const RECEIVED_PARALLEL = 4

/**
 * How many of a batch's orders go at once: one while the process is held back for billing (platform/jobs.ts
 * PRIORITY_FLOOR: a held job with 4 e-mails in flight would take as much of the worker as 4 jobs).
 */
export const parallelOf = (ctx: Pick<JobContext, 'jobs'>, n: number) =>
  Math.min(ctx.jobs.heldBack?.() ? 1 : RECEIVED_PARALLEL, n)

/**
 * Every order of a relay pass gets its message; one whose charge is not ready yet (or whose read failed) does not stop
 * the others, and fails the job once they are done: its retry re-runs the batch, and what was sent is skipped.
 */
async function eachOrderReceived(job: JobContext, events: BatchedEvent<OrderPlacedPayload>[]) {
  const wanted = events.filter((e) => e.payload.paymentMethod !== 'CREDIT_CARD')
  // The handler's check, the message it composes and its Reply-To read the order page and the store's settings: one
  // memo for the pass, its pages read together (reads.ts), so each is read once for the whole batch.
  const ctx = withReads(job)
  await primeOrderReads(
    ctx,
    wanted.map((e) => e.payload.orderId),
  )
  await eachOfBatch(job, wanted, (e) => orderReceived(ctx, e.payload))
}

/**
 * Runs `send` for every event of a batch, a few at once (parallelOf); one that fails does not stop the others, and
 * the first failure fails the job once they are all done.
 */
async function eachOfBatch<E>(job: JobContext, events: E[], send: (event: E) => Promise<void>) {
  const failures: unknown[] = []
  let next = 0
  const lane = async () => {
    while (next < events.length) {
      const e = events[next++]!
      await send(e).catch((err) => void failures.push(err))
    }
  }
  await Promise.all(Array.from({ length: parallelOf(job, events.length) }, lane))
  if (failures.length > 0) throw failures[0]
}

type OrderPaidPayload = z.output<typeof orderPaid.schema>

/** 'Pagamento aprovado' to the buyer, and 'Nova venda aprovada' to the owner when the store wants it. */
async function orderPaidMessages(ctx: NotifyDeps, p: OrderPaidPayload) {
  await sendBuyer(ctx, { orderId: p.orderId, storeId: p.storeId, email: p.customer.email }, 'payment_approved')
  if (!(await settingsOf(ctx, p.storeId)).notifyNewSale) return
  const owner = await storeOwner(ctx, p.storeId)
  if (owner)
    await queueAndSend(ctx, { storeId: p.storeId, subjectId: p.orderId, kind: 'new_sale', recipient: owner.email })
}

/**
 * Every order of a relay pass gets its two messages, a few orders at once. One memo for the batch (reads.ts): the
 * pass's orders are read together, once for both their messages, and each store's settings, owner and look once for
 * all of the store's orders in the pass (a renewal day's orders are thousands of one store's). An order whose message
 * failed does not stop the others and fails the job once they are done: its retry re-runs the batch, and what was
 * sent is skipped (each message is claimed per (order, kind)).
 */
async function eachOrderPaid(job: JobContext, events: BatchedEvent<OrderPaidPayload>[]) {
  const ctx = withReads(job)
  await primeOrderReads(
    ctx,
    events.map((e) => e.payload.orderId),
  )
  await eachOfBatch(job, events, (e) => orderPaidMessages(ctx, e.payload))
}

/** A subscription's buyer e-mail, written by subscriptions, sent as its store's message (once per cycle and kind). */
async function sendSubscriptionEmail(
  ctx: JobContext,
  p: { kind: SubscriptionEmailKind; storeId: string; subscriptionId: string; cycleNumber: number | null },
) {
  const mail = await subscriptionsService.buyerEmail(
    ctx.db,
    { publicUrl: ctx.config.publicUrl, secret: ctx.config.APP_SECRET },
    p,
  )
  if (!mail) return
  await queueAndSend(ctx, {
    storeId: mail.storeId,
    subjectId: mail.subjectId,
    kind: mail.kind,
    recipient: mail.to.email,
    payload: { subject: mail.subject, name: mail.to.name, message: mail.message },
  })
}

export const notificationsSubscriptions = [
  // One job per relay pass, not per order (a burst of orders cost the queue one job lifecycle each: ~35 Redis
  // commands and the worker's share of them). Idempotent by state as a batch must be: each message is claimed per
  // (order, kind) and the reminder's job id names its charge, so a re-run skips what was sent.
  subscribeBatch(orderPlaced, 'notifications.order-placed', (events, ctx) => eachOrderReceived(ctx, events), {
    // Card orders get no 'pedido recebido': their answer comes at once ('Pagamento aprovado' or a cancellation).
    relevant: (events) => events.map((e) => e.paymentMethod !== 'CREDIT_CARD'),
  }),
  // One job per relay pass as well: a renewal day pays thousands of orders within minutes (and a checkout burst
  // hundreds), each of which was a job of its own. Idempotent by state, like the order-placed batch.
  subscribeBatch(orderPaid, 'notifications.order-paid', (events, ctx) => eachOrderPaid(ctx, events)),
  subscribe(orderCancelled, 'notifications.order-cancelled', async (p, ctx) => {
    if (!p.customer) return
    const kind = p.reason === 'payment_expired' ? 'payment_expired' : 'order_cancelled'
    await sendBuyer(ctx, { orderId: p.orderId, storeId: p.storeId, email: p.customer.email }, kind)
  }),
  // A chargeback is the buyer's own dispute with their card: no 'reembolso' notice for it.
  subscribe(orderRefunded, 'notifications.order-refunded', async (p, ctx) => {
    if (p.chargeback || !(await buyerKindOn(ctx, p.storeId, 'order_refunded'))) return
    const payload: RefundPayload = {
      orderId: p.orderId,
      amountCents: p.amountCents,
      refundedTotalCents: p.refundedTotalCents,
      partial: p.partial,
      itemId: p.itemId,
    }
    await queueAndSend(ctx, {
      storeId: p.storeId,
      // Each partial refund is a notice of its own; the refund that ends the order keeps the order's (one per order).
      subjectId: p.partial ? `${p.orderId}:${p.refundId ?? p.refundedAt}` : p.orderId,
      kind: 'order_refunded',
      recipient: p.customer.email,
      payload: { ...payload },
    })
  }),
  subscribe(passwordResetRequested, 'notifications.password-reset', async (p, ctx) => {
    await queueAndSend(ctx, {
      storeId: null,
      subjectId: p.resetId,
      kind: 'password_reset',
      recipient: p.email,
      payload: { tokenEncrypted: p.tokenEncrypted, name: p.name, expiresAt: p.expiresAt },
    })
  }),
  // A refused renewal ('Atualizar cartão'), a cancellation; a yearly renewal ahead.
  subscribe(
    subscriptionChanged,
    'notifications.subscription-changed',
    (p, ctx) =>
      sendSubscriptionEmail(ctx, {
        kind: p.type === 'subscription.past_due' ? 'payment_failed' : 'canceled',
        storeId: p.storeId,
        subscriptionId: p.subscriptionId,
        cycleNumber: p.type === 'subscription.past_due' ? p.cycleNumber : null,
      }),
    { relevant: (ps) => ps.map((p) => p.type === 'subscription.past_due' || p.type === 'subscription.canceled') },
  ),
  subscribe(subscriptionRenewalNoticed, 'notifications.subscription-renewal', (p, ctx) =>
    // The same notice says a yearly renewal is near or a free trial ends (its `kind`).
    sendSubscriptionEmail(ctx, { ...p, kind: p.kind ?? 'renewal_upcoming' }),
  ),
  subscribe(buyerLoginRequested, 'notifications.buyer-login', async (p, ctx) => {
    await queueAndSend(ctx, {
      storeId: null,
      subjectId: p.linkId,
      kind: 'buyer_login',
      recipient: p.email,
      payload: { tokenEncrypted: p.tokenEncrypted, expiresAt: p.expiresAt },
    })
  }),
]

export const notificationsJobs: JobDefinition[] = [
  {
    name: EMAIL_SEND_JOB,
    handler: async (data, ctx) => {
      await deliver(ctx, (data as { deliveryId: string }).deliveryId)
    },
  },
  {
    name: PAYMENT_REMINDER_JOB,
    handler: (data, ctx) =>
      sendBuyer(ctx, data as { orderId: string; storeId: string; email: string }, 'payment_reminder'),
  },
  { name: EMAIL_SWEEP_JOB, everyMs: 60_000, handler: (_data, ctx) => sweepOverdue(ctx) },
]
