/**
 * Subscriptions' HTTP contract (issue 36): every route's input and output schema, shared with the merchant and buyer
 * screens. Money in integer cents, dates as ISO strings. Kept stable: changes are additive only.
 */
import { z } from 'zod'

export const SUBSCRIPTION_MESSAGES = {
  planNotFound: 'Plano não encontrado',
  subscriptionNotFound: 'Assinatura não encontrada',
  price: 'O preço deve ser maior que zero',
  interval: 'Intervalo inválido: de 1 a 12 meses, 1 a 52 semanas ou 1 ano',
  trial: 'O período de teste vai de 0 a 365 dias',
  methods: 'Escolha ao menos uma forma de pagamento',
  clockBackwards: 'O relógio de teste só anda para a frente',
  clockSandboxOnly: 'O relógio de teste só existe para lojas no gateway sandbox',
  notRetryable: 'Esta assinatura não tem cobrança pendente',
  canceled: 'Esta assinatura está cancelada',
  planInactive: 'Este plano não está disponível',
  planMethod: 'Este plano não aceita esta forma de pagamento',
  linkInvalid: 'Link inválido ou expirado',
} as const

export const INTERVAL_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const
export const intervalUnitSchema = z.enum(INTERVAL_UNITS)
export type IntervalUnit = z.infer<typeof intervalUnitSchema>

export const PLAN_METHODS = ['credit_card', 'pix_automatic', 'pix', 'bank_slip'] as const
export const planMethodSchema = z.enum(PLAN_METHODS)
export type PlanMethod = z.infer<typeof planMethodSchema>

export const SUBSCRIPTION_STATUSES = [
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'TRIALING',
  'ACTIVE',
  'PAST_DUE',
  'CANCELED',
  'EXPIRED',
] as const
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES)
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>

export const CYCLE_STATUSES = ['SCHEDULED', 'PENDING', 'PAID', 'FAILED', 'CANCELED'] as const
export const cycleStatusSchema = z.enum(CYCLE_STATUSES)

export const ATTEMPT_STATUSES = ['PENDING', 'PAID', 'SOFT_DECLINED', 'HARD_DECLINED', 'UNKNOWN', 'WAITING'] as const
export const attemptStatusSchema = z.enum(ATTEMPT_STATUSES)

/** Interval bounds per unit (the bad input: 1–12 months, 1–52 weeks; a year plan is yearly). */
export const INTERVAL_MAX: Record<IntervalUnit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 }

const planFields = {
  name: z.string().trim().min(1, 'Informe o nome do plano').max(80),
  intervalUnit: intervalUnitSchema,
  intervalCount: z.number().int().min(1, SUBSCRIPTION_MESSAGES.interval).max(52, SUBSCRIPTION_MESSAGES.interval),
  priceCents: z.number().int().min(1, SUBSCRIPTION_MESSAGES.price).max(100_000_000),
  trialDays: z.number().int().min(0, SUBSCRIPTION_MESSAGES.trial).max(365, SUBSCRIPTION_MESSAGES.trial),
  maxCycles: z.number().int().min(1).max(1000).nullable(),
  methods: z.array(planMethodSchema).min(1, SUBSCRIPTION_MESSAGES.methods).max(4),
  active: z.boolean(),
}

const intervalFits = (p: { intervalUnit?: IntervalUnit; intervalCount?: number }) =>
  p.intervalUnit === undefined || p.intervalCount === undefined || p.intervalCount <= INTERVAL_MAX[p.intervalUnit]

/** POST .../products/:productId/plans */
export const planInputSchema = z
  .object({
    ...planFields,
    trialDays: planFields.trialDays.default(0),
    maxCycles: planFields.maxCycles.optional().default(null),
    active: planFields.active.default(true),
  })
  .refine(intervalFits, { message: SUBSCRIPTION_MESSAGES.interval, path: ['intervalCount'] })
export type PlanInput = z.infer<typeof planInputSchema>

/** PATCH .../plans/:planId (the interval is checked against the stored one too). */
export const planPatchSchema = z
  .object(planFields)
  .partial()
  .refine(intervalFits, { message: SUBSCRIPTION_MESSAGES.interval, path: ['intervalCount'] })
export type PlanPatch = z.infer<typeof planPatchSchema>

export const planSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  productId: z.string(),
  name: z.string(),
  intervalUnit: intervalUnitSchema,
  intervalCount: z.number().int(),
  priceCents: z.number().int(),
  trialDays: z.number().int(),
  maxCycles: z.number().int().nullable(),
  methods: z.array(planMethodSchema),
  active: z.boolean(),
  /** 'R$ 49,90/mês', '7 dias grátis' — what the checkout shows. */
  label: z.string(),
  trialLabel: z.string().nullable(),
  createdAt: z.string(),
})
export type Plan = z.infer<typeof planSchema>

/** GET /api/checkout/products/:productId/plans — a product's active plans as the buyer's checkout shows them. */
export const publicPlanSchema = planSchema
  .pick({
    id: true,
    name: true,
    intervalUnit: true,
    intervalCount: true,
    priceCents: true,
    trialDays: true,
    maxCycles: true,
    methods: true,
    label: true,
    trialLabel: true,
  })
  .extend({
    /** With a free trial: when the first charge happens if the buyer subscribes now (the store's billing time). */
    firstChargeAt: z.string().nullable(),
    /** '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.' — what the checkout and order page say. */
    trialNote: z.string().nullable(),
  })
export type PublicPlan = z.infer<typeof publicPlanSchema>

