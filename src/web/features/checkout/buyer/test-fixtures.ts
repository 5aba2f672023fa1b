// Data the checkout's component tests share (never imported by the pages).
import type { ShippingQuoteDto } from '../../../../shared/checkout'
import { normalizeMethodId } from '../../../../shared/ordering-rules'
import type { PublicPaymentMethods } from '../../../../shared/payments'
import {
  bpToPercent,
  discountBadge,
  installmentLabel,
  installmentOptions,
  percentToBp,
  priceOrder,
} from '../../../../shared/pricing'
import type { Quote, QuoteRequest } from '../../../../shared/quote'

/** A CPF whose check digits are right. */
export const VALID_CPF = '52998224725'

/** The customer step's values once the buyer typed them (masks applied). */
export const CUSTOMER = { name: 'Ana Souza', email: 'ana@exemplo.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }

export const PAC: ShippingQuoteDto = {
  id: 'pac',
  name: 'PAC',
  description: null,
  price: 19.9,
  originalPrice: 19.9,
  isFree: false,
  estimatedDelivery: '5-7 dias úteis',
  estimatedDays: 7,
}

/** The store's prices: PIX/boleto discounts and the card's plans (interest-free up to `interestFree`). */
export interface MethodPricing {
  pixDiscountPercent?: number
  slipDiscountPercent?: number
  /** Defaults to every plan. */
  interestFree?: number
  monthlyRatePercent?: number
}

/** The three methods on, card in up to `maxInstallments`; no discounts and no interest unless `pricing` says so. */
export function paymentMethods(
  enabled = { pix: true, credit_card: true, bank_slip: true },
  maxInstallments = 3,
  pricing: MethodPricing = {},
) {
  return {
    pix: { enabled: enabled.pix, name: 'PIX', expirationDays: 1, discountPercent: pricing.pixDiscountPercent ?? 0 },
    credit_card: {
      enabled: enabled.credit_card,
      name: 'Cartão de Crédito',
      maxInstallments,
      installments: {
        max: maxInstallments,
        interestFree: pricing.interestFree ?? maxInstallments,
        monthlyRatePercent: pricing.monthlyRatePercent ?? 0,
      },
    },
    bank_slip: {
      enabled: enabled.bank_slip,
      name: 'Boleto Bancário',
      expirationDays: 3,
      discountPercent: pricing.slipDiscountPercent ?? 0,
    },
  } satisfies PublicPaymentMethods
}

const cents = (reais: number) => Math.round(reais * 100)
const reais = (c: number) => c / 100

/**
 * What POST /checkout/quote answers for `request` in a store with `methods`, selling one product at `price` (reais)
 * and, once the request names a shipping option, delivering it for `shipping`: priced by the shared function the
 * server uses (src/modules/ordering/quote.ts), without coupons or bumps. Lets the tests replace `getQuote`.
 */
export function quoteFor(
  request: QuoteRequest,
  { price, shipping = 0, methods }: { price: number; shipping?: number; methods: PublicPaymentMethods },
): Quote {
  const lines = [{ productId: request.productId, amountCents: cents(price), bump: false }]
  const shippingCents = request.shipping ? cents(shipping) : 0
  const card = methods.credit_card.installments
  const rules = { max: card.max, interestFree: card.interestFree, monthlyRateBp: percentToBp(card.monthlyRatePercent) }
  const discountBp = {
    pix: percentToBp(methods.pix.discountPercent),
    bank_slip: percentToBp(methods.bank_slip.discountPercent),
    credit_card: 0,
  }
  const method = normalizeMethodId(request.paymentMethod)
  const installments = method === 'credit_card' ? Math.min(Number(request.installments ?? 1), rules.max) : 1
  const chosen = priceOrder({
    lines,
    methodDiscountBp: method ? discountBp[method] : 0,
    shippingCents,
    installments,
    rules,
  })
  const totalWith = (bp: number) => priceOrder({ lines, methodDiscountBp: bp, shippingCents }).totalCents
  const methodOf = (bp: number) => ({
    discountPercent: bpToPercent(bp),
    badge: discountBadge(bp),
    total: reais(totalWith(bp)),
  })
  return {
    subtotal: reais(chosen.subtotalCents),
    couponDiscount: 0,
    methodDiscount: reais(chosen.methodDiscountCents),
    shipping: reais(chosen.shippingCents),
    interest: reais(chosen.interestCents),
    total: reais(chosen.totalCents),
    installments: chosen.installments,
    installmentValue: reais(chosen.installmentCents),
    coupon: null,
    methods: {
      pix: methodOf(discountBp.pix),
      bank_slip: methodOf(discountBp.bank_slip),
      credit_card: {
        options: installmentOptions(totalWith(0), rules).map((o) => ({
          installments: o.installments,
          installmentValue: reais(o.installmentCents),
          total: reais(o.totalCents),
          interestFree: o.interestFree,
          label: installmentLabel(o),
        })),
      },
    },
  }
}
