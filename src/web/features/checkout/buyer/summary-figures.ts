/**
 * The figures the checkout's summary shows, from the server's quote when it has answered for the cart on screen and
 * otherwise from the same pure pricing the server runs (src/shared/pricing.ts) over the same server-given prices
 * (product, shipping option, bumps, the store's public method rules): the first paint and the quote agree to the
 * centavo, and the page never tells a price the charge will not have.
 */
import type { PublicProduct } from '../../../../shared/catalog'
import { toCents } from '../../../../shared/money'
import type { CheckoutMethodId } from '../../../../shared/ordering-rules'
import type { PublicPaymentMethods } from '../../../../shared/payments'
import {
  type InstallmentOption,
  type InstallmentRules,
  interestLineLabel,
  methodDiscountLabel,
  type PricingLine,
  percentToBp,
  priceOrder,
  type UpFrontPrices,
  upFrontPrices,
} from '../../../../shared/pricing'
import type { Quote } from '../../../../shared/quote'

export interface CartPrices {
  product: Pick<PublicProduct, 'id' | 'price'>
  /** The chosen delivery option's price (reais), 0 when free or none yet. */
  shipping: number
  bumps: readonly { id: string; finalPrice: number }[]
}

/** The store's card rules as the server prices them (public payment methods carry them in percent). */
export function rulesOf(methods: PublicPaymentMethods): InstallmentRules {
  const card = methods.credit_card.installments
  return {
    max: Math.max(1, card.max),
    interestFree: Math.min(card.interestFree, card.max),
    monthlyRateBp: percentToBp(card.monthlyRatePercent),
  }
}

const METHOD_BP = {
  pix: (m: PublicPaymentMethods) => percentToBp(m.pix.discountPercent),
  bank_slip: (m: PublicPaymentMethods) => percentToBp(m.bank_slip.discountPercent),
  credit_card: () => 0,
} as const

function linesOf(cart: CartPrices): PricingLine[] {
  return [
    { productId: cart.product.id, amountCents: toCents(cart.product.price), bump: false },
    ...cart.bumps.map((b) => ({ productId: b.id, amountCents: toCents(b.finalPrice), bump: true })),
  ]
}

/**
 * The total (cents) before the quote answers: the cart with the chosen method's discount and plan, no coupon (a
 * coupon is only ever known from a quote).
 */
export function localTotalCents(
  cart: CartPrices,
  methods: PublicPaymentMethods | undefined,
  method?: CheckoutMethodId,
  installments = 1,
): number {
  return priceOrder({
    lines: linesOf(cart),
    shippingCents: toCents(cart.shipping),
    methodDiscountBp: methods && method ? METHOD_BP[method](methods) : 0,
    installments: method === 'credit_card' ? installments : 1,
    rules: methods ? rulesOf(methods) : undefined,
  }).totalCents
}

/** 'R$ X no PIX' and the longest plan, from the quote or, before it answers, computed alike. */
export function upFrontOf(cart: CartPrices, methods: PublicPaymentMethods, quote: Quote | undefined): UpFrontPrices {
  const rules = rulesOf(methods)
  if (!quote)
    return upFrontPrices({
      lines: linesOf(cart),
      shippingCents: toCents(cart.shipping),
      pix: { enabled: methods.pix.enabled, discountBp: METHOD_BP.pix(methods) },
      card: { enabled: methods.credit_card.enabled, rules },
    })
  const plans = methods.credit_card.enabled ? quote.methods.credit_card.options : []
  const last = plans.at(-1)
  const longestPlan: InstallmentOption | null =
    last && last.installments > 1
      ? {
          installments: last.installments,
          installmentCents: toCents(last.installmentValue),
          totalCents: toCents(last.total),
          interestFree: last.interestFree,
          monthlyRateBp: last.interestFree ? 0 : rules.monthlyRateBp,
        }
      : null
  return {
    pixCents: methods.pix.enabled ? toCents(quote.methods.pix.total) : null,
    pixDiscountBp: methods.pix.enabled ? percentToBp(quote.methods.pix.discountPercent) : 0,
    longestPlan,
  }
}

export interface SummaryLine {
  label: string
  /** Reais, as the summary formats them. */
  amount: number
}

/** The discount line of the chosen method ('Desconto PIX (5%)') and the plan's interest line, from the quote. */
export function adjustmentsOf(
  quote: Quote | undefined,
  methods: PublicPaymentMethods | undefined,
  method: CheckoutMethodId | undefined,
): { discount: SummaryLine | null; interest: SummaryLine | null } {
  if (!quote) return { discount: null, interest: null }
  const discount =
    quote.methodDiscount > 0 && (method === 'pix' || method === 'bank_slip')
      ? {
          label: methodDiscountLabel(
            method === 'pix' ? 'PIX' : 'BOLETO',
            percentToBp(quote.methods[method].discountPercent),
          ),
          amount: quote.methodDiscount,
        }
      : null
  const interest =
    quote.interest > 0
      ? {
          label: interestLineLabel({
            installments: quote.installments,
            installmentCents: toCents(quote.installmentValue),
            monthlyRateBp: methods ? rulesOf(methods).monthlyRateBp : 0,
          }),
          amount: quote.interest,
        }
      : null
  return { discount, interest }
}
