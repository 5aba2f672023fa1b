/**
 * Merchant webhook deliveries, from the worker: each ordering event becomes one row per subscribed endpoint (its body
 * fixed then, so every retry carries the same message under the same webhook-id), claimed before each attempt
 * (src/platform/delivery-claim.ts), retried on the WEBHOOK_RETRY_SCHEDULE_MS waits (≈ 27 h by default) and swept
 * when a worker died holding it. An endpoint failing for WEBHOOK_DISABLE_AFTER_MS is disabled with a notice.
 */
import type { AppConfig } from '../../config'
import { systemClock } from '../../platform/clock'
import {
  claimDelivery,
  DELIVERY_JOB_ATTEMPTS,
  DELIVERY_SWEEP_EVERY_MS,
  type DeliveryChannel,
  settleDelivery,
  staleClaims,
  sweepJobId,
} from '../../platform/delivery-claim'
import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { WEBHOOK_MESSAGES, type WebhookEvent } from '../../shared/webhooks'
import { orderDelivered, orderShipped } from '../fulfilment/events'
import { orderCancelled, orderingService, orderPaid, orderPlaced, orderRefunded, storeOrderJson } from '../ordering'
import { checkoutAbandoned } from '../recovery/events'
import { subscriptionChanged, subscriptionWebhookData } from '../subscriptions'
import { messageIdOf } from './dto'
import { postWebhook, webhookHeaders } from './webhook-http'
import { queueDelivery, signingSecrets, WEBHOOK_DELIVER_JOB, type WebhookDeps } from './webhooks'
import * as repo from './webhooks.repository'

export const WEBHOOK_SWEEP_JOB = 'integrations.webhook-sweep'

export function webhookChannel(config: Pick<AppConfig, 'DELIVERY_CLAIM_STALE_MS'>): DeliveryChannel {
  return {
    table: 'webhook_deliveries',
    key: ['endpoint_id', 'event_id'],
    claimable: ['PENDING', 'RETRY'],
    staleMs: config.DELIVERY_CLAIM_STALE_MS,
  }
}

type Ctx = WebhookDeps & Pick<JobContext, 'log'>

/** One attempt of one delivery; safe to run twice (the claim lets one through). */
export async function deliverWebhook(ctx: Ctx, deliveryId: string): Promise<void> {
  const row = await repo.findDelivery(ctx.db, deliveryId)
  const endpoint = row && (await repo.findEndpointById(ctx.db, row.endpoint_id))
  if (!row || !endpoint) return
  const channel = webhookChannel(ctx.config)
  const claim = await claimDelivery<repo.WebhookDeliveryRow>(ctx.db, channel, {
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    store_id: row.store_id,
    event_type: row.event_type,
    body: row.body,
  })
  if (claim.kind === 'settled') return
  // Another worker holds a fresh claim: try again later (its claim goes stale if it died).
  if (claim.kind === 'busy') throw new Error('webhook delivery claimed by another worker')
  const claimed = claim.row
  if (!endpoint.active) {
    await settleDelivery(ctx.db, channel, claimed, { state: 'FAILED', http_status: null, error: 'Endpoint desativado' })
    return
  }
  const outcome = await postWebhook(
    endpoint.url,
    webhookHeaders(signingSecrets(ctx.config, endpoint), messageIdOf(row.id), row.body),
    row.body,
    { production: ctx.config.NODE_ENV === 'production' },
  )
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
  const now = new Date()
  let disabled = false
  if (ok && endpoint.failing_since) await repo.updateEndpoint(ctx.db, endpoint.id, { failing_since: null })
  if (!ok) {
    if (!endpoint.failing_since) await repo.updateEndpoint(ctx.db, endpoint.id, { failing_since: now })
    else if (now.getTime() - endpoint.failing_since.getTime() >= ctx.config.WEBHOOK_DISABLE_AFTER_MS) {
      disabled = true
      await repo.updateEndpoint(ctx.db, endpoint.id, {
        active: false,
        disabled_at: now,
        disabled_reason: WEBHOOK_MESSAGES.disabledAfterFailures,
      })
    }
  }
  const wait = ctx.config.WEBHOOK_RETRY_SCHEDULE_MS[claimed.attempts - 1]
  const state = ok ? 'SENT' : wait === undefined || disabled ? 'FAILED' : 'RETRY'
  const settled = await settleDelivery(ctx.db, channel, claimed, {
    state,
    http_status: outcome.status,
    error: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
    sent_at: ok ? now : null,
  })
  // A late first owner of a claim someone else took over records nothing.
  if (!settled) return
  await repo.recordAttempt(ctx.db, row.id, {
    duration_ms: outcome.durationMs,
    response_excerpt: outcome.excerpt,
    next_attempt_at: state === 'RETRY' ? new Date(now.getTime() + wait!) : null,
  })
  if (state === 'RETRY')
    await ctx.jobs.enqueue(
      WEBHOOK_DELIVER_JOB,
      { deliveryId: row.id },
      { delayMs: wait, jobId: `webhook-${row.id}-a${claimed.attempts}` },
    )
  if (disabled) await repo.failPendingOf(ctx.db, endpoint.id, WEBHOOK_MESSAGES.disabledAfterFailures)
}

/** An order event's message (the order as the orders page shows it, plus `extra`) for its store's endpoints. */
function fanOut(
  ctx: JobContext & { eventId: string },
  storeId: string,
  orderId: string,
  type: WebhookEvent,
  extra: Record<string, unknown> = {},
) {
  return fanOutData(ctx, storeId, type, async () => {
    const order = await orderingService.storeOrder(ctx.db, orderId)
    // The webhook body shows the order as the orders screen's JSON does: amounts in reais.
    return order && { ...storeOrderJson(order), ...extra }
  })
}

