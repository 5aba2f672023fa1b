/**
 * Checkout configuration shared by the merchant forms, the buyer pages and the server: shipping options (owner form,
 * quotes, CEP zone patterns), address validation, and the checkout customisation with its defaults and limits.
 * Money is reais on the wire (numbers with two decimals), cents everywhere else.
 */
import { z } from 'zod'
import { onlyDigits } from './br'

// ---------------------------------------------------------------------------------------------------------------
// CEP zone patterns
//
// A zip rule's `zipCodePattern` is a list of terms separated by commas (or semicolons / line breaks). A term is:
//   * `69*`, `690*`, `01310-1*` a prefix wildcard: every CEP starting with those digits (punctuation ignored);
//     a bare `*` matches every CEP, and a bare number shorter than 8 digits (`69`) is read as a prefix too;
//   * `01310-100` or `01310100` one exact CEP;
//   * `01000000-05999999`, `01000-000-05999-999`, `01000..05999` an inclusive range. Bounds may be full CEPs or
//     prefixes of the same length: a prefix lower bound is padded with 0s and an upper one with 9s, so `69000-69999`
//     covers 69000-000 to 69999-999.
// When several rules of one option match a CEP, the MOST SPECIFIC rule wins: the one whose matching term covers the
// fewest CEPs (an exact CEP beats a range, `699*` beats `69*`); equal coverage goes to the rule listed first. So the
// order of the rules does not matter for overlapping zones ("Norte 69*" with "Acre 69900000-69999999").

export interface CepTerm {
  from: number
  to: number
}

const CEP_MAX = 99_999_999

/** Parses one pattern into numeric ranges; undefined when any term is malformed. */
export function parseCepPattern(pattern: string): CepTerm[] | undefined {
  const terms = pattern
    .split(/[,;\n]+/)
    .map((t) => t.trim())
    .filter(Boolean)
  if (terms.length === 0) return undefined
  const out: CepTerm[] = []
  for (const term of terms) {
    const parsed = parseTerm(term)
    if (!parsed) return undefined
    out.push(parsed)
  }
  return out
}

function parseTerm(term: string): CepTerm | undefined {
  if (term === '*') return { from: 0, to: CEP_MAX }
  // A formatted single CEP looks like a range of unequal bounds ("01310-100"), so it is recognised first.
  if (/^\d{5}-\d{3}$/.test(term) || /^\d{8}$/.test(term)) {
    const n = Number(onlyDigits(term))
    return { from: n, to: n }
  }
  const wildcard = /^([\d.\-\s]*)\*$/.exec(term)
  if (wildcard) return prefixRange(onlyDigits(wildcard[1]))
  const range = /^(\d{5}-?\d{3}|\d{1,8})\s*(?:-|\.\.|a|até)\s*(\d{5}-?\d{3}|\d{1,8})$/.exec(term)
  if (range) {
    const lo = onlyDigits(range[1])
    const hi = onlyDigits(range[2])
    if (lo.length !== hi.length) return undefined
    const from = Number(lo.padEnd(8, '0'))
    const to = Number(hi.padEnd(8, '9'))
    return from <= to ? { from, to } : undefined
  }
  if (/^\d{1,7}$/.test(term)) return prefixRange(term)
  return undefined
}

function prefixRange(prefix: string): CepTerm | undefined {
  if (prefix.length > 8) return undefined
  if (prefix.length === 0) return { from: 0, to: CEP_MAX }
  return { from: Number(prefix.padEnd(8, '0')), to: Number(prefix.padEnd(8, '9')) }
}

export function isValidCepPattern(pattern: string): boolean {
  return parseCepPattern(pattern) !== undefined
}

/** How many CEPs the narrowest matching term covers (smaller is more specific); undefined when nothing matches. */
export function cepPatternCoverage(pattern: string, cep: string): number | undefined {
  const terms = parseCepPattern(pattern)
  const d = onlyDigits(cep)
  if (!terms || d.length !== 8) return undefined
  const n = Number(d)
  let best: number | undefined
  for (const t of terms) if (n >= t.from && n <= t.to) best = Math.min(best ?? Infinity, t.to - t.from + 1)
  return best
}

export function matchesCepPattern(pattern: string, cep: string): boolean {
  return cepPatternCoverage(pattern, cep) !== undefined
}

/** The rule that applies to a CEP: the most specific match, the first listed on a tie. */
export function pickZipRule<R extends { zipCodePattern: string }>(rules: readonly R[], cep: string): R | undefined {
  let best: { rule: R; coverage: number } | undefined
  for (const rule of rules) {
    const coverage = cepPatternCoverage(rule.zipCodePattern, cep)
    if (coverage !== undefined && (!best || coverage < best.coverage)) best = { rule, coverage }
  }
  return best?.rule
}

