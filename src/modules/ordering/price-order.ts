/**
 * Placing an order, step 1: every amount of the order from the database — the product, the store's payment setup,
 * the shipping option, the bumps, the coupon, the method's discount and the interest. Nothing is written here.
 */
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { type SettingsCache, throughCache } from '../../platform/settings-cache'
import {
  type digitalOrderPayloadSchema,
  METHOD_ID_TO_ORDER,
  MSG,
  type OrderPaymentMethod,
  type orderPayloadSchema,
} from '../../shared/ordering'
import { PAYMENT_MESSAGES } from '../../shared/payments'
import type { PriceBreakdown } from '../../shared/pricing'
import { type CatalogProduct, catalogService } from '../catalog'
import { type CheckedCoupon, marketingService, type PricedBump } from '../marketing'
import { type CheckoutPayments, type PublicPaymentMethods, paymentsService } from '../payments'
import { type ChargeMethod, priceCart } from './order-pricing'
import { type CheckoutPlan, findCheckoutPlan } from './plan-lookup'
import { type PricedShipping, priceShipping, shippingAddressOf } from './price-shipping'
import type { Db, ShippingAddress } from './tables'

export const NOT_CONFIGURED = PAYMENT_MESSAGES.notConfigured
export const METHOD_UNAVAILABLE = 'Forma de pagamento indisponível para esta loja. Escolha outra forma de pagamento.'
export const PLAN_MESSAGES = {
  notFound: 'Plano não encontrado',
  method: 'Este plano não aceita esta forma de pagamento',
  /** A trial keeps the card for its first charge: only a card can be kept (PIX Automático trials: not yet). */
  trial: 'O período de teste grátis só pode ser iniciado com cartão de crédito',
  /** Nothing is charged during a trial, so nothing can be added to it. */
  trialBumps: 'Ofertas adicionais não podem ser incluídas em um período de teste grátis',
} as const
export const WRONG_CHECKOUT = {
  PHYSICAL: 'Este produto é digital: finalize a compra pelo checkout digital.',
  DIGITAL: 'Este produto é físico: finalize a compra pelo checkout com entrega.',
} as const

export type PhysicalPayload = z.output<typeof orderPayloadSchema>
type DigitalPayload = z.output<typeof digitalOrderPayloadSchema>

export type PlaceOrderInput =
  | { kind: 'PHYSICAL'; payload: PhysicalPayload; ip?: string; userAgent?: string }
  | { kind: 'DIGITAL'; payload: DigitalPayload; ip?: string; userAgent?: string }

export const PAYMENT_TO_CHARGE: Record<OrderPaymentMethod, ChargeMethod> = {
  PIX: 'PIX',
  CREDIT_CARD: 'CREDIT_CARD',
  BANK_SLIP: 'BOLETO',
}

/** An order as priced from the database: what the next steps turn into rows and a charge. */
export interface PricedOrder {
  product: CatalogProduct
  quantity: number
  /** The store's payment setup, read once for the whole order (checks, charge row, gateway call). */
  payments: CheckoutPayments
  paymentMethod: OrderPaymentMethod
  /** The plan's installments: 1 unless paid by card. */
  installments: number
  bumps: PricedBump[]
  shipping: PricedShipping | undefined
  address: ShippingAddress | null
  coupon: CheckedCoupon | null
  price: PriceBreakdown
  /** The plan the order subscribes to (its price is the product's here), if any. */
  plan?: CheckoutPlan
  /** A free trial: R$ 0,00 today, the card verified and kept instead of charged. */
  trial?: boolean
}

