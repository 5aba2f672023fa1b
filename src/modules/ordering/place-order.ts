/** Placing an order: every amount priced from the database, stock taken atomically, then the charge. */
import { randomUUID } from 'node:crypto'
import type { Expression } from 'kysely'
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publishing } from '../../platform/events'
import { BUMP_MESSAGES } from '../../shared/marketing'
import {
  type digitalOrderPayloadSchema,
  formatOrderNumber,
  METHOD_ID_TO_ORDER,
  MSG,
  type OrderPaymentMethod,
  type OrderResult,
  type orderPayloadSchema,
  SHIPPING_UNAVAILABLE,
} from '../../shared/ordering'
import { PAYMENT_MESSAGES } from '../../shared/payments'
import { NO_SHIPPING_OPTION } from '../../shared/shipping'
import { compactTracking } from '../../shared/tracking'
import { catalogService } from '../catalog'
import { checkoutService } from '../checkout'
import { marketingService } from '../marketing'
import { type PublicPaymentMethods, paymentsService } from '../payments'
import type { OrderingDeps } from './deps'
import { orderPlaced } from './events'
import { chargeOrder } from './order-charge'
import { chargeLines, priceCart } from './order-pricing'
import * as repo from './repository'
import { type IdempotencyClaim, KeyTaken } from './repository'
import type { Db, ShippingAddress } from './tables'

export const NOT_CONFIGURED = PAYMENT_MESSAGES.notConfigured
export const METHOD_UNAVAILABLE = 'Forma de pagamento indisponível para esta loja. Escolha outra forma de pagamento.'
export { CARD_REFUSED } from './order-charge'
export const WRONG_CHECKOUT = {
  PHYSICAL: 'Este produto é digital: finalize a compra pelo checkout digital.',
  DIGITAL: 'Este produto é físico: finalize a compra pelo checkout com entrega.',
} as const

type PhysicalPayload = z.output<typeof orderPayloadSchema>
type DigitalPayload = z.output<typeof digitalOrderPayloadSchema>

export type PlaceOrderInput =
  | { kind: 'PHYSICAL'; payload: PhysicalPayload; ip?: string; userAgent?: string }
  | { kind: 'DIGITAL'; payload: DigitalPayload; ip?: string; userAgent?: string }

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
 * The shipping price for the chosen option and CEP, from the database. A fallback option ('Padrão'/'Expresso') is
 * priced by checkout only when the merchant turned the fallback on and the store has no active option; a store
 * offering nothing refuses the order with the message the buyer page showed at the CEP.
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
  const offered = await checkoutService.quoteShipping(db, storeId, shipping.zipCode, subtotalCents)
  const message = offered.length === 0 ? NO_SHIPPING_OPTION : SHIPPING_UNAVAILABLE
  throw new AppError(400, message, { 'shipping.method': message }, 'SHIPPING_UNAVAILABLE')
}

function requirePaymentMethod(
  methods: PublicPaymentMethods,
  method: keyof typeof METHOD_ID_TO_ORDER,
  installments?: number | null,
) {
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
    save: payment.saveCard !== false,
  }
}

/**
 * Creates an order priced from the database, then its charge. One transaction claims the Idempotency-Key (naming
 * the order), reserves the stock, takes the next order number and writes the order, its items, its CREATING charge
 * and its `order.placed` event; the gateway is called after the commit (up to 30 s, no row locks held) by
 * chargeOrder, which puts the outcome on the order. A crash in between leaves an order that records its charge:
 * a retry with the same key or the sweeper finishes it (order-charge.ts).
 */
