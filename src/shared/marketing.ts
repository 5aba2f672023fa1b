/**
 * Order bumps and post-purchase redirect links (spec 002 §2.2, §2.3, §3, §4, §5, §7, §8, §9; 001 §2, §4, §7):
 * the form rules shared by the merchant screens and the API, and the shapes both ends read.
 */
import { z } from 'zod'
import { timestamps } from './fields'
import { toCents } from './money'

export * from './marketing-constants'

import {
  BUMP_DISCOUNT_TYPES,
  BUMP_MESSAGES,
  BUMP_POSITIONS,
  BUMP_TEMPLATES,
  type BumpDiscountType,
  DEFAULT_BUTTON_COLOR,
  PERCENT_MAX,
} from './marketing-constants'

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
/** Form inputs are strings: '' means absent (null), '12,50' and '12.50' are numbers. */
const toNumberOrNull = (v: unknown) => {
  if (blank(v)) return null
  if (typeof v === 'string') return Number(v.trim().replace(',', '.'))
  return v
}
const toTextOrNull = (v: unknown) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v)
/** showOnProducts may arrive as a list or as a JSON string of a list (spec 002 §3). */
const toIdList = (v: unknown) => {
  if (blank(v)) return []
  if (typeof v === 'string') {
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  }
  return v
}

const MONEY_MAX = 10_000_000
const amount = z.preprocess(
  toNumberOrNull,
  z
    .number({ error: BUMP_MESSAGES.amount })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= MONEY_MAX, BUMP_MESSAGES.amount)
    .nullable(),
)
/** A negative discount is told as the spec's discount message (spec 002 §5), not as a malformed amount. */
const discountAmount = z.preprocess(
  toNumberOrNull,
  z
    .number({ error: BUMP_MESSAGES.amount })
    .refine((n) => Number.isFinite(n) && n <= MONEY_MAX, BUMP_MESSAGES.amount)
    .refine((n) => n >= 0, BUMP_MESSAGES.discountValue)
    .nullable(),
)

const bumpFields = {
  title: z.string({ error: BUMP_MESSAGES.title }).trim().min(1, BUMP_MESSAGES.title).max(120),
  description: z.preprocess(toTextOrNull, z.string().max(500).nullable()).optional(),
  productId: z.string({ error: BUMP_MESSAGES.product }).trim().min(1, BUMP_MESSAGES.product).max(100),
  discountType: z.enum(BUMP_DISCOUNT_TYPES),
  discountValue: discountAmount.optional(),
  originalPrice: amount.optional(),
  position: z.enum(BUMP_POSITIONS),
  template: z.enum(BUMP_TEMPLATES),
  buttonText: z.preprocess(toTextOrNull, z.string().max(60).nullable()).optional(),
  buttonColor: z.preprocess(
    (v) => (blank(v) ? DEFAULT_BUTTON_COLOR : v),
    z.string().regex(/^#[0-9a-fA-F]{6}$/, BUMP_MESSAGES.color),
  ),
  active: z.boolean(),
  minCartValue: amount.optional(),
  maxCartValue: amount.optional(),
  showOnProducts: z.preprocess(
    toIdList,
    z.array(z.string().max(100), { error: BUMP_MESSAGES.showOnProducts }).max(200, BUMP_MESSAGES.showOnProducts),
  ),
}

type BumpRuleInput = {
  discountType: BumpDiscountType
  discountValue?: number | null
  minCartValue?: number | null
  maxCartValue?: number | null
}

/** The cross-field rules of spec 002 §5, in the order the form reports them. */
function bumpRules(v: BumpRuleInput, ctx: z.RefinementCtx) {
  if (v.discountType !== 'NONE') {
    if (v.discountValue == null || toCents(v.discountValue) <= 0)
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: BUMP_MESSAGES.discountValue })
    else if (v.discountType === 'PERCENTAGE' && v.discountValue > PERCENT_MAX)
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: BUMP_MESSAGES.percentMax })
  }
  if (v.minCartValue != null && v.maxCartValue != null && !(v.maxCartValue > v.minCartValue))
    ctx.addIssue({ code: 'custom', path: ['maxCartValue'], message: BUMP_MESSAGES.maxCart })
}

