import { z } from 'zod'
import { timestamps } from './fields'
import { toCents } from './money'

/** Product rules of the spec (§5, §9), shared by the product form and the products API. */

export const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { PHYSICAL: 'Físico', DIGITAL: 'Digital' }

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

export const MSG = {
  name: 'Nome é obrigatório.',
  nameMax: 'Nome deve ter no máximo 200 caracteres.',
  descriptionMax: 'Descrição deve ter no máximo 5000 caracteres.',
  price: 'Preço deve ser maior que zero.',
  priceMax: 'Preço deve ser no máximo R$ 10.000.000,00.',
  stock: 'Estoque é obrigatório para produtos físicos e não pode ser negativo.',
  type: 'Tipo de produto inválido. Use PHYSICAL ou DIGITAL.',
  imageUrl: 'URL da imagem inválida.',
  digitalFileUrl: 'URL do arquivo digital inválida.',
  imageSize: 'O arquivo de imagem não deve exceder 5MB.',
  imageType: 'Tipo de arquivo de imagem inválido. Use JPG, PNG, GIF ou WEBP.',
  confirmDelete: 'Tem certeza que deseja excluir este produto?',
  weightGrams: 'Peso deve ser um número inteiro de gramas entre 1 e 30000.',
  heightCm: 'Altura deve ser um número inteiro de centímetros entre 1 e 100.',
  widthCm: 'Largura deve ser um número inteiro de centímetros entre 1 e 100.',
  lengthCm: 'Comprimento deve ser um número inteiro de centímetros entre 1 e 100.',
} as const

const NAME_MAX = 200
const DESCRIPTION_MAX = 5000
const URL_MAX = 2048
const PRICE_MAX = 10_000_000
const STOCK_MAX = 2_147_483_647

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Form inputs and multipart fields are strings: '' means absent, '12,50' and '12.50' are numbers. */
const toNumber = (v: unknown) => {
  if (blank(v)) return undefined
  if (typeof v === 'string') return Number(v.trim().replace(',', '.'))
  return v
}
const toText = (v: unknown) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v)