export async function placeOrder(
  deps: OrderingDeps,
  input: PlaceOrderInput,
  claim?: IdempotencyClaim,
): Promise<OrderResult> {
  const { db } = deps
  const { payload, kind } = input
  // The product and, in the same round trip, the store's payment configuration (read once for the whole order:
  // checks, charge row, gateway call).
  const found = await catalogService.findProductWith(db, payload.storeId, payload.productId, (eb) =>
    paymentsService.checkoutPaymentsColumn(eb, payload.storeId),
  )
  if (!found) throw new AppError(404, MSG.productUnavailable, undefined, 'PRODUCT_UNAVAILABLE')
  const { product } = found
  if (product.type !== kind) throw new AppError(400, WRONG_CHECKOUT[kind])

  const payment = payload.payment
  const payments = paymentsService.checkoutPaymentsOf(product.storeId, found.alongside)
  requirePaymentMethod(payments.methods, payment.method, payment.installments)

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
  // marketing: the order bumps the buyer added, re-checked and priced from the database by marketing.
  const bumps = await marketingService.priceBumps(db, {
    storeId: product.storeId,
    cartProductIds: [product.id],
    cartTotalCents: subtotalCents,
    bumpIds: payload.orderBumps ?? [],
  })
  const bumpsCents = bumps.reduce((sum, b) => sum + b.unitPriceCents * b.quantity, 0)
  const paymentMethod = METHOD_ID_TO_ORDER[payment.method]
  const customer = payload.customer
  // The coupon, the method's discount and the interest (src/shared/pricing.ts): the total the buyer was quoted.
  const installments = payment.method === 'credit_card' ? (payment.installments ?? 1) : 1
  const { breakdown: price, coupon } = await priceCart(db, {
    storeId: product.storeId,
    product,
    quantity,
    bumps,
    shippingCents,
    couponCode: payload.couponCode,
    email: customer.email,
    method: PAYMENT_TO_CHARGE[paymentMethod],
    installments,
    payments,
  })
  const totalCents = price.totalCents
  const netUnit = (i: number, unitCents: number, qty: number) =>
    Math.floor((unitCents * qty - (price.lineDiscountsCents[i] ?? 0)) / qty)

  // Ids chosen here so the order, its key and its charge name each other from the one transaction that writes them.
  const orderId = randomUUID()
  const transactionId = randomUUID()
  const chargeRequest = {
    storeId: product.storeId,
    orderRef: orderId,
    amountCents: totalCents,
    method: PAYMENT_TO_CHARGE[paymentMethod],
    customer: { name: customer.name, email: customer.email, phone: customer.phone, document: customer.cpf },
    // The lines sum to the amount charged: products after their share of the discounts, shipping, interest.
    items: chargeLines(
      [
        {
          title: product.name,
          unitPriceCents: product.priceCents,
          quantity,
          tangible: product.type === 'PHYSICAL',
          externalRef: product.id,
        },
        ...bumps.map((b) => ({
          title: b.name,
          unitPriceCents: b.unitPriceCents,
          quantity: b.quantity as number,
          tangible: b.type === 'PHYSICAL',
          externalRef: b.productId,
        })),
      ],
      price,
      {
        shipping: {
          title: `Frete ${shipping?.name ?? ''}`.trim(),
          unitPriceCents: shippingCents,
          quantity: 1,
          tangible: true,
          externalRef: 'shipping',
        },
        interest: (cents) => ({
          title: 'Juros do parcelamento',
          unitPriceCents: cents,
          quantity: 1,
          tangible: false,
          externalRef: 'interest',
        }),
      },
    ),
    card: cardOf(payment),
    installments: payment.method === 'credit_card' ? installments : undefined,
    ip: input.ip,
  }
  const { opened, insert: charge } = paymentsService.prepareCharge(deps, payments, { ...chargeRequest, transactionId })
  const createdAt = new Date()
  const placed = {
    orderId,
    storeId: product.storeId,
    // Filled by the statement from the store's counter.
    orderNumber: formatOrderNumber(0),
    productType: product.type,
    totalCents,
    paymentMethod,
    customer: { name: customer.name, email: customer.email.toLowerCase(), phone: customer.phone },
    placedAt: createdAt.toISOString(),
    ...(payload.checkoutSessionId ? { checkoutSessionId: payload.checkoutSessionId } : {}),
    // What each product sold for after the discounts (UTMify's products, the Conversions API's contents).
    items: [
      { productId: product.id, name: product.name, quantity, unitPriceCents: netUnit(0, product.priceCents, quantity) },
      ...bumps.map((b, i) => ({
        productId: b.productId,
        name: b.name,
        quantity: b.quantity,
        unitPriceCents: netUnit(i + 1, b.unitPriceCents, b.quantity),
      })),
    ],
  }
  const values = {
    id: orderId,
    store_id: product.storeId,
    product_type: product.type,
    customer_name: customer.name,
    customer_email: customer.email.toLowerCase(),
    customer_phone: customer.phone,
    customer_document: customer.cpf,
    shipping_address: address,
    shipping_option_id: shipping?.optionId ?? null,
    shipping_method: shipping?.name ?? null,
    estimated_delivery: shipping?.estimatedDelivery ?? null,
    subtotal_cents: subtotalCents + bumpsCents,
    shipping_cents: shippingCents,
    total_cents: totalCents,
    coupon_code: coupon?.code ?? null,
    coupon_discount_cents: price.couponDiscountCents,
    method_discount_cents: price.methodDiscountCents,
    interest_cents: price.interestCents,
    installment_cents: payment.method === 'credit_card' ? price.installmentCents : null,
    payment_method: paymentMethod,
    installments: payment.method === 'credit_card' ? installments : null,
    transaction_id: transactionId,
    gateway_id: null,
    pix_code: null,
    payment_url: null,
    boleto_url: null,
    boleto_line: null,
    notes: null,
    tracking: JSON.stringify(compactTracking(payload.tracking)),
    client_ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 500) ?? null,
    checkout_session_id: payload.checkoutSessionId ?? null,
    created_at: createdAt,
  }
  const items = [
    {
      product_id: product.id,
      name: product.name,
      image_url: product.imageUrl,
      quantity,
      unit_price_cents: product.priceCents,
      total_cents: subtotalCents,
      discount_cents: price.lineDiscountsCents[0] ?? 0,
    },
    ...bumps.map((b, i) => ({
      product_id: b.productId,
      name: b.name,
      image_url: b.imageUrl,
      quantity: b.quantity,
      unit_price_cents: b.unitPriceCents,
      total_cents: b.unitPriceCents * b.quantity,
      discount_cents: price.lineDiscountsCents[i + 1] ?? 0,
      bump_id: b.bumpId,
    })),
  ]
  // The charge is written with its order: the order records it before any gateway call, so a crash cannot leave an
  // order without a charge the sweeper can find, nor a charge the order does not own.
  // A card order announces itself once its charge is not refused (a refused card is an attempt, attempts.ts).
  const companions = {
    charge,
    event:
      paymentMethod === 'CREDIT_CARD'
        ? undefined
        : (filled: { orderNumber: Expression<string> }) => publishing(orderPlaced, placed, filled),
  }
  const takesStock = product.type === 'PHYSICAL' || bumps.some((b) => b.type === 'PHYSICAL')
  // Key, order, items, charge and event are one statement; stock, bump records and a coupon's use need a
  // transaction around it.
  const order =
    !takesStock && bumps.length === 0 && !coupon
      ? await repo.insertPlacedOrder(db, values, items, { ...companions, claim })
      : await db.transaction().execute(async (trx) => {
          // The key first: a duplicate stops here, before it takes stock or a coupon's use.
          if (claim && !(await repo.claimIdempotencyKey(trx, claim, orderId))) throw new KeyTaken()
          // marketing: the coupon's use, taken with a conditional update whose row lock lasts until this order
          // commits, so buyers racing for the last use get one order between them.
          if (coupon)
            await marketingService.claimCoupon(trx, {
              couponId: coupon.couponId,
              orderId,
              storeId: product.storeId,
              email: customer.email,
              discountCents: price.couponDiscountCents,
              totalCents,
            })
          if (product.type === 'PHYSICAL' && !(await catalogService.reserveStock(trx, product.id, quantity)))
            throw new AppError(409, MSG.soldOut, undefined, 'ORDER_SOLD_OUT')
          // marketing: a physical bump takes its stock in the same transaction, so the whole order or nothing is reserved.
          for (const b of bumps)
            if (b.type === 'PHYSICAL' && !(await catalogService.reserveStock(trx, b.productId, b.quantity)))
              throw new AppError(409, BUMP_MESSAGES.soldOut(b.title))
          const row = await repo.insertPlacedOrder(trx, values, items, companions)
          await marketingService.recordOrderBumps(trx, { orderId: row.id, storeId: product.storeId, bumps })
          return row
        })

  return chargeOrder(deps, order, opened, cardOf(payment), claim)
}
