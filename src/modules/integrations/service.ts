/** UTMify: the store's configuration, the test sale, and the delivery of each order status from the worker. */
import { randomUUID } from 'node:crypto'
import { decryptSecret, encryptSecret, maskSecret } from '../../platform/crypto'
import { type ChannelDeps, failedAttempt, sweepJobId } from '../../platform/delivery-claim'
import { AppError } from '../../platform/errors'
import {
  isMaskedUtmifyKey,
  type SimulateSaleResult,
  UTMIFY_MESSAGES,
  type UtmifyConfig,
  type UtmifyConfigInput,
  type UtmifyStatus,
} from '../../shared/integrations'
import { affiliatesService } from '../affiliates'
import { type OrderSnapshot, orderingService } from '../ordering'
import { toConfigDto, toDeliveryDto } from './dto'
import { buildOrderBody, type UtmifyOrderBody } from './payload'
import * as repo from './repository'
import type { Db } from './tables'
import { type UtmifyClient, UtmifyError, utmifyClient } from './utmify-client'

export type IntegrationsDeps = ChannelDeps<Db> & {
  /** Tests and the fake server swap the transport; production builds one from UTMIFY_API_URL. */
  utmify?: UtmifyClient
}

/**
 * Updates of orders older than this are not sent. UTMify does not publish its limit; 90 days covers a boleto's life,
 * the 7-day withdrawal right and most refunds, and keeps a replay of old events from rewriting old reports.
 */
export const MAX_ORDER_AGE_MS = 90 * 86_400_000

/** What each status sends first, so UTMify always receives an order's statuses in order. */
const CHAIN: Record<UtmifyStatus, UtmifyStatus[]> = {
  waiting_payment: ['waiting_payment'],
  paid: ['waiting_payment', 'paid'],
  refused: ['waiting_payment', 'refused'],
  refunded: ['waiting_payment', 'paid', 'refunded'],
  chargedback: ['waiting_payment', 'paid', 'chargedback'],
}

const clientOf = (deps: IntegrationsDeps) => deps.utmify ?? utmifyClient(deps.config.UTMIFY_API_URL)

export async function getConfig(db: Db, storeId: string): Promise<UtmifyConfig> {
  return toConfigDto(storeId, await repo.findConfig(db, storeId))
}

/** Saves the switch and, when a new key is typed, the key; an empty or masked key keeps the stored one. */
export async function saveConfig(deps: IntegrationsDeps, storeId: string, input: UtmifyConfigInput) {
  const typed = input.utmfyApiKey?.trim()
  const newKey = typed && !isMaskedUtmifyKey(typed) ? typed : undefined
  const current = await repo.findConfig(deps.db, storeId)
  if (input.utmfyActive && !newKey && !current?.api_key_encrypted)
    throw new AppError(400, UTMIFY_MESSAGES.keyFirst, { utmfyApiKey: UTMIFY_MESSAGES.keyFirst })
  const row = await repo.upsertConfig(deps.db, storeId, {
    active: input.utmfyActive,
    ...(newKey
      ? { api_key_encrypted: encryptSecret(deps.config.APP_SECRET, newKey), api_key_masked: maskSecret(newKey) }
      : {}),
  })
  return toConfigDto(storeId, row)
}

function apiKeyOf(deps: IntegrationsDeps, row: repo.UtmifyConfigRow | undefined): string | undefined {
  return row?.api_key_encrypted ? decryptSecret(deps.config.APP_SECRET, row.api_key_encrypted) : undefined
}

/** A made-up paid sale sent with isTest: true, so the merchant sees the integration work without a real order. */
function sampleOrder(storeId: string): OrderSnapshot {
  const now = new Date()
  return {
    id: `teste-${randomUUID()}`,
    storeId,
    orderNumber: 'TESTE',
    status: 'PAID',
    productType: 'DIGITAL',
    paymentMethod: 'PIX',
    installments: null,
    subtotalCents: 9700,
    shippingCents: 0,
    couponCode: null,
    couponDiscountCents: 0,
    methodDiscountCents: 0,
    methodDiscountBp: 0,
    interestRateBp: 0,
    interestCents: 0,
    totalCents: 9700,
    customer: { name: 'Cliente Teste', email: 'cliente.teste@example.com', phone: '11999999999', document: '' },
    shippingAddress: null,
    items: [
      { productId: 'produto-teste', name: 'Produto de teste', quantity: 1, unitPriceCents: 9700, totalCents: 9700 },
    ],
    tracking: { utm_source: 'teste', utm_medium: 'simulacao', utm_campaign: 'venda-simulada' },
    clientIp: null,
    userAgent: null,
    sandbox: true,
    createdAt: now,
    paidAt: now,
    cancelledAt: null,
  }
}

