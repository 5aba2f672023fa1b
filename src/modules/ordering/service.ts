import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Db, DbOrTrx, Trx } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'

import { toCents, toReais } from '../../shared/money'
import {
  type digitalOrderPayloadSchema,
  FALLBACK_SHIPPING,
  formatOrderNumber,
  METHOD_ID_TO_ORDER,
  MSG,
  type OrderPaymentMethod,
  type OrderResult,
  type OrderStatusResponse,
  type orderPayloadSchema,
  PAID_STATUSES,
  SHIPPING_UNAVAILABLE,
} from '../../shared/ordering'
import { PAYMENT_MESSAGES } from '../../shared/payments'
import { type CatalogProduct, catalogService } from '../catalog'
import { checkoutService } from '../checkout'
import { type ChargeResult, type PaymentStatus, type PaymentsDeps, paymentsService } from '../payments'
import { isUuid } from '../stores'
import { signDownloadToken } from './access'
import { orderCancelled, orderPaid, orderPlaced } from './events'
import type { OrderRow } from './repository'
import * as repo from './repository'
import type { ShippingAddress } from './tables'

export const ORDER_NOT_FOUND = 'Pedido não encontrado'
export const NOT_CONFIGURED = PAYMENT_MESSAGES.notConfigured
export const METHOD_UNAVAILABLE = 'Forma de pagamento indisponível para esta loja. Escolha outra forma de pagamento.'
export const CARD_REFUSED = 'Pagamento recusado. Verifique os dados do cartão ou escolha outra forma de pagamento.'
export const WRONG_CHECKOUT = {
  PHYSICAL: 'Este produto é digital: finalize a compra pelo checkout digital.',
  DIGITAL: 'Este produto é físico: finalize a compra pelo checkout com entrega.',
} as const

type PhysicalPayload = z.output<typeof orderPayloadSchema>
type DigitalPayload = z.output<typeof digitalOrderPayloadSchema>

export type PlaceOrderInput =
  | { kind: 'PHYSICAL'; payload: PhysicalPayload; ip?: string }
  | { kind: 'DIGITAL'; payload: DigitalPayload; ip?: string }

export type OrderingDeps = PaymentsDeps & { log: FastifyBaseLogger }

const PAYMENT_TO_CHARGE: Record<OrderPaymentMethod, 'PIX' | 'CREDIT_CARD' | 'BOLETO'> = {
  PIX: 'PIX',
  CREDIT_CARD: 'CREDIT_CARD',
  BANK_SLIP: 'BOLETO',
}

interface PricedShipping {
  optionId: string
  name: string
  priceCents: number
  estimatedDelivery: string
}

/**
 * The shipping price for the chosen option and CEP, from the database. A fallback option ('Padrão'/'Expresso',
 * shown by the buyer page when quoting failed or came back empty) is priced at its published amount only when
 * the store really has no active option for that CEP; otherwise the buyer must pick a real one.
 */
async function priceShipping(db: Db, storeId: string, shipping: PhysicalPayload['shipping'], subtotalCents: number) {
  const quote = await checkoutService.quoteShippingOption(db, storeId, shipping.method, shipping.zipCode, subtotalCents)
  if (quote) {
    return {
      optionId: quote.id,
      name: quote.name,
      priceCents: quote.priceCents,
      estimatedDelivery: quote.estimatedDelivery,
    } satisfies PricedShipping
  }
  const fallback = FALLBACK_SHIPPING.find((o) => o.id === shipping.method)
  if (fallback) {
    const real = await checkoutService.quoteShipping(db, storeId, shipping.zipCode, subtotalCents)
    if (real.length === 0) {
      return {
        optionId: fallback.id,
        name: fallback.name,
        priceCents: toCents(fallback.price),
        estimatedDelivery: fallback.estimatedDelivery,
      } satisfies PricedShipping
    }
  }
  throw new AppError(400, SHIPPING_UNAVAILABLE, { 'shipping.method': SHIPPING_UNAVAILABLE })
}

