/**
 * One-click upsell funnels (issue 34): the merchant's input schema (shared by the 'Funis' form and the routes), the
 * graph rule checked on save, and the buyer's offer as the order page reads it.
 */
import { z } from 'zod'

export const FUNNEL_MAX_STEPS = 5
/** The offer stays on the order page this long after the parent order was paid. */
export const OFFER_WINDOW_MS = 30 * 60_000

export const FUNNEL_MESSAGES = {
  notFound: 'Funil não encontrado',
  tooManySteps: `Um funil tem no máximo ${FUNNEL_MAX_STEPS} etapas`,
  noSteps: 'Adicione ao menos uma etapa',
  duplicateKey: (k: string) => `A etapa "${k}" aparece mais de uma vez`,
  unknownTarget: (k: string, t: string) => `A etapa "${k}" aponta para "${t}", que não existe`,
  cycle: (k: string) => `O funil volta para a etapa "${k}": um funil não pode ter ciclos`,
  unreachable: (k: string) => `A etapa "${k}" não é alcançada a partir da primeira etapa`,
  product: 'Produto não encontrado nesta loja',
  productSoldOut: 'Produto sem estoque: reponha o estoque ou escolha outro produto',
  triggerProduct: 'Produto de entrada não encontrado nesta loja',
  offerNotFound: 'Pedido não encontrado',
  offerClosed: 'Esta oferta não está mais disponível',
  stepChanged: 'Esta oferta mudou. Atualize a página.',
  busy: 'Seu pedido desta oferta já está sendo processado',
  refused: 'Cartão recusado para esta oferta: nada foi cobrado.',
  soldOut: 'Esta oferta esgotou agora há pouco: nada foi cobrado.',
  keyReused: 'Esta chave de idempotência já foi usada para outra resposta a esta oferta.',
  idempotencyKey: 'Cabeçalho Idempotency-Key obrigatório',
} as const

const stepKey = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,32}$/i, 'Use de 1 a 32 letras, números, - ou _')

export const funnelStepSchema = z.object({
  key: stepKey,
  kind: z.enum(['upsell', 'downsell']),
  productId: z.string().uuid('Escolha um produto'),
  priceCents: z.number().int('Valor em centavos').min(100, 'Valor mínimo: R$ 1,00').max(10_000_000),
  headline: z.string().trim().min(1, 'Informe o título').max(120),
  description: z.string().trim().max(1000).default(''),
  maxInstallments: z.number().int().min(1).max(12).default(1),
  onAccept: stepKey.nullable().default(null),
  onDecline: stepKey.nullable().default(null),
})
export type FunnelStep = z.output<typeof funnelStepSchema>

/** The graph's reasons to refuse, by path (`steps.2.onAccept`) — empty when it is a valid funnel. */
export function funnelGraphErrors(
  steps: readonly { key: string; onAccept?: string | null; onDecline?: string | null }[],
) {
  const errors: Record<string, string> = {}
  if (steps.length === 0) errors.steps = FUNNEL_MESSAGES.noSteps
  if (steps.length > FUNNEL_MAX_STEPS) errors.steps = FUNNEL_MESSAGES.tooManySteps
  const byKey = new Map<string, (typeof steps)[number]>()
  steps.forEach((s, i) => {
    if (byKey.has(s.key)) errors[`steps.${i}.key`] = FUNNEL_MESSAGES.duplicateKey(s.key)
    byKey.set(s.key, s)
  })
  steps.forEach((s, i) => {
    for (const edge of ['onAccept', 'onDecline'] as const) {
      const target = s[edge] ?? null
      if (target !== null && !byKey.has(target))
        errors[`steps.${i}.${edge}`] = FUNNEL_MESSAGES.unknownTarget(s.key, target)
    }
  })
  if (Object.keys(errors).length > 0 || steps.length === 0) return errors
  // Depth-first from the first step: a key met again on the current path is a cycle; keys never met are unreachable.
  const seen = new Set<string>()
  const onPath = new Set<string>()
  const visit = (key: string): string | undefined => {
    if (onPath.has(key)) return key
    if (seen.has(key)) return undefined
    seen.add(key)
    onPath.add(key)
    const s = byKey.get(key)!
    for (const next of [s.onAccept ?? null, s.onDecline ?? null])
      if (next !== null) {
        const cycle = visit(next)
        if (cycle) return cycle
      }
    onPath.delete(key)
    return undefined
  }
  const cycle = visit(steps[0]!.key)
  if (cycle) errors.steps = FUNNEL_MESSAGES.cycle(cycle)
  else
    steps.forEach((s, i) => {
      if (!seen.has(s.key)) errors[`steps.${i}.key`] = FUNNEL_MESSAGES.unreachable(s.key)
    })
  return errors
}

export const funnelInputSchema = z.object({
  name: z.string().trim().min(1, 'Informe o nome do funil').max(100),
  active: z.boolean().default(true),
  triggerProductIds: z.array(z.string().uuid()).max(50).default([]),
  steps: z.array(funnelStepSchema).min(1, FUNNEL_MESSAGES.noSteps).max(FUNNEL_MAX_STEPS, FUNNEL_MESSAGES.tooManySteps),
})
export type FunnelInput = z.input<typeof funnelInputSchema>
export const funnelPatchSchema = funnelInputSchema.partial()

export const funnelSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  active: z.boolean(),
  triggerProductIds: z.array(z.string()),
  steps: z.array(funnelStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Funnel = z.output<typeof funnelSchema>

export const funnelStepStatsSchema = z.object({
  key: z.string(),
  views: z.number().int(),
  accepts: z.number().int(),
  declines: z.number().int(),
  /** Taps on a step whose stock was gone: nothing charged, the buyer moved on; neither an accept nor a decline. */
  soldOut: z.number().int(),
  /** Paid by the step's children, less what was refunded or charged back of them. */
  paidRevenueCents: z.number().int(),
})
export const funnelStatsSchema = z.object({ funnelId: z.string(), steps: z.array(funnelStepStatsSchema) })
export type FunnelStats = z.output<typeof funnelStatsSchema>

/** The buyer's offer: what the order page shows (never the words 'upsell' nor 'Redirecionamento'). */
export const offerSchema = z.object({
  stepKey: z.string(),
  headline: z.string(),
  description: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  priceCents: z.number().int(),
  maxInstallments: z.number().int(),
  /** CREDIT_CARD: one tap on the card just used; PIX: a new PIX for the offer. */
  payWith: z.enum(['CREDIT_CARD', 'PIX']),
  cardLast4: z.string().nullable(),
  closesAt: z.string(),
  /** One line after the card was refused, or the offer sold out, on the step before. */
  notice: z.string().nullable(),
})
export type Offer = z.output<typeof offerSchema>

export const offerAnswerSchema = z.object({
  stepKey: stepKey,
  installments: z.number().int().min(1).max(12).optional(),
})
export const offerTokenQuery = z.object({ t: z.string().max(200).default('') })

/** An order the buyer took from an offer, as the order page lists it. */
export const offerChildSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  pageUrl: z.string(),
  pixCode: z.string().nullable(),
})
export type OfferChild = z.output<typeof offerChildSchema>

export const acceptResultSchema = z.object({
  accepted: z.boolean(),
  child: offerChildSchema.nullable(),
  /** The card was refused: nothing charged, `next` is the step shown instead (a sold-out step: `message` only). */
  refused: z.boolean(),
  message: z.string().nullable(),
  next: offerSchema.nullable(),
})
export type AcceptResult = z.output<typeof acceptResultSchema>
export const declineResultSchema = z.object({ next: offerSchema.nullable() })
