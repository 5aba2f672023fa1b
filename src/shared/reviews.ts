/**
 * Reviews (spec 002 §2.6, §3, §4, §5, §7, §9; 001 §2, §7): input schemas shared by the API and the browser forms,
 * the answer shapes, the moderation state machine and the store score. Nothing here invents a figure: statistics
 * come from approved reviews only, and with none there is no average.
 */
import { z } from 'zod'
import { pageFields } from './fields'

export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'FLAGGED'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
export const REVIEW_SOURCES = ['CUSTOMER', 'MERCHANT'] as const
export type ReviewSource = (typeof REVIEW_SOURCES)[number]

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  PENDING: 'Pendente',
  APPROVED: 'Aprovada',
  REJECTED: 'Rejeitada',
  FLAGGED: 'Sinalizada',
}

/** Page sizes (spec 002 §9): 5 per product, 10 in the store list. */
export const PRODUCT_PAGE_SIZE = 5
export const STORE_PAGE_SIZE = 10
export { REVIEW_CAROUSEL_MS } from './review-constants'

export const REVIEW_LIMITS = { name: 100, email: 254, title: 120, comment: 2000, location: 80, notes: 1000 } as const

export const REVIEW_MESSAGES = {
  required: 'Preencha todos os campos obrigatórios',
  rating: 'A nota deve ser um número inteiro de 1 a 5',
  email: 'E-mail inválido',
  tooLong: (max: number) => `Use no máximo ${max} caracteres`,
  notFound: 'Avaliação não encontrada',
  productNotFound: 'Produto não encontrado nesta loja',
  badToken: 'Link de avaliação inválido ou expirado. Abra a página do seu pedido novamente.',
  orderNotPaid: 'Este pedido não está pago, ou não contém este produto.',
  alreadyReviewed: 'Você já avaliou este produto neste pedido.',
  orderNotFound: 'Pedido não encontrado ou ainda não pago',
  transition: (from: ReviewStatus, to: ReviewStatus) =>
    `Não é possível mudar uma avaliação ${REVIEW_STATUS_LABELS[from].toLowerCase()} para ${REVIEW_STATUS_LABELS[to].toLowerCase()}.`,
  onlyMerchantEditable: 'Somente avaliações adicionadas pela loja podem ter o texto editado.',
  tooMany: 'Muitas avaliações enviadas deste endereço. Aguarde alguns minutos e tente novamente.',
  tooManyVotes: 'Muitas ações seguidas. Aguarde um minuto e tente novamente.',
  created: 'Avaliação enviada! Ela aparecerá depois de aprovada pela loja.',
  added: 'Avaliação adicionada com sucesso!',
  moderated: { APPROVED: 'Avaliação aprovada!', REJECTED: 'Avaliação rejeitada!', FLAGGED: 'Avaliação sinalizada!' },
  deleted: 'Avaliação excluída com sucesso!',
  allDeleted: 'Todas as avaliações foram removidas!',
} as const

/**
 * The moderation state machine (spec 002 §4): PENDING → APPROVED | REJECTED; APPROVED → FLAGGED. Anything else is
 * refused (a deletion is always possible, through its own route).
 */
const TRANSITIONS: Record<ReviewStatus, readonly ReviewStatus[]> = {
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['FLAGGED'],
  REJECTED: [],
  FLAGGED: [],
}
export function canModerate(from: ReviewStatus, to: ReviewStatus): boolean {
  return TRANSITIONS[from].includes(to)
}
export function moderationTargets(from: ReviewStatus): readonly ReviewStatus[] {
  return TRANSITIONS[from]
}

export const REVIEW_CATEGORIES = ['SEM_AVALIACOES', 'RUIM', 'REGULAR', 'BOM', 'MUITO_BOM', 'EXCELENTE'] as const
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]
export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  SEM_AVALIACOES: 'Sem avaliações',
  RUIM: 'Ruim',
  REGULAR: 'Regular',
  BOM: 'Bom',
  MUITO_BOM: 'Muito bom',
  EXCELENTE: 'Excelente',
}

/** The store's own score out of 10 and its category (spec 002 §9 thresholds), from the real average or none. */
export function storeScore(average: number | null): { score: number | null; category: ReviewCategory } {
  if (average === null) return { score: null, category: 'SEM_AVALIACOES' }
  const category: ReviewCategory =
    average >= 4.5
      ? 'EXCELENTE'
      : average >= 4
        ? 'MUITO_BOM'
        : average >= 3.5
          ? 'BOM'
          : average >= 2.5
            ? 'REGULAR'
            : 'RUIM'
  return { score: Math.round((average / 5) * 100) / 10, category }
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** Control characters have no place in a review; tabs and line breaks in the comment are kept. */
function stripControls(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.charCodeAt(0)
    if (c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 127)) out += ch
  }
  return out
}

/** Missing, null or non-string reads as '' so the rule answers with the field's own message. */
const text = (max: number, required: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)),
    z
      .string()
      .transform((s) => stripControls(s).trim())
      .pipe(
        required
          ? z.string().min(1, REVIEW_MESSAGES.required).max(max, REVIEW_MESSAGES.tooLong(max))
          : z.string().max(max, REVIEW_MESSAGES.tooLong(max)),
      ),
  )

const rating = z.coerce
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(1, REVIEW_MESSAGES.rating)
  .max(5, REVIEW_MESSAGES.rating)

const optionalEmail = text(REVIEW_LIMITS.email, false).refine(
  (v) => v === '' || z.email().safeParse(v).success,
  REVIEW_MESSAGES.email,
)

