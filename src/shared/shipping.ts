/** Shipping options: owner form, quotes as the buyer receives them, and the quote rule. Reais on the wire. */
import { z } from 'zod'
import { onlyDigits } from './br'
import { isValidCepPattern, pickZipRule } from './cep-patterns'
import { timestamps } from './fields'

// ---------------------------------------------------------------------------------------------------------------
// Shipping options

export const SHIPPING_NAME_MAX = 100
export const SHIPPING_DESCRIPTION_MAX = 500
export const SHIPPING_MAX_RULES = 50

/** '12,50', '1.234,56' or '12.50' → 12.5: the forms show and take the Brazilian decimal comma. */
export function parseDecimalInput(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const t = v.trim()
  return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t
}

/** 12.5 → '12,50' (money) or 1.6 → '1,6': how a saved number goes back into a form field, without grouping. */
export function formatDecimalInput(n: number, fractionDigits?: number): string {
  return new Intl.NumberFormat('pt-BR', {
    useGrouping: false,
    minimumFractionDigits: fractionDigits ?? 0,
    maximumFractionDigits: fractionDigits ?? 4,
  }).format(n)
}

const money = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 1_000_000, message)
    .transform((v) => Math.round(v * 100) / 100)

export const zipRuleSchema = z.object({
  name: z
    .string({ error: 'Nome da regra é obrigatório' })
    .trim()
    .min(1, 'Nome da regra é obrigatório')
    .max(100, 'Nome da regra deve ter no máximo 100 caracteres'),
  zipCodePattern: z
    .string({ error: 'Padrão de CEP é obrigatório' })
    .trim()
    .min(1, 'Padrão de CEP é obrigatório')
    .max(500, 'Padrão de CEP deve ter no máximo 500 caracteres')
    .refine(isValidCepPattern, 'Padrão de CEP inválido. Use 69*, 01310-100 ou 01000000-05999999'),
  priceMultiplier: z.preprocess(
    parseDecimalInput,
    z.coerce
      .number({ error: 'Multiplicador deve ser um número válido' })
      .min(0, 'Multiplicador deve ser um número válido')
      .max(100, 'Multiplicador deve ser no máximo 100'),
  ),
  additionalDays: z.coerce
    .number({ error: 'Dias adicionais devem ser um número válido' })
    .int('Dias adicionais devem ser um número inteiro')
    .min(0, 'Dias adicionais devem ser um número válido')
    .max(365, 'Dias adicionais devem ser no máximo 365'),
})
export type ZipRule = z.output<typeof zipRuleSchema>

const shippingOptionFields = {
  name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(SHIPPING_NAME_MAX, `Nome deve ter no máximo ${SHIPPING_NAME_MAX} caracteres`),
  description: z
    .string()
    .trim()
    .max(SHIPPING_DESCRIPTION_MAX, `Descrição deve ter no máximo ${SHIPPING_DESCRIPTION_MAX} caracteres`)
    .nullish()
    .transform((v) => v || null),
  basePrice: z.preprocess(emptyToUndefined, money('Preço base deve ser um valor válido')),
  freeShippingThreshold: z
    .preprocess(emptyToNull, money('Limite para frete grátis deve ser um valor válido').nullable())
    .optional()
    .transform((v) => v ?? null),
  estimatedDays: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Prazo de entrega deve ser pelo menos 1 dia' })
      .int('Prazo de entrega deve ser um número inteiro de dias')
      .min(1, 'Prazo de entrega deve ser pelo menos 1 dia')
      .max(365, 'Prazo de entrega deve ser no máximo 365 dias'),
  ),
  active: z.boolean({ error: 'Valor inválido' }),
  zipCodeRules: z.array(zipRuleSchema).max(SHIPPING_MAX_RULES, `No máximo ${SHIPPING_MAX_RULES} regras por opção`),
}

/** The owner form (spec 001 §5); the create route takes the same schema. */
export const shippingOptionInputSchema = z.object({
  ...shippingOptionFields,
  active: shippingOptionFields.active.default(true),
  zipCodeRules: shippingOptionFields.zipCodeRules.default([]),
})
export type ShippingOptionInput = z.input<typeof shippingOptionInputSchema>
export type ShippingOptionValues = z.output<typeof shippingOptionInputSchema>

/** PATCH: any subset; no defaults, so an absent field is left as it is. */
export const shippingOptionUpdateSchema = z.object(shippingOptionFields).partial()

function emptyToUndefined(v: unknown) {
  return v === '' || v === null ? undefined : parseDecimalInput(v)
}
function emptyToNull(v: unknown) {
  return v === '' || v === undefined ? null : parseDecimalInput(v)
}

export const shippingOptionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  basePrice: z.number(),
  freeShippingThreshold: z.number().nullable(),
  estimatedDays: z.number(),
  active: z.boolean(),
  zipCodeRules: z.array(
    z.object({ name: z.string(), zipCodePattern: z.string(), priceMultiplier: z.number(), additionalDays: z.number() }),
  ),
  ...timestamps,
})
export type ShippingOption = z.infer<typeof shippingOptionSchema>

