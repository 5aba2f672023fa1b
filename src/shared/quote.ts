/**
 * The buyer's price quote (POST /api/checkout/quote): what the payment step shows is what the server computes,
 * through the same function that prices the order (src/shared/pricing.ts). Reais on the wire.
 */
import { z } from 'zod'
import { CHECKOUT_METHOD_IDS, normalizeMethodId } from './ordering-rules'

export const quoteRequestSchema = z.object({
  storeId: z.string().trim().min(1).max(100),
  productId: z.string().trim().min(1).max(100),
  orderBumps: z.array(z.string().max(100)).max(10).optional(),
  couponCode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(60).optional(),
  ),
  /** For a coupon's per-e-mail limit; the order checks it again. */
  email: z.string().trim().max(254).optional(),
  paymentMethod: z.preprocess((v) => normalizeMethodId(v) ?? v, z.enum(CHECKOUT_METHOD_IDS)).optional(),
  installments: z.coerce.number().int().min(1).max(24).optional(),
  shipping: z.object({ zipCode: z.string().max(20), method: z.string().max(100) }).optional(),
  /** A subscription plan of the product (issue 36): priced instead of the product, in one card installment. */
  planId: z.string().trim().min(1).max(64).optional(),
})
export type QuoteRequest = z.input<typeof quoteRequestSchema>

export const installmentOptionSchema = z.object({
  installments: z.number(),
  installmentValue: z.number(),
  total: z.number(),
  interestFree: z.boolean(),
  /** '12x de R$ 9,90 sem juros' or '18x de R$ 12,34 (total R$ 222,12)'. */
  label: z.string(),
})
export type InstallmentOptionDto = z.infer<typeof installmentOptionSchema>

export const quoteSchema = z.object({
  subtotal: z.number(),
  couponDiscount: z.number(),
  methodDiscount: z.number(),
  shipping: z.number(),
  interest: z.number(),
  total: z.number(),
  installments: z.number(),
  installmentValue: z.number(),
  coupon: z.object({ code: z.string() }).nullable(),
  /** Each method's discount and the total paid with it (card: every plan). */
  methods: z.object({
    pix: z.object({ discountPercent: z.number(), badge: z.string().nullable(), total: z.number() }),
    bank_slip: z.object({ discountPercent: z.number(), badge: z.string().nullable(), total: z.number() }),
    credit_card: z.object({ options: z.array(installmentOptionSchema) }),
  }),
})
export type Quote = z.infer<typeof quoteSchema>