/** Create (and the merged result of an edit): the form and the API check the same rules. */
export const bumpInputSchema = z
  .object({
    ...bumpFields,
    discountType: bumpFields.discountType.default('NONE'),
    position: bumpFields.position.default('BEFORE_PAYMENT'),
    template: bumpFields.template.default('SIMPLE'),
    buttonColor: bumpFields.buttonColor.default(DEFAULT_BUTTON_COLOR),
    active: bumpFields.active.default(true),
    showOnProducts: bumpFields.showOnProducts.default([]),
  })
  .superRefine(bumpRules)
export type BumpInput = z.input<typeof bumpInputSchema>
export type BumpValues = z.output<typeof bumpInputSchema>

/** PATCH: any subset; the server merges it over the stored bump and checks the whole with bumpInputSchema. */
export const bumpPatchSchema = z.object(bumpFields).partial()
export type BumpPatch = z.input<typeof bumpPatchSchema>

export const orderBumpSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  productId: z.string(),
  product: z.object({ id: z.string(), name: z.string(), price: z.number(), type: z.string() }).nullable(),
  discountType: z.enum(BUMP_DISCOUNT_TYPES),
  discountValue: z.number().nullable(),
  originalPrice: z.number().nullable(),
  position: z.enum(BUMP_POSITIONS),
  template: z.enum(BUMP_TEMPLATES),
  buttonText: z.string().nullable(),
  buttonColor: z.string(),
  active: z.boolean(),
  minCartValue: z.number().nullable(),
  maxCartValue: z.number().nullable(),
  showOnProducts: z.array(z.string()),
  displayCount: z.number(),
  /** Orders placed with this bump (counted by the worker from `order.placed`). */
  conversionCount: z.number(),
  /** Buyers who tapped "add" in the widget (one per checkout visit). */
  addCount: z.number(),
  paidConversionCount: z.number(),
  revenue: z.number(),
  paidRevenue: z.number(),
  ...timestamps,
})
export type OrderBump = z.infer<typeof orderBumpSchema>

export const bumpStatsSchema = z.object({
  totalBumps: z.number(),
  activeBumps: z.number(),
  totalDisplays: z.number(),
  totalConversions: z.number(),
  /** Conversions per display, in percent with one decimal. */
  conversionRate: z.number(),
  totalPaidConversions: z.number(),
  paidRevenue: z.number(),
})
export type BumpStats = z.infer<typeof bumpStatsSchema>

/** The public calculate request (spec 002 §3): prices and cartTotal are accepted and ignored by the server. */
export const bumpCalculateSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().max(100),
        quantity: z.coerce.number().int().min(1).max(99).optional(),
        price: z.unknown().optional(),
      }),
    )
    .max(20),
  cartTotal: z.unknown().optional(),
  currentStep: z.unknown().optional(),
})
export type BumpCalculateRequest = z.input<typeof bumpCalculateSchema>

export const bumpOfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: z.object({ name: z.string(), price: z.number(), imageUrl: z.string().nullable(), type: z.string() }),
  title: z.string(),
  description: z.string().nullable(),
  template: z.enum(BUMP_TEMPLATES),
  position: z.enum(BUMP_POSITIONS),
  buttonText: z.string().nullable(),
  buttonColor: z.string(),
  discountType: z.enum(BUMP_DISCOUNT_TYPES),
  finalPrice: z.number(),
  originalPrice: z.number(),
  savings: z.number(),
})
export type BumpOffer = z.infer<typeof bumpOfferSchema>

/** display / conversion / track calls: a checkout visit id from the widget, so a visit counts once. */
export const visitBodySchema = z
  .object({ visitId: z.string().trim().min(8).max(64).optional() })
  .nullish()
  .describe('visitId: an id the page generates once per visit; without it the caller address and day stand in.')

// ───────────────────────── upsells (post-purchase redirect links)

