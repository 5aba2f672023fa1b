/**
 * Conversions API events from the worker: Purchase when an order is paid, InitiateCheckout when one is placed (each
 * only when the store's pixel is active, has a token and the event's toggle is on). Each (order, event) is claimed
 * once in pixel_deliveries, so a job that runs twice sends once; a timeout or 5xx throws so the queue retries with
 * backoff (FAILED after the last try); a 4xx is kept as FAILED with Meta's message; an event older than Meta's 7 days is SKIPPED.
 */
import type { AppConfig } from '../../config'
import { decryptSecret } from '../../platform/crypto'
import { type ChannelDeps, failedAttempt, sweepJobId } from '../../platform/delivery-claim'
import { initiateCheckoutEventId, type PixelDelivery, purchaseEventId, type ServerEvent } from '../../shared/pixel'
import { type OrderSnapshot, orderingService } from '../ordering'
import { toDeliveryDto } from './dto'
import { type CapiEvent, type GraphClient, GraphError, graphClient } from './graph-client'
import * as repo from './repository'
import type { Db } from './tables'
import { buildUserData } from './user-data'

export type TrackingDeps = ChannelDeps<Db> & {
  /** Tests swap the transport; production builds one from FACEBOOK_GRAPH_URL and FACEBOOK_GRAPH_VERSION. */
  graph?: GraphClient
}

/** Meta refuses events whose event_time is more than 7 days in the past. */
export const MAX_EVENT_AGE_MS = 7 * 86_400_000

/** Thrown to have the job retried later (with the queue's backoff). */
export class CapiRetryError extends Error {}

const clientOf = (deps: TrackingDeps) =>
  deps.graph ?? graphClient(deps.config.FACEBOOK_GRAPH_URL, deps.config.FACEBOOK_GRAPH_VERSION)

const reais = (cents: number) => Math.round(cents) / 100

/** The checkout page the buyer was on: Meta wants the URL where the event happened. */
function sourceUrl(config: AppConfig, order: OrderSnapshot, productId: string): string {
  const path = order.productType === 'DIGITAL' ? 'digital-checkout' : 'checkout'
  return `${config.publicUrl}/${path}/${order.storeId}/${productId}`
}

/** The click id cookie, or Meta's documented form built from the ad's fbclid: fb.1.<ms of the click>.<fbclid>. */
function fbcOf(order: OrderSnapshot): string | undefined {
  if (order.tracking.fbc) return order.tracking.fbc
  return order.tracking.fbclid ? `fb.1.${order.createdAt.getTime()}.${order.tracking.fbclid}` : undefined
}

export function buildEvent(
  config: AppConfig,
  order: OrderSnapshot,
  event: { name: ServerEvent; id: string; time: Date; productId: string },
): CapiEvent {
  const contents = order.items.map((i) => ({
    id: i.productId,
    quantity: i.quantity,
    item_price: reais(i.unitPriceCents),
  }))
  return {
    event_name: event.name,
    event_time: Math.floor(event.time.getTime() / 1000),
    event_id: event.id,
    action_source: 'website',
    event_source_url: sourceUrl(config, order, event.productId),
    user_data: buildUserData(
      {
        email: order.customer.email,
        phone: order.customer.phone,
        name: order.customer.name,
        document: order.customer.document,
        address: order.shippingAddress,
      },
      { clientIp: order.clientIp, userAgent: order.userAgent, fbp: order.tracking.fbp, fbc: fbcOf(order) },
    ),
    custom_data: {
      value: reais(order.totalCents),
      currency: 'BRL',
      content_type: 'product',
      content_ids: contents.map((c) => c.id),
      contents,
      num_items: order.items.reduce((n, i) => n + i.quantity, 0),
      order_id: order.orderNumber,
    },
  }
}

/** The event id the browser used for the same event (src/shared/pixel.ts). */
export function eventIdFor(name: ServerEvent, order: OrderSnapshot, productId: string): string {
  return name === 'Purchase'
    ? purchaseEventId(order.id)
    : initiateCheckoutEventId(productId, order.tracking.fbp, order.id)
}

/**
 * Sends one server event for an order. `productId` is the checkout's own product (the first item of the ordering
 * event; the snapshot's item order is not the cart's).
 */
export async function sendOrderEvent(
  deps: TrackingDeps,
  input: { orderId: string; eventName: ServerEvent; productId: string; lastAttempt?: boolean },
): Promise<void> {
  const order = await orderingService.orderSnapshot(deps.db, input.orderId)
  if (!order) return
  const config = await repo.findConfig(deps.db, order.storeId)
  if (!config?.active || !config.access_token_encrypted || !/^\d{15,16}$/.test(config.pixel_id)) return
  const toggle = input.eventName === 'Purchase' ? config.track_purchase : config.track_initiate_checkout
  if (!toggle) return
  const time = input.eventName === 'Purchase' ? (order.paidAt ?? new Date()) : order.createdAt
  const eventId = eventIdFor(input.eventName, order, input.productId)
  const claim = await repo.claimDelivery(
    deps.db,
    {
      storeId: order.storeId,
      orderId: order.id,
      orderNumber: order.orderNumber,
      eventName: input.eventName,
      eventId,
      productId: input.productId,
    },
    deps.config.DELIVERY_CLAIM_STALE_MS,
  )
  if (claim.kind === 'busy') throw new CapiRetryError(`${input.eventName} of ${order.id} is being sent`)
  if (claim.kind === 'settled') return
  const row = claim.row
  if (Date.now() - time.getTime() > MAX_EVENT_AGE_MS) {
    await repo.settleDelivery(deps.db, row, {
      state: 'SKIPPED',
      http_status: null,
      error: 'Evento com mais de 7 dias: a Meta não aceita',
    })
    return
  }
  const event = buildEvent(deps.config, order, { name: input.eventName, id: eventId, time, productId: input.productId })
  const token = decryptSecret(deps.config.APP_SECRET, config.access_token_encrypted)
  try {
    const res = await clientOf(deps).sendEvents(config.pixel_id, token, {
      data: [event],
      ...(config.test_event_code ? { test_event_code: config.test_event_code } : {}),
    })
    await repo.settleDelivery(deps.db, row, {
      state: 'SENT',
      http_status: res.httpStatus,
      error: null,
      sent_at: new Date(),
    })
  } catch (err) {
    const e = err instanceof GraphError ? err : new GraphError('unavailable', 'Erro ao enviar para a Meta', null)
    const { retry, outcome } = failedAttempt(e, input.lastAttempt)
    await repo.settleDelivery(deps.db, row, outcome)
    deps.metrics?.deliveryFailed('conversions_api')
    deps.log.warn(
      { deliveryId: row.id, orderId: order.id, event: input.eventName, httpStatus: e.httpStatus },
      'conversions api delivery failed',
    )
    if (retry) throw new CapiRetryError(e.message)
  }
}

/** Deliveries whose worker died while sending: the sweeper queues each again (see platform/delivery-claim). */
export async function staleDeliveries(deps: Pick<TrackingDeps, 'db' | 'config'>) {
  const rows = await repo.staleDeliveries(deps.db, deps.config.DELIVERY_CLAIM_STALE_MS)
  return rows.map((row) => ({ row, jobId: sweepJobId(repo.pixelChannel(0), row) }))
}

export async function listDeliveries(db: Db, storeId: string, limit: number): Promise<PixelDelivery[]> {
  return (await repo.listDeliveries(db, storeId, limit)).map(toDeliveryDto)
}