/** An event's message for every endpoint of its store that chose it; a re-delivered event adds nothing. */
export async function fanOutData(
  ctx: JobContext & { eventId: string },
  storeId: string,
  type: WebhookEvent,
  load: () => Promise<Record<string, unknown> | undefined>,
) {
  const endpoints = await repo.subscribedEndpoints(ctx.db, storeId, type)
  if (endpoints.length === 0) return
  const data = await load()
  if (!data) return
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data })
  await repo.insertDeliveries(
    ctx.db,
    endpoints.map((e) => ({ endpoint_id: e.id, store_id: storeId, event_id: ctx.eventId, event_type: type, body })),
  )
  // Queued by id, so an event job retried after a crash here queues what it wrote before, once.
  for (const e of endpoints) {
    const row = await repo.findDeliveryOf(ctx.db, e.id, ctx.eventId)
    if (row && row.state === 'PENDING' && row.attempts === 0) await queueDelivery(ctx, row, 'a0')
  }
}

async function storesWithEndpoints(events: { storeId: string }[], db: JobContext['db']): Promise<boolean[]> {
  const stores = await repo.storesWithEndpoints(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => stores.has(e.storeId))
}
const opts = { relevant: storesWithEndpoints }

export const webhookSubscriptions = [
  // subscriptions: created, renewed, past due, canceled, trial ending — the subscription as its API shows it.
  subscribe(
    subscriptionChanged,
    'integrations.webhooks-subscription',
    (p, ctx) =>
      fanOutData(ctx, p.storeId, p.type, async () => {
        const data = await subscriptionWebhookData(ctx.db as never, systemClock, p.storeId, p.subscriptionId)
        return data && { ...data, cycleNumber: p.cycleNumber, reason: p.reason, at: p.at }
      }),
    opts,
  ),
  // recovery: a checkout that reached a contact and no order (Kiwify's `checkout.abandoned`), for the merchant's CRM.
  subscribe(
    checkoutAbandoned,
    'integrations.webhooks-checkout-abandoned',
    (p, ctx) =>
      fanOutData(ctx, p.storeId, 'checkout.abandoned', async () => ({
        sessionId: p.sessionId,
        productId: p.productId,
        kind: p.kind,
        step: p.step,
        value: p.valueCents / 100,
        customer: p.customer,
        abandonedAt: p.abandonedAt,
      })),
    opts,
  ),
  subscribe(
    orderPlaced,
    'integrations.webhooks-order-placed',
    (p, ctx) => fanOut(ctx, p.storeId, p.orderId, 'order.placed'),
    opts,
  ),
  subscribe(
    orderPaid,
    'integrations.webhooks-order-paid',
    (p, ctx) => fanOut(ctx, p.storeId, p.orderId, 'order.paid'),
    opts,
  ),
  subscribe(
    orderCancelled,
    'integrations.webhooks-order-cancelled',
    (p, ctx) =>
      fanOut(ctx, p.storeId, p.orderId, p.reason === 'payment_expired' ? 'order.expired' : 'order.cancelled', {
        cancellation: { reason: p.reason },
      }),
    opts,
  ),
  // fulfilment: a label bought or a tracking code typed, then the delivery (issue 38).
  subscribe(
    orderShipped,
    'integrations.webhooks-order-shipped',
    (p, ctx) =>
      fanOut(ctx, p.storeId, p.orderId, 'order.shipped', {
        shipment: {
          carrier: p.carrier,
          trackingCode: p.trackingCode,
          trackingUrl: p.trackingUrl,
          shippedAt: p.shippedAt,
        },
      }),
    opts,
  ),
  subscribe(
    orderDelivered,
    'integrations.webhooks-order-delivered',
    (p, ctx) =>
      fanOut(ctx, p.storeId, p.orderId, 'order.delivered', {
        shipment: { carrier: p.carrier, trackingCode: p.trackingCode, deliveredAt: p.deliveredAt },
      }),
    opts,
  ),
  subscribe(
    orderRefunded,
    'integrations.webhooks-order-refunded',
    (p, ctx) =>
      fanOut(ctx, p.storeId, p.orderId, p.chargeback ? 'order.chargeback' : 'order.refunded', {
        refund: {
          id: p.refundId,
          amount: p.amountCents / 100,
          partial: p.partial,
          refundedTotal: p.refundedTotalCents / 100,
          itemId: p.itemId,
          reason: p.reason,
          refundedAt: p.refundedAt,
        },
      }),
    opts,
  ),
]

export const webhookJobs: JobDefinition[] = [
  {
    name: WEBHOOK_DELIVER_JOB,
    attempts: DELIVERY_JOB_ATTEMPTS,
    handler: (data, ctx) => deliverWebhook(ctx, (data as { deliveryId: string }).deliveryId),
  },
  {
    // Claims whose worker died, and retries whose delayed job was lost (a Redis outage): queued again.
    name: WEBHOOK_SWEEP_JOB,
    attempts: 1,
    everyMs: DELIVERY_SWEEP_EVERY_MS,
    handler: async (_data, ctx) => {
      const channel = webhookChannel(ctx.config)
      for (const row of await staleClaims<repo.WebhookDeliveryRow>(ctx.db, channel))
        await ctx.jobs.enqueue(WEBHOOK_DELIVER_JOB, { deliveryId: row.id }, { jobId: sweepJobId(channel, row) })
      for (const row of await repo.overdueRetries(ctx.db, 60_000))
        await ctx.jobs.enqueue(
          WEBHOOK_DELIVER_JOB,
          { deliveryId: row.id },
          { jobId: `webhook-${row.id}-a${row.attempts}` },
        )
    },
  },
]