/** What a buyer may see of an option before giving a CEP: no zone rules. */
export const publicShippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  isFree: z.boolean(),
  freeShippingThreshold: z.number().nullable(),
  estimatedDays: z.number(),
  estimatedDelivery: z.string(),
})
export type PublicShippingOption = z.infer<typeof publicShippingOptionSchema>

export const shippingCalculateSchema = z.object({
  zipCode: z
    .string({ error: 'CEP é obrigatório' })
    .trim()
    .min(1, 'CEP é obrigatório')
    .refine((v) => onlyDigits(v).length === 8, 'CEP deve ter 8 dígitos')
    .refine((v) => !/^(\d)\1{7}$/.test(onlyDigits(v)), 'CEP inválido'),
  items: z
    .array(
      z.object({
        productId: z.string({ error: 'Produto inválido' }).min(1, 'Produto inválido'),
        quantity: z.coerce.number().int().min(1).max(100).default(1),
        /** Ignored: the server prices items from the catalog. */
        price: z.unknown().optional(),
      }),
    )
    .max(50)
    .default([]),
  /** Ignored: the subtotal is computed on the server. */
  totalValue: z.unknown().optional(),
})

/** A quote as the buyer page receives it (reais). `originalPrice` is the price before free shipping. */
export const shippingQuoteDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  originalPrice: z.number(),
  isFree: z.boolean(),
  estimatedDelivery: z.string(),
  estimatedDays: z.number(),
})
export type ShippingQuoteDto = z.infer<typeof shippingQuoteDtoSchema>

export const shippingCalculateAnswerSchema = z.object({
  zipCode: z.string(),
  subtotal: z.number(),
  options: z.array(shippingQuoteDtoSchema),
  /** The options are the spec's default prices, offered because the merchant turned the fallback on. */
  fallback: z.boolean(),
  /** Why there is no option to pick (NO_SHIPPING_OPTION), for the buyer page to show as it is; null otherwise. */
  message: z.string().nullable(),
})
export type ShippingCalculateAnswer = z.infer<typeof shippingCalculateAnswerSchema>

/** '1 dia útil', '5 dias úteis'. */
export function formatDeliveryDays(days: number): string {
  return days === 1 ? '1 dia útil' : `${days} dias úteis`
}

export interface ShippingQuote {
  id: string
  name: string
  description: string | null
  /** What the buyer pays (0 when free). */
  priceCents: number
  /** The price before free shipping, for a struck-through display. */
  originalPriceCents: number
  isFree: boolean
  /** '5 dias úteis' */
  estimatedDelivery: string
  estimatedDays: number
}

/** An option's own terms, independent of storage. */
export interface ShippingTerms {
  id: string
  name: string
  description: string | null
  basePriceCents: number
  freeShippingThresholdCents: number | null
  estimatedDays: number
  zipCodeRules: readonly ZipRule[]
}

/**
 * Prices one option for a CEP and a subtotal: the most specific zone rule multiplies the base price and adds days;
 * free shipping applies when the subtotal reaches the threshold (a threshold of 0 makes the option always free).
 */
export function computeQuote(option: ShippingTerms, zipCode: string, subtotalCents: number): ShippingQuote {
  const rule = pickZipRule(option.zipCodeRules, zipCode)
  const priced = Math.max(0, Math.round(option.basePriceCents * (rule?.priceMultiplier ?? 1)))
  const days = option.estimatedDays + (rule?.additionalDays ?? 0)
  const threshold = option.freeShippingThresholdCents
  const isFree = priced === 0 || (threshold !== null && subtotalCents >= threshold)
  return {
    id: option.id,
    name: option.name,
    description: option.description,
    priceCents: isFree ? 0 : priced,
    originalPriceCents: priced,
    isFree,
    estimatedDelivery: formatDeliveryDays(days),
    estimatedDays: days,
  }
}

export const SHIPPING_MESSAGES = {
  created: 'Opção de frete criada com sucesso!',
  updated: 'Opção de frete atualizada com sucesso!',
  deleted: 'Opção de frete excluída com sucesso!',
  loadError: 'Erro ao carregar opção de frete',
  createError: 'Erro ao criar opção de frete',
  updateError: 'Erro ao atualizar opção de frete',
  deleteError: 'Erro ao excluir opção de frete',
  confirmDelete: 'Tem certeza que deseja excluir esta opção de frete?',
  empty: 'Nenhuma opção de frete',
  notFound: 'Opção de frete não encontrada',
} as const

// ---------------------------------------------------------------------------------------------------------------
// Store shipping settings

/** What a buyer reads (and the order is refused with, 400) when the store offers no way to ship to the CEP. */
export const NO_SHIPPING_OPTION =
  'Esta loja ainda não oferece entrega para o seu CEP. Entre em contato com a loja para combinar o envio.'

export const SHIPPING_FALLBACK_LABEL = 'Oferecer frete padrão quando não houver opção para o CEP'

export const shippingSettingsSchema = z.object({
  /** Offer the spec's defaults (Padrão R$ 10,00, Expresso R$ 25,00) while the store has no active option. */
  fallbackEnabled: z.boolean({ error: 'Valor inválido' }),
})
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>

export const SHIPPING_SETTINGS_MESSAGES = {
  saved: 'Configuração de frete salva com sucesso!',
  saveError: 'Erro ao salvar configuração de frete',
} as const