/** Spec 002 §5: the store must exist (the route checked it), have a key, and be active — in that order. */
export async function simulateSale(deps: IntegrationsDeps, storeId: string): Promise<SimulateSaleResult> {
  const config = await repo.findConfig(deps.db, storeId)
  const key = apiKeyOf(deps, config)
  if (!key) throw new AppError(400, UTMIFY_MESSAGES.keyFirst)
  if (!config?.active) throw new AppError(400, UTMIFY_MESSAGES.activateFirst)
  const order = sampleOrder(storeId)
  const claim = await repo.claimDelivery(
    deps.db,
    { storeId, orderId: order.id, orderNumber: order.orderNumber, status: 'paid', isTest: true },
    deps.config.DELIVERY_CLAIM_STALE_MS,
  )
  if (claim.kind !== 'claimed') throw new AppError(409, UTMIFY_MESSAGES.simulateFailed)
  const outcome = await send(deps, key, claim.row, buildOrderBody(order, 'paid', { isTest: true }))
  return { success: outcome.ok, orderId: order.id, error: outcome.ok ? null : outcome.error }
}

type SendOutcome = { ok: true } | { ok: false; retry: boolean; error: string }

/** One call to UTMify for a claimed delivery, its result written on the row. */
async function send(
  deps: IntegrationsDeps,
  key: string,
  row: repo.DeliveryRow,
  body: UtmifyOrderBody,
  lastAttempt = false,
): Promise<SendOutcome> {
  try {
    const res = await clientOf(deps).sendOrder(key, body)
    await repo.settleDelivery(deps.db, row, {
      state: 'SENT',
      http_status: res.httpStatus,
      error: null,
      sent_at: new Date(),
    })
    return { ok: true }
  } catch (err) {
    const e = err instanceof UtmifyError ? err : new UtmifyError('unavailable', 'Erro ao enviar para a UTMify', null)
    const { retry, outcome } = failedAttempt(e, lastAttempt)
    await repo.settleDelivery(deps.db, row, outcome)
    deps.metrics?.deliveryFailed('utmify')
    deps.log.warn(
      { deliveryId: row.id, orderId: row.order_id, status: row.status, httpStatus: e.httpStatus },
      'utmify delivery failed',
    )
    return { ok: false, retry, error: e.message }
  }
}

/** Thrown to have the job retried later (with the queue's backoff). */
export class DeliveryRetryError extends Error {}

/**
 * Sends an order's status to UTMify if the store's integration is on, first sending any earlier status of the
 * chain that was not sent yet. Safe to run twice: each (order, status) is claimed once and, once SENT or FAILED
 * (a 4xx), never sent again. A timeout or 5xx throws, so the job retries with backoff.
 */
export async function deliverOrderStatus(
  deps: IntegrationsDeps,
  input: { orderId: string; status: UtmifyStatus; at?: Date; lastAttempt?: boolean },
): Promise<void> {
  const order = await orderingService.orderSnapshot(deps.db, input.orderId)
  if (!order) return
  const config = await repo.findConfig(deps.db, order.storeId)
  const key = apiKeyOf(deps, config)
  if (!config?.active || !key) return
  const chain = CHAIN[input.status].filter((s) => s === input.status || s !== 'paid' || order.paidAt)
  for (const status of chain) {
    const claim = await repo.claimDelivery(
      deps.db,
      { storeId: order.storeId, orderId: order.id, orderNumber: order.orderNumber, status },
      deps.config.DELIVERY_CLAIM_STALE_MS,
    )
    if (claim.kind === 'busy') throw new DeliveryRetryError(`utmify ${status} of ${order.id} is being sent`)
    if (claim.kind === 'settled') continue
    if (Date.now() - order.createdAt.getTime() > MAX_ORDER_AGE_MS) {
      await repo.settleDelivery(deps.db, claim.row, {
        state: 'SKIPPED',
        http_status: null,
        error: 'Pedido antigo demais para ser enviado à UTMify',
      })
      continue
    }
    const commission = await affiliatesService.merchantShareOf(deps.db, {
      orderId: order.id,
      storeId: order.storeId,
      totalCents: order.totalCents,
      paidAt: (order.paidAt ?? order.createdAt).toISOString(),
      items: order.items,
    })
    const body = buildOrderBody(order, status, { refundedAt: input.at ?? claim.row.created_at, commission })
    const outcome = await send(deps, key, claim.row, body, input.lastAttempt)
    if (!outcome.ok && outcome.retry) throw new DeliveryRetryError(outcome.error)
  }
}

/** Deliveries whose worker died while sending: the sweeper queues each again (see platform/delivery-claim). */
export async function staleDeliveries(deps: Pick<IntegrationsDeps, 'db' | 'config'>) {
  const rows = await repo.staleDeliveries(deps.db, deps.config.DELIVERY_CLAIM_STALE_MS)
  return rows.map((row) => ({ row, jobId: sweepJobId(repo.utmifyChannel(0), row) }))
}

export async function listDeliveries(db: Db, storeId: string, page: number, limit: number) {
  const { rows, total } = await repo.listDeliveries(db, storeId, page, limit)
  return { deliveries: rows.map(toDeliveryDto), total, page, limit }
}

/** The merchant's retry of a failed delivery: back to PENDING and queued again. */
export async function reopenDelivery(db: Db, storeId: string, deliveryId: string) {
  const row = await repo.findDelivery(db, deliveryId)
  if (!row || row.store_id !== storeId) return undefined
  if (row.is_test || !(await repo.reopenDelivery(db, deliveryId)))
    throw new AppError(409, 'Só é possível reenviar uma entrega que falhou')
  return row
}
