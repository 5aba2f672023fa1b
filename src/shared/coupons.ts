/**
 * Coupons (issue 25): the merchant form's schema (shared by the screen and the API), the refusal reasons a buyer
 * reads, and the shapes both ends exchange. Percentages travel as percent (two decimals) and become basis points
 * at the server; fixed amounts and minimums travel as reais and become cents there.
 */
import { z } from 'zod'

export const COUPON_TYPES = ['PERCENTAGE', 'FIXED'] as const
export type CouponType = (typeof COUPON_TYPES)[number]
export const COUPON_CODE_MAX = 40

/** What a buyer reads when a code is refused (a 400 with `code` beside the message, and the order is not created). */
export const COUPON_REFUSALS = {
  unknown: 'Cupom inválido ou inexistente',
  expired: 'Este cupom expirou',
  notYetValid: 'Este cupom ainda não está válido',
  usedUp: 'Este cupom esgotou',
  usedByEmail: 'Você já usou este cupom o número máximo de vezes',
  belowMinimum: (minimum: string) => `Este cupom vale para pedidos a partir de ${minimum}`,
  notForProduct: 'Este cupom não vale para este produto',
} as const
export type CouponRefusal = keyof typeof COUPON_REFUSALS

export const COUPON_MESSAGES = {
  codeRequired: 'Código do cupom é obrigatório',
  codeFormat: 'O código deve ter até 40 letras, números, - ou _, sem espaços',
  codeTaken: 'Já existe um cupom com este código nesta loja',
  type: 'Tipo de desconto inválido',
  value: 'Valor do desconto deve ser maior que zero',
  percentMax: 'O desconto percentual não pode passar de 100%',
  fixedAbovePrice: 'O desconto fixo não pode ser maior que o preço do produto',
  minimum: 'Valor mínimo inválido',
  uses: 'Número de usos deve ser um inteiro maior que zero',
  period: 'A data de término deve ser depois da data de início',
  date: 'Data inválida',
  notFound: 'Cupom não encontrado',
  productNotFound: 'Produto não encontrado',
} as const

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
const toNumberOrNull = (v: unknown) => {
  if (blank(v)) return null
  if (typeof v === 'string') return Number(v.trim().replace(',', '.'))
  return v
}

const positiveInt = z.preprocess(
  toNumberOrNull,
  z.number({ error: COUPON_MESSAGES.uses }).int(COUPON_MESSAGES.uses).min(1, COUPON_MESSAGES.uses).nullable(),
)
const dateOrNull = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: COUPON_MESSAGES.date })
    .refine((s) => !Number.isNaN(Date.parse(s)), COUPON_MESSAGES.date)
    .nullable(),
)

/** The merchant's coupon form; the route validates the same schema. */
export const couponInputSchema = z
  .object({
    code: z
      .string({ error: COUPON_MESSAGES.codeRequired })
      .trim()
      .min(1, COUPON_MESSAGES.codeRequired)
      .max(COUPON_CODE_MAX, COUPON_MESSAGES.codeFormat)
      .regex(/^[A-Za-z0-9_-]+$/, COUPON_MESSAGES.codeFormat),
    discountType: z.enum(COUPON_TYPES, { error: COUPON_MESSAGES.type }),
    /** Percent (10 = 10%) or reais. */
    discountValue: z.preprocess(
      toNumberOrNull,
      z
        .number({ error: COUPON_MESSAGES.value })
        .refine(Number.isFinite, COUPON_MESSAGES.value)
        .refine((n) => n > 0, COUPON_MESSAGES.value),
    ),
    minOrderValue: z.preprocess(
      toNumberOrNull,
      z.number({ error: COUPON_MESSAGES.minimum }).min(0, COUPON_MESSAGES.minimum).nullable().default(null),
    ),
    startsAt: dateOrNull.default(null),
    endsAt: dateOrNull.default(null),
    maxUses: positiveInt.default(null),
    maxUsesPerEmail: positiveInt.default(null),
    productIds: z.array(z.string().max(100)).max(200).default([]),
    appliesToBumps: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.discountType === 'PERCENTAGE' && c.discountValue > 100)
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_MESSAGES.percentMax })
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.period })
  })
export type CouponInput = z.input<typeof couponInputSchema>
export type CouponValues = z.output<typeof couponInputSchema>

/** Pausing or resuming only. */
export const couponStatusSchema = z.object({ active: z.boolean() })

export const couponSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  code: z.string(),
  discountType: z.enum(COUPON_TYPES),
  discountValue: z.number(),
  minOrderValue: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerEmail: z.number().nullable(),
  productIds: z.array(z.string()),
  appliesToBumps: z.boolean(),
  active: z.boolean(),
  /** Uses held by orders not cancelled (an expired or cancelled order gives its use back). */
  uses: z.number(),
  paidCount: z.number(),
  /** Reais: the paid orders' totals. */
  revenue: z.number(),
  discountGiven: z.number(),
  createdAt: z.string(),
})
export type CouponDto = z.infer<typeof couponSchema>

/** 'DESCONTO10' and 'desconto10' are the same coupon. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase()

/**
 * Per-e-mail limits count on this form, so case, a '+tag' or Gmail's ignored dots never make a new buyer:
 * ' Ana.Silva+promo@GMAIL.com ' → 'anasilva@gmail.com'.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 1) return lower
  let local = lower.slice(0, at).split('+')[0]
  let domain = lower.slice(at + 1)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}