async function requirePaymentMethod(
  db: Db,
  storeId: string,
  method: keyof typeof METHOD_ID_TO_ORDER,
  installments?: number | null,
) {
  const methods = await paymentsService.publicMethods(db, storeId)
  const anyEnabled = Object.values(methods).some((m) => m.enabled)
  if (!anyEnabled) throw new AppError(422, NOT_CONFIGURED)
  if (!methods[method]?.enabled) throw new AppError(422, METHOD_UNAVAILABLE, { 'payment.method': METHOD_UNAVAILABLE })
  if (method === 'credit_card' && installments && installments > methods.credit_card.maxInstallments)
    throw new AppError(400, MSG.installmentsInvalid, { 'payment.installments': MSG.installmentsInvalid })
}

function cardOf(payment: PhysicalPayload['payment']) {
  if (payment.method !== 'credit_card') return undefined
  const [mm, yy] = (payment.expiryDate ?? '').split('/')
  return {
    number: (payment.cardNumber ?? '').replace(/\D/g, ''),
    holderName: (payment.cardName ?? '').trim(),
    expMonth: Number(mm),
    expYear: 2000 + Number(yy),
    cvv: (payment.cvv ?? '').trim(),
  }
}

/**
 * Creates an order priced from the database, then its charge. Transaction 1 reserves the stock, takes the next
 * order number and writes the order with its `order.placed` event; the charge runs after the commit (it can take
 * up to 30 s and must not hold row locks); a failed charge cancels the order and gives the stock back.
 */
export async function placeOrder(deps: OrderingDeps, input: PlaceOrderInput): Promise<OrderResult> {
  const { db } = deps
  const { payload, kind } = input
  const product =
    isUuid(payload.storeId) && isUuid(payload.productId)
      ? await catalogService.findProduct(db, payload.storeId, payload.productId)
      : undefined
  if (!product) throw new AppError(404, MSG.productUnavailable)
  if (product.type !== kind) throw new AppError(400, WRONG_CHECKOUT[kind])

  const payment = payload.payment
  await requirePaymentMethod(db, product.storeId, payment.method, payment.installments)

  const quantity = 1
  const subtotalCents = product.priceCents * quantity
  let shipping: PricedShipping | undefined
  let address: ShippingAddress | null = null
  if (input.kind === 'PHYSICAL') {
    const s = input.payload.shipping
    const check = checkoutService.validateAddress({
      address: s.address,
      number: s.number,
      city: s.city,
      state: s.state,
      zipCode: s.zipCode,
    })
    if (!check.valid) {
      const message = check.message || 'Endereço inválido'
      throw new AppError(400, message, { 'shipping.address': message })
    }
    shipping = await priceShipping(db, product.storeId, s, subtotalCents)
    address = {
      street: s.address,
      number: s.number,
      complement: s.complement,
      neighborhood: s.neighborhood,
      city: s.city,
      state: s.state,
      zipCode: s.zipCode,
    }
  }
  const shippingCents = shipping?.priceCents ?? 0
  const totalCents = subtotalCents + shippingCents
  const paymentMethod = METHOD_ID_TO_ORDER[payment.method]
  const customer = payload.customer

  const order = await db.transaction().execute(async (trx) => {
    if (product.type === 'PHYSICAL' && !(await catalogService.reserveStock(trx, product.id, quantity)))
      throw new AppError(409, MSG.soldOut)
    const number = await repo.nextOrderNumber(trx, product.storeId)
    const row = await repo.insertOrder(
      trx,
      {
        store_id: product.storeId,
        order_number: number,
        product_type: product.type,
        customer_name: customer.name,
        customer_email: customer.email.toLowerCase(),
        customer_phone: customer.phone,
        customer_document: customer.cpf,
        shipping_address: address,
        shipping_option_id: shipping?.optionId ?? null,
        shipping_method: shipping?.name ?? null,
        estimated_delivery: shipping?.estimatedDelivery ?? null,
        subtotal_cents: subtotalCents,
        shipping_cents: shippingCents,
        total_cents: totalCents,
        payment_method: paymentMethod,
        installments: payment.method === 'credit_card' ? (payment.installments ?? 1) : null,
        transaction_id: null,
        gateway_id: null,
        pix_code: null,
        payment_url: null,
        boleto_url: null,
        boleto_line: null,
        notes: null,
      },
      [
        {
          product_id: product.id,
          name: product.name,
          image_url: product.imageUrl,
          quantity,
          unit_price_cents: product.priceCents,
          total_cents: subtotalCents,
        },
      ],
    )
    await publish(trx, orderPlaced, orderFacts(row, product, quantity))
    return row
  })

  let charge: ChargeResult
  try {
    charge = await paymentsService.createCharge(deps, {
      storeId: product.storeId,
      orderRef: order.id,
      amountCents: totalCents,
      method: PAYMENT_TO_CHARGE[paymentMethod],
      customer: { name: customer.name, email: customer.email, phone: customer.phone, document: customer.cpf },
      items: [
        {
          title: product.name,
          unitPriceCents: product.priceCents,
          quantity,
          tangible: product.type === 'PHYSICAL',
          externalRef: product.id,
        },
        ...(shippingCents > 0
          ? [
              {
                title: `Frete ${shipping?.name ?? ''}`.trim(),
                unitPriceCents: shippingCents,
                quantity: 1,
                tangible: true,
                externalRef: 'shipping',
              },
            ]
          : []),
      ],
      card: cardOf(payment),
      installments: payment.method === 'credit_card' ? (payment.installments ?? 1) : undefined,
      ip: input.ip,
      metadata: { orderNumber: formatOrderNumber(order.order_number) },
    })
  } catch (err) {
    deps.log.warn({ err, orderId: order.id }, 'charge failed; cancelling the order')
    await db.transaction().execute((trx) => cancelOrder(trx, order.id, 'charge_failed'))
    if (err instanceof AppError) throw err
    throw new AppError(503, MSG.gatewayUnavailable)
  }

  if (charge.status === 'REFUSED') {
    await db.transaction().execute((trx) => cancelOrder(trx, order.id, 'payment_refused'))
    throw new AppError(422, CARD_REFUSED)
  }
  const updated =
    (await repo.updateOrder(db, order.id, {
      transaction_id: charge.transactionId,
      gateway_id: charge.gatewayId,
      pix_code: charge.pixCode,
      pix_expires_at: charge.pixExpiresAt,
      payment_url: charge.paymentUrl,
      boleto_url: charge.boletoUrl,
      boleto_line: charge.boletoLine,
      sandbox: charge.sandbox,
    })) ?? order
  // A card approved on the spot: the payment event will say so too, and markPaid is idempotent.
  const final = charge.status === 'PAID' ? await db.transaction().execute((trx) => markPaid(trx, order.id)) : updated

  return {
    success: true,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.order_number),
    transactionId: charge.transactionId,
    status: (final ?? updated).status,
    total: toReais(totalCents),
    paymentUrl: charge.paymentUrl,
    qrCode: charge.pixCode,
    paymentResult: {
      transactionId: charge.transactionId,
      gatewayId: charge.gatewayId,
      status: charge.status,
      method: charge.method,
      amount: toReais(charge.amountCents),
      qrCode: charge.pixCode,
      pixCode: charge.pixCode,
      pixExpiresAt: charge.pixExpiresAt,
      paymentUrl: charge.paymentUrl,
      boletoUrl: charge.boletoUrl,
      boletoLine: charge.boletoLine,
      sandbox: charge.sandbox,
    },
    error: null,
  }
}