// ---------------------------------------------------------------------------------------------------------------
// Shipping options

export const SHIPPING_NAME_MAX = 100
export const SHIPPING_DESCRIPTION_MAX = 500
export const SHIPPING_MAX_RULES = 50

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
  priceMultiplier: z.coerce
    .number({ error: 'Multiplicador deve ser um número válido' })
    .min(0, 'Multiplicador deve ser um número válido')
    .max(100, 'Multiplicador deve ser no máximo 100'),
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
  return v === '' || v === null ? undefined : v
}
function emptyToNull(v: unknown) {
  return v === '' || v === undefined ? null : v
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
  createdAt: z.string(),
  updatedAt: z.string(),
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
// Address

export const addressValidationSchema = z.object({
  address: z.string().optional(),
  number: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
})
export type AddressValidationInput = z.infer<typeof addressValidationSchema>

export const addressValidationAnswerSchema = z.object({
  valid: z.boolean(),
  message: z.string().optional(),
  field: z.string().optional(),
})
export type AddressValidationAnswer = z.infer<typeof addressValidationAnswerSchema>

/** The CEP lookup as the buyer page receives it (normalised from the ViaCEP-compatible service). */
export const cepLookupSchema = z.object({
  cep: z.string(),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  complement: z.string(),
})
export type CepLookup = z.infer<typeof cepLookupSchema>

export const CEP_NOT_FOUND = 'CEP não encontrado'
export const CEP_LOOKUP_ERROR = 'Erro ao consultar CEP'

// ---------------------------------------------------------------------------------------------------------------
// Checkout customisation (spec 001 §3, §5)

export const FONT_FAMILIES = [
  'Inter',
  'Arial',
  'Roboto',
  'Montserrat',
  'Open Sans',
  'Lato',
  'Playfair Display',
  'Merriweather',
] as const
export type FontFamily = (typeof FONT_FAMILIES)[number]

const SERIF_FONTS: ReadonlySet<string> = new Set(['Playfair Display', 'Merriweather'])

/** The CSS font stack for a choice: "'Inter', sans-serif". */
export function fontStack(font: string): string {
  const family = (FONT_FAMILIES as readonly string[]).includes(font) ? font : 'Inter'
  return `'${family}', ${SERIF_FONTS.has(family) ? 'serif' : 'sans-serif'}`
}

export const BUTTON_RADIUS_MIN = 0
export const BUTTON_RADIUS_MAX = 20
export const CUSTOM_HTML_MAX = 20_000
export const CUSTOM_CSS_MAX = 20_000
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const BANNER_MAX_BYTES = 5 * 1024 * 1024

export const CHECKOUT_TEXT_DEFAULTS = {
  checkoutTitle: 'Finalizar Compra',
  thankYouTitle: 'Pedido Confirmado!',
  thankYouMessage: 'Obrigado pela sua compra! Seu pedido foi confirmado e será processado em breve.',
} as const

/** Used by the digital checkout for every text the merchant left at its default. */
export const DIGITAL_CHECKOUT_TEXT_DEFAULTS = {
  checkoutTitle: 'Finalizar Compra Digital',
  thankYouTitle: 'Produto Digital Adquirido!',
  thankYouMessage: 'Obrigado pela sua compra! Seu produto digital já está disponível logo abaixo.',
} as const

export const CUSTOMIZATION_DEFAULTS = {
  primaryColor: '#3B82F6',
  secondaryColor: '#1E40AF',
  backgroundColor: '#F3F4F6',
  accentColor: '#EF4444',
  fontFamily: 'Inter' as FontFamily,
  buttonRadius: 6,
  showStoreLogo: true,
  customLogoUrl: null as string | null,
  customBannerUrl: null as string | null,
  customHeaderHtml: null as string | null,
  customFooterHtml: null as string | null,
  customCss: null as string | null,
  ...CHECKOUT_TEXT_DEFAULTS,
}

export const CUSTOMIZATION_MESSAGES = {
  saved: 'Configurações salvas com sucesso!',
  saveError: 'Não foi possível salvar as configurações. Tente novamente.',
  loadError: 'Não foi possível carregar as configurações do checkout. Tente novamente.',
  storeLoadError: 'Não foi possível carregar as informações da loja. Tente novamente.',
  uploadError: 'Não foi possível fazer upload da imagem. Tente novamente.',
  logoTooBig: 'A imagem deve ter no máximo 2MB',
  bannerTooBig: 'A imagem do banner deve ter no máximo 5MB',
  notImage: 'O arquivo deve ser uma imagem (JPG, PNG, GIF)',
  accessDenied: 'Você não tem permissão para acessar as configurações desta loja.',
} as const

const color = z
  .string({ error: 'Cor inválida. Use o formato #RRGGBB' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida. Use o formato #RRGGBB')
  .transform((v) => v.toUpperCase())

/** http(s) addresses or files this platform serves under /uploads/; empty means none. */
export function isImageUrl(value: string): boolean {
  if (/^\/uploads\/[\w\-./]+$/.test(value)) return !value.includes('..')
  try {
    const u = new URL(value)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

const imageUrl = z
  .string()
  .trim()
  .max(1000, 'URL muito longa')
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || isImageUrl(v), 'URL inválida. Use http(s)://… ou um arquivo enviado')

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v?.trim() ? v : null))

/** A text with a default: empty means "use the default". */
const defaultedText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null)

/** The whole customisation form; the PATCH route takes any subset of it. */
export const customizationInputSchema = z.object({
  primaryColor: color,
  secondaryColor: color,
  backgroundColor: color,
  accentColor: color,
  fontFamily: z.enum(FONT_FAMILIES, { error: 'Fonte inválida' }),
  buttonRadius: z.coerce
    .number({ error: 'O arredondamento dos botões deve estar entre 0 e 20' })
    .int('O arredondamento dos botões deve estar entre 0 e 20')
    .min(BUTTON_RADIUS_MIN, 'O arredondamento dos botões deve estar entre 0 e 20')
    .max(BUTTON_RADIUS_MAX, 'O arredondamento dos botões deve estar entre 0 e 20'),
  showStoreLogo: z.boolean({ error: 'Valor inválido' }),
  customLogoUrl: imageUrl,
  customBannerUrl: imageUrl,
  customHeaderHtml: optionalText(CUSTOM_HTML_MAX, 'O HTML do cabeçalho'),
  customFooterHtml: optionalText(CUSTOM_HTML_MAX, 'O HTML do rodapé'),
  customCss: optionalText(CUSTOM_CSS_MAX, 'O CSS personalizado'),
  checkoutTitle: defaultedText(100, 'O título do checkout'),
  thankYouTitle: defaultedText(100, 'O título de agradecimento'),
  thankYouMessage: defaultedText(500, 'A mensagem de agradecimento'),
})
export type CustomizationInput = z.input<typeof customizationInputSchema>
export type CustomizationValues = z.output<typeof customizationInputSchema>

export const customizationUpdateSchema = customizationInputSchema.partial()

const customizationFields = {
  primaryColor: z.string(),
  secondaryColor: z.string(),
  backgroundColor: z.string(),
  accentColor: z.string(),
  fontFamily: z.string(),
  buttonRadius: z.number(),
  showStoreLogo: z.boolean(),
  customLogoUrl: z.string().nullable(),
  customBannerUrl: z.string().nullable(),
  customHeaderHtml: z.string().nullable(),
  customFooterHtml: z.string().nullable(),
  customCss: z.string().nullable(),
  checkoutTitle: z.string(),
  thankYouTitle: z.string(),
  thankYouMessage: z.string(),
}

/** Merchant markup sent for the live preview; answered sanitised, exactly as buyers would receive it. */
export const customizationPreviewSchema = z.object({
  customHeaderHtml: customizationInputSchema.shape.customHeaderHtml,
  customFooterHtml: customizationInputSchema.shape.customFooterHtml,
  customCss: customizationInputSchema.shape.customCss,
})
export const customizationPreviewAnswerSchema = z.object({
  customHeaderHtml: z.string().nullable(),
  customFooterHtml: z.string().nullable(),
  customCss: z.string().nullable(),
})
export type CustomizationPreview = z.infer<typeof customizationPreviewAnswerSchema>

/** What the owner reads: the raw HTML and CSS as typed, texts with their defaults filled in. */
export const customizationSchema = z.object({
  storeId: z.string(),
  ...customizationFields,
  updatedAt: z.string().nullable(),
})
export type Customization = z.infer<typeof customizationSchema>

/**
 * What a buyer's page receives: header, footer and CSS already sanitised on the server (the CSS scoped under
 * `.checkout-custom`), and the texts of the digital checkout resolved against their own defaults.
 */
export const publicCustomizationSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  ...customizationFields,
  digital: z.object({ checkoutTitle: z.string(), thankYouTitle: z.string(), thankYouMessage: z.string() }),
})
export type PublicCustomization = z.infer<typeof publicCustomizationSchema>

/** The class every merchant CSS rule is scoped under; the buyer page wraps the checkout in it. */
export const CUSTOM_SCOPE_CLASS = 'checkout-custom'
