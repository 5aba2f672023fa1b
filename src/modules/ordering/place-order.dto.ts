/**
 * Placing an order: the pure mapping of a priced order to what is written and sent — the order row, its items, its
 * `order.placed` event and its charge request. No database, no clock, no random: the ids and the time are handed in.
 */
import type { z } from 'zod'
import { formatOrderNumber } from '../../shared/ordering'
import { compactTracking } from '../../shared/tracking'
import type { ChargeRequest } from '../payments'
import type { orderPlaced } from './events'
import { chargeLines } from './order-pricing'
import { PAYMENT_TO_CHARGE, type PhysicalPayload, type PlaceOrderInput, type PricedOrder } from './price-order'
import type { NewItem, NewOrder } from './repository'

/** Chosen before the write so the order, its key and its charge name each other from the one transaction. */
export interface PlacedIds {
  orderId: string
  transactionId: string
  createdAt: Date
}

export type PlacedEvent = z.input<typeof orderPlaced.schema>
export type OrderChargeRequest = ChargeRequest & { transactionId: string }

/** The card as the gateway takes it (digits only, four-digit year); undefined unless paid by card. */
export function cardOf(payment: PhysicalPayload['payment']): ChargeRequest['card'] {
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

/** The product first, then the bumps: the order of the pricing lines (and of lineDiscountsCents). */
function goodsOf({ product, quantity, bumps }: PricedOrder) {
  return [
    {
      productId: product.id,
      name: product.name,
      imageUrl: product.imageUrl,
      type: product.type,
      unitPriceCents: product.priceCents,
      quantity,
      bumpId: undefined as string | undefined,
    },
    ...bumps.map((b) => ({
      productId: b.productId,
      name: b.name,
      imageUrl: b.imageUrl,
      type: b.type,
      unitPriceCents: b.unitPriceCents,
      quantity: b.quantity as number,
      bumpId: b.bumpId as string | undefined,
    })),
  ]
}

const isCard = (priced: PricedOrder) => priced.paymentMethod === 'CREDIT_CARD'

export function toOrderInsert(priced: PricedOrder, input: PlaceOrderInput, ids: PlacedIds): NewOrder {
  const { product, shipping, price, coupon } = priced
  const { customer } = input.payload
  const goodsCents = goodsOf(priced).reduce((sum, g) => sum + g.unitPriceCents * g.quantity, 0)
  return {
    id: ids.orderId,
    store_id: product.storeId,
    product_type: product.type,
    customer_name: customer.name,
    customer_email: customer.email.toLowerCase(),
    customer_phone: customer.phone,
    customer_document: customer.cpf,
    shipping_address: priced.address,
    shipping_option_id: shipping?.optionId ?? null,
    shipping_method: shipping?.name ?? null,
    estimated_delivery: shipping?.estimatedDelivery ?? null,
    subtotal_cents: goodsCents,
    shipping_cents: shipping?.priceCents ?? 0,
    total_cents: price.totalCents,
    coupon_code: coupon?.code ?? null,
    coupon_discount_cents: price.couponDiscountCents,
    method_discount_cents: price.methodDiscountCents,
    interest_cents: price.interestCents,
    method_discount_bp: price.methodDiscountBp,
    interest_rate_bp: price.monthlyRateBp,
    installment_cents: isCard(priced) ? price.installmentCents : null,
    payment_method: priced.paymentMethod,
    installments: isCard(priced) ? priced.installments : null,
    transaction_id: ids.transactionId,
    gateway_id: null,
    pix_code: null,
    payment_url: null,
    boleto_url: null,
    boleto_line: null,
    notes: null,
    tracking: JSON.stringify(compactTracking(input.payload.tracking)),
    client_ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 500) ?? null,
    checkout_session_id: input.payload.checkoutSessionId ?? null,
    plan_id: priced.plan?.id ?? null,
    pix_automatic: Boolean(priced.plan && input.kind === 'DIGITAL' && input.payload.pixAutomatic),
    created_at: ids.createdAt,
  }
}

/** The lines at their list price, each with its share of the discounts. */
export function toOrderItemInserts(priced: PricedOrder): NewItem[] {
  return goodsOf(priced).map((g, i) => ({
    product_id: g.productId,
    name: g.name,
    image_url: g.imageUrl,
    quantity: g.quantity,
    unit_price_cents: g.unitPriceCents,
    total_cents: g.unitPriceCents * g.quantity,
    discount_cents: priced.price.lineDiscountsCents[i] ?? 0,
    ...(g.bumpId ? { bump_id: g.bumpId } : {}),
  }))
}

export function toPlacedEvent(priced: PricedOrder, input: PlaceOrderInput, ids: PlacedIds): PlacedEvent {
  const { customer, checkoutSessionId } = input.payload
  const discounts = priced.price.lineDiscountsCents
  return {
    orderId: ids.orderId,
    storeId: priced.product.storeId,
    // Filled by the statement from the store's counter.
    orderNumber: formatOrderNumber(0),
    productType: priced.product.type,
    totalCents: priced.price.totalCents,
    paymentMethod: priced.paymentMethod,
    customer: { name: customer.name, email: customer.email.toLowerCase(), phone: customer.phone },
    placedAt: ids.createdAt.toISOString(),
    ...(checkoutSessionId ? { checkoutSessionId } : {}),
    // What each product sold for after the discounts (UTMify's products, the Conversions API's contents).
    items: goodsOf(priced).map((g, i) => ({
      productId: g.productId,
      name: g.name,
      quantity: g.quantity,
      unitPriceCents: Math.floor((g.unitPriceCents * g.quantity - (discounts[i] ?? 0)) / g.quantity),
    })),
  }
}

export function toChargeRequest(priced: PricedOrder, input: PlaceOrderInput, ids: PlacedIds): OrderChargeRequest {
  const { customer, payment } = input.payload
  const goods = goodsOf(priced).map((g) => ({
    title: g.name,
    unitPriceCents: g.unitPriceCents,
    quantity: g.quantity,
    tangible: g.type === 'PHYSICAL',
    externalRef: g.productId,
  }))
  return {
    storeId: priced.product.storeId,
    orderRef: ids.orderId,
    transactionId: ids.transactionId,
    amountCents: priced.price.totalCents,
    method: PAYMENT_TO_CHARGE[priced.paymentMethod],
    customer: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      document: customer.cpf,
      // The card holder's billing address, which Asaas asks with raw card data: the delivery address when there is one.
      ...(input.kind === 'PHYSICAL'
        ? {
            postalCode: input.payload.shipping.zipCode.replace(/\D/g, ''),
            addressNumber: input.payload.shipping.number,
          }
        : {
            postalCode: (payment.holderPostalCode ?? '').replace(/\D/g, '') || undefined,
            addressNumber: payment.holderAddressNumber?.trim() || undefined,
          }),
    },
    // The lines sum to the amount charged: products after their share of the discounts, shipping, interest.
    items: chargeLines(goods, priced.price, {
      shipping: {
        title: `Frete ${priced.shipping?.name ?? ''}`.trim(),
        unitPriceCents: priced.shipping?.priceCents ?? 0,
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
    }),
    card: cardOf(payment),
    installments: isCard(priced) ? priced.installments : undefined,
    ip: input.ip,
  }
}