function orderFacts(row: OrderRow, product: Pick<CatalogProduct, 'id' | 'name' | 'priceCents'>, quantity: number) {
  return {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    productType: row.product_type,
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    items: [{ productId: product.id, name: product.name, quantity, unitPriceCents: product.priceCents }],
  }
}

async function factsOf(trx: Trx, row: OrderRow) {
  const items = await repo.findItems(trx, [row.id])
  return {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    productType: row.product_type,
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
    })),
  }
}

async function giveStockBack(trx: Trx, row: OrderRow) {
  if (row.product_type !== 'PHYSICAL') return
  for (const item of await repo.findItems(trx, [row.id]))
    await catalogService.releaseStock(trx, item.product_id, item.quantity)
}

/**
 * PENDING → CANCELLED with the stock given back, under the order's row lock: a second call (a retried event, a
 * refusal after an expiry) finds the order no longer PENDING and changes nothing, so stock returns exactly once.
 */
export async function cancelOrder(trx: Trx, orderId: string, reason: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (row?.status !== 'PENDING') return false
  if (!row.stock_released) await giveStockBack(trx, row)
  await repo.updateOrder(trx, orderId, { status: 'CANCELLED', cancelled_at: new Date(), stock_released: true })
  await publish(trx, orderCancelled, {
    orderId,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    reason,
  })
  return true
}

