/** The checkout customisation: fields, defaults and limits (spec 001 §3, §5). */
import { z } from 'zod'

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

export { contrastRatio, readableButton } from './contrast'