/** A visitor's or buyer's review (public). orderId + reviewToken come from the buyer's paid order page. */
export const reviewCreateSchema = z.object({
  productId: z.string({ error: REVIEW_MESSAGES.required }).min(1, REVIEW_MESSAGES.required),
  customerName: text(REVIEW_LIMITS.name, true),
  customerEmail: optionalEmail.optional(),
  rating,
  title: text(REVIEW_LIMITS.title, true),
  comment: text(REVIEW_LIMITS.comment, true),
  location: text(REVIEW_LIMITS.location, false).optional(),
  orderId: z.string().max(64).optional(),
  reviewToken: z.string().max(200).optional(),
})
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>

/** A review the merchant adds by hand (spec 002 §5): name, title, comment and product required; rating 5 by default. */
export const merchantReviewSchema = z.object({
  customerName: text(REVIEW_LIMITS.name, true),
  title: text(REVIEW_LIMITS.title, true),
  comment: text(REVIEW_LIMITS.comment, true),
  productName: text(REVIEW_LIMITS.title, true),
  productId: z.string().max(64).optional(),
  rating: rating.default(5),
  location: text(REVIEW_LIMITS.location, false).optional(),
})
export type MerchantReviewInput = z.input<typeof merchantReviewSchema>

/** The owner's edit: notes on any review; the text only on the store's own reviews. */
export const reviewUpdateSchema = z.object({
  moderatorNotes: text(REVIEW_LIMITS.notes, false).optional(),
  customerName: text(REVIEW_LIMITS.name, true).optional(),
  title: text(REVIEW_LIMITS.title, true).optional(),
  comment: text(REVIEW_LIMITS.comment, true).optional(),
  rating: rating.optional(),
  location: text(REVIEW_LIMITS.location, false).optional(),
})
export type ReviewUpdateInput = z.input<typeof reviewUpdateSchema>

export const moderateSchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED', 'FLAGGED'], { error: 'Status de moderação inválido' }),
  moderatorNotes: text(REVIEW_LIMITS.notes, false).optional(),
})
export type ModerateInput = z.input<typeof moderateSchema>

export const productReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PRODUCT_PAGE_SIZE),
})
export const storeReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STORE_PAGE_SIZE),
  status: z.enum(REVIEW_STATUSES).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A review as anyone may see it: no e-mail, no notes. */
export const publicReviewSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  customerName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  status: z.enum(REVIEW_STATUSES),
  isVerifiedPurchase: z.boolean(),
  source: z.enum(REVIEW_SOURCES),
  location: z.string().nullable(),
  createdAt: z.string(),
  /** Photos are not collected: always null / empty (kept for the spec's shape). */
  profilePhoto: z.null(),
  photos: z.array(z.string()),
  helpfulVotes: z.number().int(),
})
export type PublicReview = z.infer<typeof publicReviewSchema>

export const ownerReviewSchema = publicReviewSchema.extend({
  customerEmail: z.string().nullable(),
  moderatorNotes: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  reportCount: z.number().int(),
  orderId: z.string().nullable(),
  /** Set when the order behind a verified review was cancelled or refunded. */
  verificationRevokedAt: z.string().nullable(),
  updatedAt: z.string(),
})
export type OwnerReview = z.infer<typeof ownerReviewSchema>

const distribution = z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() })
export type RatingDistribution = z.infer<typeof distribution>

/** Product stats (public): approved reviews only; averageRating null when there are none. */
export const productStatsSchema = z.object({
  totalReviews: z.number().int(),
  averageRating: z.number().nullable(),
  ratingDistribution: distribution,
  verifiedPurchases: z.number().int(),
})
export type ProductStats = z.infer<typeof productStatsSchema>

/** The store overview (owner): the product stats over the store plus the queue and the store's own score. */
export const storeStatsSchema = productStatsSchema.extend({
  pendingReviews: z.number().int(),
  reportedReviews: z.number().int(),
  byStatus: z.object({ PENDING: z.number(), APPROVED: z.number(), REJECTED: z.number(), FLAGGED: z.number() }),
  allReviews: z.number().int(),
  /** The store's own score out of 10 (average / 5 × 10) — not a Reclame Aqui score; null with no reviews. */
  storeScore: z.number().nullable(),
  storeCategory: z.enum(REVIEW_CATEGORIES),
  /** Share of the store's reviews that were moderated (0–100), null with none. */
  responseRate: z.number().nullable(),
  /** Mean hours from a review's arrival to its moderation, null with none moderated. */
  averageResponseHours: z.number().nullable(),
})
export type StoreStats = z.infer<typeof storeStatsSchema>

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    statusCode: z.number(),
    data: z.object({
      reviews: z.array(item),
      ...pageFields,
      totalPages: z.number().int(),
    }),
  })
}
export function wrapped<T extends z.ZodType>(item: T) {
  return z.object({ statusCode: z.number(), data: item, message: z.string().optional() })
}

export const publicReviewPageSchema = pageOf(publicReviewSchema)
export type PublicReviewPage = z.infer<typeof publicReviewPageSchema>
export const ownerReviewPageSchema = pageOf(ownerReviewSchema)
export type OwnerReviewPage = z.infer<typeof ownerReviewPageSchema>

export const voteResultSchema = z.object({ helpfulVotes: z.number().int(), counted: z.boolean() })
export type VoteResult = z.infer<typeof voteResultSchema>
/** The products of a paid order its buyer may review (from the order page, with the order's review token). */
export const reviewableOrderSchema = z.object({
  customerName: z.string(),
  products: z.array(z.object({ productId: z.string(), productName: z.string(), reviewed: z.boolean() })),
})
export type ReviewableOrder = z.infer<typeof reviewableOrderSchema>

export const reportResultSchema = z.object({ reported: z.boolean() })