const nameField = z.string({ error: MSG.name }).trim().min(1, MSG.name).max(NAME_MAX, MSG.nameMax)
const descriptionField = z.preprocess(toText, z.string().max(DESCRIPTION_MAX, MSG.descriptionMax).nullable().optional())
const priceField = z.preprocess(
  toNumber,
  z
    .number({ error: MSG.price })
    .refine((n) => Number.isFinite(n) && toCents(n) > 0, MSG.price)
    .refine((n) => n <= PRICE_MAX, MSG.priceMax),
)
const typeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(PRODUCT_TYPES, { error: MSG.type }),
)
/** Checked in the whole-product rule: a hidden stock field never blocks a digital product. */
const stockRule = z.number({ error: MSG.stock }).int(MSG.stock).min(0, MSG.stock).max(STOCK_MAX, MSG.stock)
const stockField = z.preprocess(toNumber, z.unknown())
const imageUrlField = z.preprocess(
  toText,
  z
    .string()
    .max(URL_MAX, MSG.imageUrl)
    .refine((u) => /^https?:\/\//i.test(u) || u.startsWith('/uploads/'), MSG.imageUrl)
    .nullable()
    .optional(),
)
/** Checked only for DIGITAL products, like the stock is only for PHYSICAL ones. */
const digitalFileUrlRule = z
  .string({ error: MSG.digitalFileUrl })
  .max(URL_MAX, MSG.digitalFileUrl)
  .refine((u) => /^https?:\/\//i.test(u), MSG.digitalFileUrl)
const digitalFileUrlField = z.preprocess(toText, z.unknown())
/** Product logistics (issue 38): optional integers in the ranges Melhor Envio accepts for one box; null clears. */
const logisticsField = (max: number, message: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : toNumber(v)),
    z.number({ error: message }).int(message).min(1, message).max(max, message).nullable().optional(),
  )

/** The fields of the product form, each with its own rule; none required, so a PATCH can send a few. */
export const productFieldsSchema = z.object({
  name: nameField,
  description: descriptionField,
  price: priceField,
  type: typeField,
  stock: stockField,
  imageUrl: imageUrlField,
  digitalFileUrl: digitalFileUrlField,
  weightGrams: logisticsField(30_000, MSG.weightGrams),
  heightCm: logisticsField(100, MSG.heightCm),
  widthCm: logisticsField(100, MSG.widthCm),
  lengthCm: logisticsField(100, MSG.lengthCm),
})

/** PATCH/PUT: any subset of the fields; the merged product is then checked with productInputSchema. */
export const productPatchSchema = productFieldsSchema.partial()

/**
 * A whole product: the form's schema and the server's. PHYSICAL needs a stock; DIGITAL drops it (stock null)
 * and keeps the digital file URL, which a physical product never has.
 */
export const productInputSchema = productFieldsSchema
  .extend({ type: typeField.optional().default('PHYSICAL') })
  // runs even when another field failed, so the form shows every message at once
  .superRefine(
    (p, ctx) => {
      if (p.type === 'PHYSICAL' && !stockRule.safeParse(p.stock).success) {
        ctx.addIssue({ code: 'custom', path: ['stock'], message: MSG.stock })
      }
      const url = p.digitalFileUrl
      if (p.type === 'DIGITAL' && url !== null && url !== undefined && !digitalFileUrlRule.safeParse(url).success) {
        ctx.addIssue({ code: 'custom', path: ['digitalFileUrl'], message: MSG.digitalFileUrl })
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((p) => ({
    name: p.name,
    description: p.description ?? null,
    priceCents: toCents(p.price),
    type: p.type,
    stock: p.type === 'PHYSICAL' ? (p.stock as number) : null,
    imageUrl: p.imageUrl ?? null,
    digitalFileUrl: p.type === 'DIGITAL' ? ((p.digitalFileUrl as string | null | undefined) ?? null) : null,
    // A digital product has nothing to ship.
    weightGrams: p.type === 'PHYSICAL' ? (p.weightGrams ?? null) : null,
    heightCm: p.type === 'PHYSICAL' ? (p.heightCm ?? null) : null,
    widthCm: p.type === 'PHYSICAL' ? (p.widthCm ?? null) : null,
    lengthCm: p.type === 'PHYSICAL' ? (p.lengthCm ?? null) : null,
  }))
export type ProductInput = z.input<typeof productInputSchema>
export type ProductValues = z.output<typeof productInputSchema>

/** The owner's view of a product (price in reais). */
export const productSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  type: z.enum(PRODUCT_TYPES),
  stock: z.number().nullable(),
  imageUrl: z.string().nullable(),
  digitalFileUrl: z.string().nullable(),
  weightGrams: z.number().nullable(),
  heightCm: z.number().nullable(),
  widthCm: z.number().nullable(),
  lengthCm: z.number().nullable(),
  ...timestamps,
})
export type Product = z.infer<typeof productSchema>

/** What a buyer's checkout reads without a token: never the digital file. */
export const publicProductSchema = productSchema
  .pick({
    id: true,
    storeId: true,
    name: true,
    description: true,
    price: true,
    imageUrl: true,
    type: true,
  })
  // Present (true) only for a physical product out of stock: the checkout says so before the buyer types anything.
  .extend({ soldOut: z.literal(true).optional() })
export type PublicProduct = z.infer<typeof publicProductSchema>

export const uploadResultSchema = z.object({ url: z.string() })

/** The image type named by a file's first bytes, whatever its name or declared type says. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const at = (i: number, ...sig: number[]) => sig.every((b, k) => bytes[i + k] === b)
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return undefined
}

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/** The form's check of a chosen file (size, then declared type); the server checks the real bytes again. */
export function imageFileError(file: { size: number; type: string }): string | undefined {
  if (file.size > IMAGE_MAX_BYTES) return MSG.imageSize
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.imageType
  return undefined
}

/**
 * Where an image is shown from (§5 'Product image display'): undefined means the placeholder. Full http(s) and
 * storage URLs are kept; a relative /uploads path is prefixed with the backend origin ('' for the same origin).
 */
export function productImageSrc(url: string | null | undefined, backendOrigin = ''): string | undefined {
  const u = (url ?? '').trim()
  if (u === '' || u === 'undefined' || u === 'null') return undefined
  if (u.startsWith('/uploads')) {
    if (/undefined|null|example-product/.test(u)) return undefined
    return `${backendOrigin.replace(/\/$/, '')}${u}`
  }
  return u
}

/** The buyer's checkout page for a product. */
export function productCheckoutPath(storeId: string, product: { id: string; type: ProductType }): string {
  return product.type === 'DIGITAL'
    ? `/digital-checkout/${storeId}/${product.id}`
    : `/checkout/${storeId}/${product.id}`
}