/** PUT/GET /api/stores/:storeId/dunning */
export const dunningSchema = z.object({
  /** Days after the failed due date on which a card is retried; [1, 3, 7] by default. */
  retryDays: z
    .array(z.number().int().min(1).max(60))
    .max(8)
    .refine((d) => d.every((x, i) => i === 0 || x > d[i - 1]!), 'Os dias de nova tentativa devem ser crescentes'),
  /** Days past due after which the subscription is canceled; 15 by default. */
  cancelAfterDays: z.number().int().min(1).max(90),
  /** Extra days of access after the last paid period; 0 by default. */
  graceDays: z.number().int().min(0).max(30),
})
export type Dunning = z.infer<typeof dunningSchema>

export const attemptSchema = z.object({
  number: z.number().int(),
  status: attemptStatusSchema,
  method: planMethodSchema,
  amountCents: z.number().int(),
  /** The gateway's decline reason in Portuguese (null when paid or waiting). */
  declineReason: z.string().nullable(),
  hardDecline: z.boolean(),
  at: z.string(),
})

export const cycleSchema = z.object({
  number: z.number().int(),
  status: cycleStatusSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  dueAt: z.string(),
  amountCents: z.number().int(),
  orderId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** When the next card retry runs (null: none scheduled). */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(attemptSchema),
})
export type Cycle = z.infer<typeof cycleSchema>

export const subscriptionEventSchema = z.object({
  type: z.string(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
})

export const subscriptionSummarySchema = z.object({
  id: z.string(),
  status: subscriptionStatusSchema,
  planId: z.string(),
  planName: z.string(),
  productId: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  method: planMethodSchema,
  priceCents: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  accessUntil: z.string().nullable(),
  /** Access right now (accessUntil in the future, on the store's billing clock). */
  hasAccess: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  /** A free trial's end: the first charge's date (null without a trial). */
  trialEnd: z.string().nullable(),
  createdAt: z.string(),
})
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>

/** GET /api/stores/:storeId/subscriptions/:id */
export const subscriptionDetailSchema = subscriptionSummarySchema.extend({
  cycles: z.array(cycleSchema),
  events: z.array(subscriptionEventSchema),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
})
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>

/** GET /api/stores/:storeId/subscriptions?status=&planId=&limit=&offset= */
export const subscriptionListQuerySchema = z.object({
  status: subscriptionStatusSchema.optional(),
  planId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export const subscriptionListSchema = z.object({
  items: z.array(subscriptionSummarySchema),
  total: z.number().int(),
})
export type SubscriptionList = z.infer<typeof subscriptionListSchema>

/** POST .../subscriptions/:id/cancel (merchant) and the buyer's cancel. */
export const cancelInputSchema = z.object({ atPeriodEnd: z.boolean().default(false) })

/** GET /api/stores/:storeId/subscriptions/metrics */
export const subscriptionMetricsSchema = z.object({
  active: z.number().int(),
  trialing: z.number().int(),
  pastDue: z.number().int(),
  /** Monthly equivalent of every ACTIVE and PAST_DUE subscription's plan price (not TRIALING). */
  mrrCents: z.number().int(),
  /** Subscriptions canceled or expired in the last 30 days over those alive 30 days ago, in basis points. */
  churnRateBps: z.number().int(),
})
export type SubscriptionMetrics = z.infer<typeof subscriptionMetricsSchema>

/** POST/GET /api/stores/:storeId/test-clock */
export const testClockInputSchema = z.object({ now: z.string().datetime({ offset: true }) })
export const testClockSchema = z.object({
  storeId: z.string(),
  now: z.string(),
  /** true: the store's billing time is the test clock's; false: it follows the real time (never moved). */
  frozen: z.boolean(),
})
export type TestClock = z.infer<typeof testClockSchema>

/** The buyer's self-service: GET /api/subscriptions/self?token= (the signed link of every e-mail and the buyer area). */
export const selfServiceQuerySchema = z.object({ token: z.string().min(10).max(600) })
export const invoiceSchema = z.object({
  number: z.number().int(),
  status: cycleStatusSchema,
  dueAt: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string().nullable(),
  orderId: z.string().nullable(),
})
export const buyerSubscriptionSchema = z.object({
  id: z.string(),
  status: subscriptionStatusSchema,
  storeName: z.string(),
  productName: z.string(),
  plan: publicPlanSchema,
  method: planMethodSchema,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  accessUntil: z.string().nullable(),
  hasAccess: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoices: z.array(invoiceSchema),
})
export type BuyerSubscription = z.infer<typeof buyerSubscriptionSchema>

/** POST /api/subscriptions/self/card?token= — a new card; charged at once when a cycle is past due. */
export const updateCardInputSchema = z.object({
  cardNumber: z.string().trim().min(12).max(23),
  cardName: z.string().trim().min(2).max(80),
  cardExpiry: z
    .string()
    .trim()
    .regex(/^\d{2}\/\d{2,4}$/, 'Validade inválida (MM/AA)'),
  cardCvv: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'CVV inválido'),
})
export type UpdateCardInput = z.infer<typeof updateCardInputSchema>
export const updateCardResultSchema = z.object({
  subscription: buyerSubscriptionSchema,
  /** PAID: the past-due cycle was paid with the new card; REFUSED: it was not; SAVED: nothing was due. */
  outcome: z.enum(['PAID', 'REFUSED', 'SAVED']),
  message: z.string(),
})

/** POST /api/subscriptions/self/cancel?token= */
export const buyerCancelInputSchema = cancelInputSchema

/** GET /api/buyer/subscriptions (buyer area, buyer session cookie): the buyer's subscriptions with their self-service links. */
export const buyerAreaSubscriptionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  productName: z.string(),
  planName: z.string(),
  status: subscriptionStatusSchema,
  accessUntil: z.string().nullable(),
  hasAccess: z.boolean(),
  manageToken: z.string(),
})

/** The `planId` checkout adds to the order request (ordering's place-order.dto.ts). */
export const orderPlanFieldSchema = z.string().max(64).optional()
