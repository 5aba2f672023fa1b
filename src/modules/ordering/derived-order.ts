/**
 * A derived order: placed on a buyer's behalf from an order they already placed (the parent) — a funnel's one-tap
 * offer, later a subscription's renewal. The buyer's data come from the parent, the price from the caller (a server
 * module that read it from its own tables: a funnel step, a plan), never from the browser. It is an order like any
 * other: its own number, stock, charge and events (order.placed / order.paid, so e-mails, Conversions API, UTMify,
 * webhooks, rollups and refunds follow), and the parent never changes. One child per (parent, derivedKey): a unique
 * index refuses the second, so concurrent callers get the first child back and nothing is charged twice.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publishing } from '../../platform/events'
import { orderPagePath } from '../../shared/order-page'
import { formatOrderNumber, MSG } from '../../shared/ordering'
import { catalogService } from '../catalog'
import { type ChargeResult, paymentsService } from '../payments'
import { recordRefusedAttempt } from './attempts'
import type { OrderingDeps } from './deps'
import { orderPlaced } from './events'
import { chargeOrder } from './order-charge'
import { orderPageToken } from './order-page'
import { priceCart } from './order-pricing'
import { METHOD_UNAVAILABLE } from './price-order'
import type { NewOrder, OrderRow, PlacedOrder } from './repository'
import * as repo from './repository'
import { announcePlaced, cancelOrder, markPaid } from './service'

export const DERIVED_MESSAGES = {
  parentNotFound: 'Pedido não encontrado',
  noCard: 'O cartão desta compra não está mais disponível para uma nova cobrança',
  needsAddress: 'Este produto precisa de um endereço de entrega',
  soldOut: MSG.soldOut,
} as const

/** An object so callers (subscriptions: a subscription id and cycle) can add fields without breaking the others. */
export const derivedOrderInputSchema = z.object({
  parentOrderId: z.string().uuid(),
  /** The caller's store: the parent must be of it. */
  storeId: z.string().uuid(),
  /** Why the child exists, unique per parent (`funnel:<funnelId>:<stepKey>`, `renewal:<subId>:<cycle>`). */
  derivedKey: z.string().min(1).max(200),
  productId: z.string().uuid(),
  /** The product's price for this order, decided by the calling module; interest of a plan is added here. */
  priceCents: z.number().int().positive(),
  installments: z.number().int().min(1).max(12).default(1),
  /**
   * SAVED_CARD: merchant-initiated on a kept card (no CVV) — the one that paid the parent unless `cardId` names
   * another kept card of the same buyer and store. PIX: a new PIX for the child only.
   */
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('SAVED_CARD'), cardId: z.string().uuid().optional() }),
    z.object({ method: z.literal('PIX') }),
  ]),
  ip: z.string().optional(),
  /** The child's id, when the caller records it before placing (a funnel's accept row); a new one otherwise. */
  orderId: z.string().uuid().optional(),
})
export type DerivedOrderInput = z.input<typeof derivedOrderInputSchema>

export interface DerivedOrderResult {
  orderId: string
  orderNumber: string
  status: OrderRow['status']
  totalCents: number
  /** The child's charge (PIX code, card outcome); null when it was placed earlier and is read back. */
  charge: ChargeResult | null
  /** The card was refused: no order was kept (a refused card is an attempt, attempts.ts). */
  refused: boolean
  /** The child already existed for this (parent, derivedKey): nothing new was placed nor charged. */
  existing: boolean
}

const notFound = () => new AppError(404, DERIVED_MESSAGES.parentNotFound, undefined, 'NOT_FOUND')

const existingResult = (row: OrderRow): DerivedOrderResult => ({
  orderId: row.id,
  orderNumber: formatOrderNumber(row.order_number),
  status: row.status,
  totalCents: row.total_cents,
  charge: null,
  refused: false,
  existing: true,
})

/** The child a parent already has for a reason, if any. */
export async function findDerivedOrder(deps: Pick<OrderingDeps, 'db'>, parentOrderId: string, derivedKey: string) {
  return repo.findChildOrder(deps.db, parentOrderId, derivedKey)
}

