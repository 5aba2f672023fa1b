/**
 * The buyer's quote: the same reads and the same pricing as placing the order (order-pricing.ts), nothing written.
 * The payment step shows these figures only; the order recomputes them and charges exactly that.
 */
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { toReais } from '../../shared/money'
import { MSG } from '../../shared/ordering'
import { bpToPercent, discountBadge, installmentLabel, installmentOptions, priceOrder } from '../../shared/pricing'
import type { Quote, quoteRequestSchema } from '../../shared/quote'
import { catalogService } from '../catalog'
import { checkoutService } from '../checkout'
import { marketingService } from '../marketing'
import { paymentsService } from '../payments'
import { type ChargeMethod, priceCart } from './order-pricing'
import { findCheckoutPlan } from './plan-lookup'
import type { Db } from './tables'

const PLAN_NOT_FOUND = 'Plano não encontrado'
const CHARGE_METHOD = { pix: 'PIX', credit_card: 'CREDIT_CARD', bank_slip: 'BOLETO' } as const

export async function quoteOrder(db: Db, q: z.output<typeof quoteRequestSchema>): Promise<Quote> {
  const found = await catalogService.findProductWith(db, q.storeId, q.productId, (eb) =>
    paymentsService.checkoutPaymentsColumn(eb, q.storeId),
  )
  if (!found) throw new AppError(404, MSG.productUnavailable, undefined, 'PRODUCT_UNAVAILABLE')
  const payments = paymentsService.checkoutPaymentsOf(found.product.storeId, found.alongside)
  // A plan's first charge is the plan's price in one installment, as the order prices it (price-order.ts).
  const plan = q.planId
    ? await findCheckoutPlan(db, { storeId: q.storeId, productId: q.productId, planId: q.planId })
    : undefined
  if (q.planId && !plan) throw new AppError(404, PLAN_NOT_FOUND, { planId: PLAN_NOT_FOUND })
  // A free trial charges nothing today (the card is verified): the summary says R$ 0,00, bumps left out.
  const trial = Boolean(plan && plan.trialDays > 0)
  const product = plan ? { ...found.product, priceCents: trial ? 0 : plan.priceCents } : found.product
  const subtotalCents = product.priceCents
  const bumps = await marketingService.priceBumps(db, {
    storeId: product.storeId,
    cartProductIds: [product.id],
    cartTotalCents: subtotalCents,
    bumpIds: trial ? [] : (q.orderBumps ?? []),
  })
  let shippingCents = 0
  if (product.type === 'PHYSICAL' && q.shipping?.method) {
    const option = await checkoutService.quoteShippingOption(
      db,
      product.storeId,
      q.shipping.method,
      q.shipping.zipCode,
      subtotalCents,
      [{ productId: product.id, quantity: 1 }],
    )
    shippingCents = option?.priceCents ?? 0
  }
  // No method chosen yet: the price without any method's discount (the card, at one payment).
  const method: ChargeMethod = q.paymentMethod ? CHARGE_METHOD[q.paymentMethod] : 'CREDIT_CARD'
  const rules = plan ? { ...payments.pricing.rules, max: 1, interestFree: 1 } : payments.pricing.rules
  const installments = q.paymentMethod === 'credit_card' ? Math.min(q.installments ?? 1, rules.max) : 1
  const { breakdown, coupon, lines } = await priceCart(db, {
    storeId: product.storeId,
    product,
    quantity: 1,
    bumps,
    shippingCents,
    couponCode: trial ? undefined : q.couponCode,
    email: q.email,
    method,
    installments,
    payments,
  })
  // Every method's figure from the same coupon, so each card can show its own total before it is chosen.
  const totalWith = (m: ChargeMethod) =>
    priceOrder({
      lines,
      coupon: coupon?.pricing,
      methodDiscountBp: payments.pricing.discountBp[m],
      shippingCents,
    }).totalCents
  const cardBase = totalWith('CREDIT_CARD')
  const methodOf = (m: 'PIX' | 'BOLETO') => ({
    discountPercent: bpToPercent(payments.pricing.discountBp[m]),
    badge: discountBadge(payments.pricing.discountBp[m]),
    total: toReais(totalWith(m)),
  })
  return {
    subtotal: toReais(breakdown.subtotalCents),
    couponDiscount: toReais(breakdown.couponDiscountCents),
    methodDiscount: toReais(breakdown.methodDiscountCents),
    shipping: toReais(breakdown.shippingCents),
    interest: toReais(breakdown.interestCents),
    total: toReais(breakdown.totalCents),
    installments: breakdown.installments,
    installmentValue: toReais(breakdown.installmentCents),
    coupon: coupon ? { code: coupon.code } : null,
    methods: {
      pix: methodOf('PIX'),
      bank_slip: methodOf('BOLETO'),
      credit_card: {
        options: installmentOptions(cardBase, rules).map((o) => ({
          installments: o.installments,
          installmentValue: toReais(o.installmentCents),
          total: toReais(o.totalCents),
          interestFree: o.interestFree,
          label: installmentLabel(o),
        })),
      },
    },
  }
}