/**
 * → PAID once, with `order.paid`. A payment that lands after the order was cancelled (a PIX paid after its expiry)
 * still makes it PAID — the money is in — and takes the stock again if any is left.
 */
export async function markPaid(trx: Trx, orderId: string, transactionId?: string): Promise<OrderRow | undefined> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row) return undefined
  if (row.status !== 'PENDING' && row.status !== 'CANCELLED') return row
  if (row.status === 'CANCELLED' && row.stock_released && row.product_type === 'PHYSICAL') {
    for (const item of await repo.findItems(trx, [row.id]))
      await catalogService.reserveStock(trx, item.product_id, item.quantity)
  }
  const paidAt = new Date()
  const updated = await repo.updateOrder(trx, orderId, {
    status: 'PAID',
    paid_at: paidAt,
    cancelled_at: null,
    stock_released: false,
    ...(transactionId && !row.transaction_id ? { transaction_id: transactionId } : {}),
  })
  await publish(trx, orderPaid, {
    ...(await factsOf(trx, row)),
    transactionId: transactionId ?? row.transaction_id,
    paidAt: paidAt.toISOString(),
  })
  return updated
}

/** What a payment status means for its order; safe to receive twice. */
export async function applyPaymentStatus(db: Db, orderId: string, status: PaymentStatus, transactionId: string) {
  if (!isUuid(orderId)) return
  await db.transaction().execute(async (trx) => {
    switch (status) {
      case 'PAID':
        await markPaid(trx, orderId, transactionId)
        return
      case 'REFUSED':
      case 'EXPIRED':
      case 'CANCELLED':
        await cancelOrder(trx, orderId, `payment_${status.toLowerCase()}`)
        return
      case 'REFUNDED': {
        const row = await repo.lockOrder(trx, orderId)
        if (row && PAID_STATUSES.includes(row.status)) await repo.updateOrder(trx, orderId, { status: 'REFUNDED' })
        return
      }
      default:
        return
    }
  })
}

/** The buyer's view of an order; the digital access appears only once the order is paid. */
export async function orderStatus(
  db: Db,
  appSecret: string,
  orderId: string,
): Promise<OrderStatusResponse | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  const response: OrderStatusResponse = {
    success: true,
    order: {
      id: row.id,
      orderNumber: formatOrderNumber(row.order_number),
      status: row.status,
      total: toReais(row.total_cents),
      paymentMethod: row.payment_method,
      productType: row.product_type,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    },
  }
  if (row.product_type === 'DIGITAL' && PAID_STATUSES.includes(row.status)) {
    const [item] = await repo.findItems(db, [row.id])
    const { token, expiresAt } = signDownloadToken(appSecret, row.id)
    response.order.digitalAccess = {
      productName: item?.name ?? 'Produto digital',
      url: `/api/checkout/orders/${row.id}/download?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    }
  }
  return response
}

/** Where a paid digital order's download link leads (the product's file URL), or undefined. */
export async function digitalFileUrl(db: DbOrTrx, orderId: string): Promise<string | undefined> {
  const row = await repo.findOrder(db, orderId)
  if (row?.product_type !== 'DIGITAL' || !PAID_STATUSES.includes(row.status)) return undefined
  const [item] = await repo.findItems(db, [row.id])
  if (!item) return undefined
  const product = await catalogService.findProduct(db, row.store_id, item.product_id)
  const url = product?.digitalFileUrl
  return url && /^https?:\/\//i.test(url) ? url : undefined
}

export async function listStoreOrders(db: Db, storeId: string, page: { limit?: number; offset?: number }) {
  const rows = await repo.listStoreOrders(db, storeId, page)
  const items = await repo.findItems(
    db,
    rows.map((r) => r.id),
  )
  return { rows, items }
}

/** Paid orders per store, for the admin user details (identity asks every module for its figures). */
export async function storeFigures(db: Db, storeIds: string[]) {
  const { totals, recent } = await repo.paidFiguresByStore(db, storeIds, PAID_STATUSES)
  const result = new Map<string, { totalOrders: number; totalRevenue: number; recentOrders: { createdAt: string }[] }>()
  for (const t of totals)
    result.set(t.store_id, { totalOrders: Number(t.orders), totalRevenue: toReais(Number(t.cents)), recentOrders: [] })
  for (const r of recent) result.get(r.store_id)?.recentOrders.push({ createdAt: r.created_at.toISOString() })
  return result
}