/** Places the child order and charges it; see the file's comment. Throws 404/409/422/503 with pt-BR messages. */
export async function placeDerivedOrder(deps: OrderingDeps, raw: DerivedOrderInput): Promise<DerivedOrderResult> {
  const input = derivedOrderInputSchema.parse(raw)
  const parent = await repo.findOrder(deps.db, input.parentOrderId)
  if (!parent || parent.store_id !== input.storeId) throw notFound()
  // Independent reads side by side: the buyer is waiting on a tap.
  const [earlier, found, card] = await Promise.all([
    findDerivedOrder(deps, parent.id, input.derivedKey),
    catalogService.findProductWith(deps.db, parent.store_id, input.productId, (eb) =>
      paymentsService.checkoutPaymentsColumn(eb, parent.store_id),
    ),
    // No child is written for a card that cannot be charged (thrown below, after the existing child is answered).
    input.payment.method === 'SAVED_CARD'
      ? cardFor(deps, parent, input.payment).catch((err: unknown) => err as Error)
      : undefined,
  ])
  if (earlier) return existingResult(earlier)
  if (!found) throw new AppError(404, MSG.productUnavailable, undefined, 'PRODUCT_UNAVAILABLE')
  const { product } = found
  const payments = paymentsService.checkoutPaymentsOf(parent.store_id, found.alongside)
  const byCard = input.payment.method === 'SAVED_CARD'
  const methodOn = byCard ? payments.methods.credit_card.enabled : payments.methods.pix.enabled
  if (!methodOn) throw new AppError(422, METHOD_UNAVAILABLE)
  const installments = byCard ? Math.min(input.installments, payments.methods.credit_card.maxInstallments) : 1
  if (product.type === 'PHYSICAL' && !parent.shipping_address) throw new AppError(422, DERIVED_MESSAGES.needsAddress)

  if (card instanceof Error) throw card

  const { breakdown: price } = await priceCart(deps.db, {
    storeId: parent.store_id,
    product: { id: product.id, priceCents: input.priceCents },
    quantity: 1,
    bumps: [],
    shippingCents: 0,
    method: byCard ? 'CREDIT_CARD' : 'PIX',
    installments,
    payments,
  })
  const orderId = input.orderId ?? randomUUID()
  const transactionId = randomUUID()
  const createdAt = new Date()
  const order: NewOrder = {
    id: orderId,
    store_id: parent.store_id,
    product_type: product.type,
    customer_name: parent.customer_name,
    customer_email: parent.customer_email,
    customer_phone: parent.customer_phone,
    customer_document: parent.customer_document,
    // A physical offer ships with the parent, to the same address, its freight included in the offer's price.
    shipping_address: product.type === 'PHYSICAL' ? parent.shipping_address : null,
    shipping_option_id: product.type === 'PHYSICAL' ? parent.shipping_option_id : null,
    shipping_method: product.type === 'PHYSICAL' ? parent.shipping_method : null,
    estimated_delivery: product.type === 'PHYSICAL' ? parent.estimated_delivery : null,
    subtotal_cents: input.priceCents,
    shipping_cents: 0,
    total_cents: price.totalCents,
    method_discount_cents: price.methodDiscountCents,
    interest_cents: price.interestCents,
    method_discount_bp: price.methodDiscountBp,
    interest_rate_bp: price.monthlyRateBp,
    installment_cents: byCard ? price.installmentCents : null,
    payment_method: byCard ? 'CREDIT_CARD' : 'PIX',
    installments: byCard ? installments : null,
    // A PIX child's charge is written with it; a card child's by payments when the saved card is charged.
    transaction_id: byCard ? null : transactionId,
    gateway_id: null,
    pix_code: null,
    payment_url: null,
    boleto_url: null,
    boleto_line: null,
    notes: null,
    // The parent's attribution: UTMify and the Conversions API credit the same campaign.
    tracking: JSON.stringify(parent.tracking ?? {}),
    client_ip: input.ip ?? parent.client_ip,
    user_agent: parent.user_agent,
    parent_order_id: parent.id,
    derived_key: input.derivedKey,
    created_at: createdAt,
  }
  const item = {
    product_id: product.id,
    name: product.name,
    image_url: product.imageUrl,
    quantity: 1,
    unit_price_cents: input.priceCents,
    total_cents: input.priceCents,
    discount_cents: price.lineDiscountsCents[0] ?? 0,
  }
  const customer = {
    name: parent.customer_name,
    email: parent.customer_email,
    phone: parent.customer_phone,
    document: parent.customer_document,
  }
  const items = [
    {
      title: product.name,
      unitPriceCents: price.totalCents,
      quantity: 1,
      tangible: product.type === 'PHYSICAL',
      externalRef: product.id,
    },
  ]
  const placedEvent = {
    orderId,
    storeId: parent.store_id,
    orderNumber: formatOrderNumber(0),
    productType: product.type,
    totalCents: price.totalCents,
    paymentMethod: 'PIX' as const,
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    placedAt: createdAt.toISOString(),
    items: [
      {
        productId: product.id,
        name: product.name,
        quantity: 1,
        unitPriceCents: input.priceCents - (price.lineDiscountsCents[0] ?? 0),
      },
    ],
  }
  const pix = byCard
    ? undefined
    : paymentsService.prepareCharge(deps, payments, {
        storeId: parent.store_id,
        orderRef: orderId,
        transactionId,
        amountCents: price.totalCents,
        method: 'PIX',
        customer,
        items,
        ip: input.ip,
      })

  let placed: PlacedOrder
  try {
    placed = await deps.db.transaction().execute(async (trx) => {
      if (!(await catalogService.reserveStock(trx, product.id, 1)))
        throw new AppError(409, DERIVED_MESSAGES.soldOut, undefined, 'ORDER_SOLD_OUT')
      return repo.insertPlacedOrder(trx, order, [item], {
        charge: pix?.insert,
        // A PIX order is an order now; a card child announces itself once its charge is not refused.
        event: pix && ((filled) => publishing(orderPlaced, placedEvent, filled)),
      })
    })
  } catch (err) {
    const e = err as { code?: string; constraint?: string }
    if (e.code === '23505' && e.constraint === 'orders_parent_derived_key') {
      const first = await findDerivedOrder(deps, parent.id, input.derivedKey)
      if (first) return existingResult(first)
    }
    throw err
  }

  if (pix) {
    const answer = await chargeOrder(deps, placed, pix.opened, undefined)
    const state = await paymentsService.chargeState(deps.db, answer.transactionId ?? transactionId)
    return {
      orderId: placed.id,
      orderNumber: formatOrderNumber(placed.order_number),
      status: placed.status,
      totalCents: placed.total_cents,
      charge: state?.result ?? null,
      refused: false,
      existing: false,
    }
  }
  return chargeCard(deps, placed, {
    storeId: parent.store_id,
    cardId: card!.id,
    buyerEmail: parent.customer_email,
    orderRef: placed.id,
    amountCents: placed.total_cents,
    // The plan the child was priced with (its interest is in the total): the gateway charges the same plan.
    installments,
    customer,
    items,
    ip: input.ip,
  })
}