export const UPSELL_MESSAGES = {
  title: 'Nome é obrigatório',
  url: 'URL é obrigatória',
  urlInvalid: 'URL inválida: use um endereço http:// ou https://',
  notFound: 'Upsell não encontrado',
  saveFailed: 'Erro ao salvar upsell. Verifique os dados e tente novamente.',
  deleteFailed: 'Erro ao excluir upsell.',
  confirmDeactivate: 'Desativar este link? Nenhum redirecionamento será exibido após a compra.',
  confirmActivate: 'Ativar este link? O link ativo atual será desativado.',
  confirmDelete: 'Tem certeza que deseja excluir este link?',
  conflict: 'Outro link foi ativado ao mesmo tempo. Atualize a página e tente novamente.',
} as const

/** What the redirect page sends for a new link (spec 002 §7). */
export const UPSELL_DEFAULTS = {
  description: 'Redirecionamento pós-compra',
  delaySeconds: 3,
  showCountdown: true,
  template: 'SIMPLE' as const,
  buttonText: 'Continuar',
  skipText: 'Pular',
  buttonColor: DEFAULT_BUTTON_COLOR,
}

const httpUrl = z
  .string({ error: UPSELL_MESSAGES.url })
  .trim()
  .min(1, UPSELL_MESSAGES.url)
  .max(2048, UPSELL_MESSAGES.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname
    } catch {
      return false
    }
  }, UPSELL_MESSAGES.urlInvalid)

const upsellFields = {
  title: z.string({ error: UPSELL_MESSAGES.title }).trim().min(1, UPSELL_MESSAGES.title).max(120),
  redirectUrl: httpUrl,
  description: z.preprocess(toTextOrNull, z.string().max(500).nullable()),
  delaySeconds: z.coerce.number().int().min(0).max(60),
  showCountdown: z.boolean(),
  template: z.enum(BUMP_TEMPLATES),
  buttonText: z.string().trim().min(1).max(60),
  buttonColor: bumpFields.buttonColor,
  skipText: z.string().trim().min(1).max(60),
  active: z.boolean(),
}

export const upsellInputSchema = z.object({
  ...upsellFields,
  description: upsellFields.description.default(UPSELL_DEFAULTS.description),
  delaySeconds: upsellFields.delaySeconds.default(UPSELL_DEFAULTS.delaySeconds),
  showCountdown: upsellFields.showCountdown.default(true),
  template: upsellFields.template.default('SIMPLE'),
  buttonText: upsellFields.buttonText.default(UPSELL_DEFAULTS.buttonText),
  buttonColor: upsellFields.buttonColor.default(DEFAULT_BUTTON_COLOR),
  skipText: upsellFields.skipText.default(UPSELL_DEFAULTS.skipText),
  active: upsellFields.active.default(false),
})
export type UpsellInput = z.input<typeof upsellInputSchema>
export const upsellPatchSchema = z.object(upsellFields).partial()
export type UpsellPatch = z.input<typeof upsellPatchSchema>

export const upsellSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  title: z.string(),
  redirectUrl: z.string(),
  description: z.string().nullable(),
  delaySeconds: z.number(),
  showCountdown: z.boolean(),
  template: z.enum(BUMP_TEMPLATES),
  buttonText: z.string(),
  buttonColor: z.string(),
  skipText: z.string(),
  active: z.boolean(),
  displayCount: z.number(),
  clickCount: z.number(),
  skipCount: z.number(),
  ...timestamps,
})
export type Upsell = z.infer<typeof upsellSchema>

/** What a buyer's page may know of the active link. */
export const publicUpsellSchema = upsellSchema.pick({
  id: true,
  title: true,
  redirectUrl: true,
  description: true,
  delaySeconds: true,
  showCountdown: true,
  template: true,
  buttonText: true,
  buttonColor: true,
  skipText: true,
})
export type PublicUpsell = z.infer<typeof publicUpsellSchema>

export const upsellStatsSchema = z.object({
  totalUpsells: z.number(),
  activeUpsells: z.number(),
  totalDisplays: z.number(),
  totalClicks: z.number(),
  totalSkips: z.number(),
  clickRate: z.number(),
})
export type UpsellStats = z.infer<typeof upsellStatsSchema>

export const UPSELL_TRACK_KINDS = ['display', 'click', 'skip'] as const
export type UpsellTrackKind = (typeof UPSELL_TRACK_KINDS)[number]