/** The method is one the store takes, and a card plan within its maximum. */
export function requirePaymentMethod(
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

/** Where an order is priced from: the database, and the api's kept reads of it (deps.ts). */
export type PricingDeps = { db: Db; checkoutReads?: SettingsCache }

/**
 * The product and, in the same round trip, the store's payment configuration: read once per change of either, not
 * once per order (a store in a sales rush sells the same product thousands of times; issue 33 item 18). The kept
 * read is dropped when a merchant saves (this process at once, the others by the database's notification: the
 * triggers of migrations 0097 and 0370), as the checkout page's own configuration is. Its stock is never used here:
 * the order takes stock in its own statement (write-order.ts).
 */
async function findProductAndPayments(deps: PricingDeps, input: PlaceOrderInput) {
  const { storeId, productId } = input.payload
  const found = await throughCache(deps.checkoutReads, `checkout-product:${storeId}:${productId}`, () =>
    catalogService.findProductWith(deps.db, storeId, productId, (eb) =>
      paymentsService.checkoutPaymentsColumn(eb, storeId),
    ),
  )
  if (!found) throw new AppError(404, MSG.productUnavailable, undefined, 'PRODUCT_UNAVAILABLE')
  if (found.product.type !== input.kind) throw new AppError(400, WRONG_CHECKOUT[input.kind])
  return {
    // A copy per order: the kept read is shared by every order of the product.
    product: { ...found.product },
    payments: paymentsService.checkoutPaymentsOf(found.product.storeId, found.alongside),
  }
}

/** Prices the order the buyer sent; throws the 4xx the buyer page shows when something cannot be sold. */
/** `now`: the time a kept carrier quote's age is read against (the app's clock). */
export async function priceOrder(
  deps: PricingDeps,
  input: PlaceOrderInput,
  now: Date = new Date(),
): Promise<PricedOrder> {
  const { db } = deps
  const { payload } = input
  const found = await findProductAndPayments(deps, input)
  const { payments } = found
  const payment = payload.payment
  requirePaymentMethod(payments.methods, payment.method, payment.installments)
  const plan = await planOf(db, input, found.product.storeId)
  const trial = isTrial(plan)
  if (trial) checkTrialOrder(input)
  const product = plan ? { ...found.product, priceCents: firstChargeOf(plan) } : found.product
  if (plan && payment.method === 'credit_card') payment.installments = 1

  const quantity = 1
  const subtotalCents = product.priceCents * quantity
  const address = input.kind === 'PHYSICAL' ? shippingAddressOf(input.payload.shipping) : null
  const shipping =
    input.kind === 'PHYSICAL'
      ? await priceShipping(
          db,
          product.storeId,
          input.payload.shipping,
          subtotalCents,
          [{ productId: product.id, quantity }],
          now,
        )
      : undefined
  // marketing: the order bumps the buyer added, re-checked and priced from the database by marketing.
  const bumps = await marketingService.priceBumps(db, {
    storeId: product.storeId,
    cartProductIds: [product.id],
    cartTotalCents: subtotalCents,
    bumpIds: payload.orderBumps ?? [],
  })
  const paymentMethod = METHOD_ID_TO_ORDER[payment.method]
  // The coupon, the method's discount and the interest (src/shared/pricing.ts): the total the buyer was quoted.
  const installments = payment.method === 'credit_card' ? (payment.installments ?? 1) : 1
  const { breakdown: price, coupon } = await priceCart(db, {
    storeId: product.storeId,
    product,
    quantity,
    bumps,
    shippingCents: shipping?.priceCents ?? 0,
    // A coupon applies to a charge; a trial has none today (the renewals price the plan).
    couponCode: trial ? undefined : payload.couponCode,
    email: payload.customer.email,
    method: PAYMENT_TO_CHARGE[paymentMethod],
    installments,
    payments,
  })
  return {
    product,
    quantity,
    payments,
    paymentMethod,
    installments,
    bumps,
    shipping,
    address,
    coupon,
    price,
    plan,
    trial,
  }
}

const isTrial = (plan: CheckoutPlan | undefined) => Boolean(plan && plan.trialDays > 0)

/** What the order charges today for a plan: its price, or nothing while a free trial runs (the card is verified). */
const firstChargeOf = (plan: CheckoutPlan) => (plan.trialDays > 0 ? 0 : plan.priceCents)

/**
 * A trial order: by card only (the card is kept for the charge at the trial's end) and without bumps — a bump would
 * be money charged on an order that charges nothing, so the buyer adds it later instead of paying it by surprise.
 */
function checkTrialOrder(input: PlaceOrderInput) {
  const { payment, orderBumps } = input.payload
  if (payment.method !== 'credit_card')
    throw new AppError(422, PLAN_MESSAGES.trial, { 'payment.method': PLAN_MESSAGES.trial })
  if (orderBumps?.length) throw new AppError(422, PLAN_MESSAGES.trialBumps, { orderBumps: PLAN_MESSAGES.trialBumps })
}

/** The plan a digital order subscribes to, checked against the product, the store and the chosen method. */
async function planOf(db: Db, input: PlaceOrderInput, storeId: string): Promise<CheckoutPlan | undefined> {
  if (input.kind !== 'DIGITAL' || !input.payload.planId) return undefined
  const { productId, planId, payment } = input.payload
  const plan = await findCheckoutPlan(db, { storeId, productId, planId })
  if (!plan) throw new AppError(404, PLAN_MESSAGES.notFound, { planId: PLAN_MESSAGES.notFound })
  // A plan by PIX Automático is ordered by PIX: its QR (subscriptions' pix-automatic-checkout.ts) pays the order.
  const byMandate = payment.method === 'pix' && plan.methods.includes('pix_automatic')
  if (!plan.methods.includes(payment.method) && !byMandate)
    throw new AppError(422, PLAN_MESSAGES.method, { 'payment.method': PLAN_MESSAGES.method })
  if (input.payload.pixAutomatic && !byMandate)
    throw new AppError(422, PLAN_MESSAGES.method, { pixAutomatic: PLAN_MESSAGES.method })
  return plan
}