/** The card the child may charge: a kept card of the parent's own buyer and store, never any other. */
async function cardFor(deps: OrderingDeps, parent: OrderRow, payment: { cardId?: string }) {
  if (payment.cardId) {
    const kept = await paymentsService.savedCardsOf(deps, {
      storeId: parent.store_id,
      buyerEmail: parent.customer_email,
    })
    const card = kept.find((c) => c.id === payment.cardId)
    if (card) return card
  } else if (parent.transaction_id) {
    const card = await paymentsService.savedCardOfCharge(deps, {
      storeId: parent.store_id,
      transactionId: parent.transaction_id,
    })
    if (card) return card
  }
  throw new AppError(409, DERIVED_MESSAGES.noCard, undefined, 'SAVED_CARD_NOT_FOUND')
}

/**
 * The saved card's merchant-initiated charge, and its outcome on the child: approved → placed and PAID at once;
 * refused → an attempt, not an order (its key is freed: the caller may offer something else); under analysis →
 * placed, and the payment's news settles it later; the gateway down → cancelled, its key freed for a retry.
 */
async function chargeCard(
  deps: OrderingDeps,
  placed: PlacedOrder,
  req: Parameters<typeof paymentsService.chargeSavedCard>[1],
): Promise<DerivedOrderResult> {
  let charge: ChargeResult
  try {
    charge = await paymentsService.chargeSavedCard(deps, req)
  } catch (err) {
    deps.log.warn({ err, orderId: placed.id }, 'derived order: saved card charge failed; cancelling')
    await deps.db.transaction().execute(async (trx) => {
      await cancelOrder(trx, placed.id, 'charge_failed')
      await repo.updateOrder(trx, placed.id, { derived_key: null })
    })
    throw err instanceof AppError ? err : new AppError(503, MSG.gatewayUnavailable)
  }
  const patch = {
    transaction_id: charge.transactionId,
    gateway_id: charge.gatewayId,
    payment_url: charge.paymentUrl,
    sandbox: charge.sandbox,
  }
  const result: DerivedOrderResult = {
    orderId: placed.id,
    orderNumber: formatOrderNumber(placed.order_number),
    status: placed.status,
    totalCents: placed.total_cents,
    charge,
    refused: false,
    existing: false,
  }
  if (charge.status === 'REFUSED') {
    await deps.db
      .transaction()
      .execute((trx) => repo.recordCharge(trx, placed.id, patch).then(() => recordRefusedAttempt(trx, placed.id)))
    return { ...result, status: 'CANCELLED', refused: true }
  }
  return deps.db.transaction().execute(async (trx) => {
    await repo.recordCharge(trx, placed.id, patch)
    await announcePlaced(trx, placed.id)
    if (charge.status !== 'PAID') return result
    const paid = await markPaid(trx, placed.id, charge.transactionId)
    return { ...result, status: paid?.status ?? 'PAID' }
  })
}

/** What an offer needs to know of the order it follows (funnels): never its buyer's data. */
export interface DerivableOrder {
  id: string
  storeId: string
  status: OrderRow['status']
  paymentMethod: OrderRow['payment_method']
  paidAt: string | null
  /** Set on a child: a child has no offers of its own. */
  parentOrderId: string | null
  productIds: string[]
  /** The kept card a one-tap offer would charge (the one that paid), or null: the offer falls back to PIX. */
  cardLast4: string | null
}

export async function derivableOrder(deps: Pick<OrderingDeps, 'db'>, orderId: string) {
  const row = await repo.findOrder(deps.db, orderId)
  if (!row) return undefined
  const items = await repo.findItems(deps.db, [row.id])
  const card =
    row.payment_method === 'CREDIT_CARD' && row.transaction_id
      ? await paymentsService.savedCardOfCharge(deps, { storeId: row.store_id, transactionId: row.transaction_id })
      : undefined
  return {
    id: row.id,
    storeId: row.store_id,
    status: row.status,
    paymentMethod: row.payment_method,
    paidAt: row.paid_at?.toISOString() ?? null,
    parentOrderId: row.parent_order_id,
    productIds: items.map((i) => i.product_id),
    cardLast4: card?.last4 ?? null,
  } satisfies DerivableOrder
}

/** A parent's children as its order page lists them: number, status, total, their own page, a PIX to pay. */
export async function childOrders(deps: Pick<OrderingDeps, 'db' | 'config'>, parentOrderId: string) {
  const rows = await repo.listChildOrders(deps.db, parentOrderId)
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: formatOrderNumber(r.order_number),
    status: r.status,
    totalCents: r.total_cents,
    pageUrl: orderPagePath(r.id, orderPageToken(deps.config.APP_SECRET, r.id)),
    pixCode: r.status === 'PENDING' ? r.pix_code : null,
  }))
}
