import type { PlanMethod, PublicPlan } from '../../../shared/subscription-labels'

export {
  type IntervalUnit,
  type PlanMethod,
  type PublicPlan,
  periodLabel,
  planPriceLabel,
  renewalNote,
  trialLabel,
} from '../../../shared/subscription-labels'

// The contract of issue 36 as the screens use it. The server's zod schemas (src/modules/subscriptions/dto.ts) are the
// source of truth: these types mirror the shapes, and the plan schema repeats its bad-input rules so the
// editor says them before the request (the server checks them again).

export type SubscriptionStatus =
  | 'INCOMPLETE'
  | 'INCOMPLETE_EXPIRED'
  | 'TRIALING'
  | 'ACTIVE'
  | 'PAST_DUE'
  | 'CANCELED'
  | 'EXPIRED'

export type CycleStatus = 'SCHEDULED' | 'PENDING' | 'PAID' | 'FAILED' | 'CANCELED'
export type AttemptStatus = 'PENDING' | 'PAID' | 'SOFT_DECLINED' | 'HARD_DECLINED' | 'UNKNOWN' | 'WAITING'

/** A plan as its merchant reads it. */
export interface Plan extends PublicPlan {
  active: boolean
}

export type PlanInput = Omit<Plan, 'id' | 'label' | 'trialLabel'>

export interface Attempt {
  number: number
  status: AttemptStatus
  method: PlanMethod
  amountCents: number
  declineReason: string | null
  hardDecline: boolean
  at: string
}

export interface Cycle {
  number: number
  status: CycleStatus
  periodStart: string
  periodEnd: string
  dueAt: string
  amountCents: number
  orderId: string | null
  paidAt: string | null
  nextAttemptAt: string | null
  attempts: Attempt[]
}

export interface HistoryEvent {
  type: string
  at: string
  data: Record<string, unknown>
}

export interface Subscription {
  id: string
  status: SubscriptionStatus
  planId: string
  planName: string
  productId: string
  customerEmail: string
  customerName: string
  method: PlanMethod
  priceCents: number
  currentPeriodStart: string
  currentPeriodEnd: string
  accessUntil: string | null
  hasAccess: boolean
  cancelAtPeriodEnd: boolean
  canceledAt: string | null
  /** A free trial's end: the first charge's date (null without a trial). */
  trialEnd?: string | null
  createdAt: string
}

export interface SubscriptionDetail extends Subscription {
  cycles: Cycle[]
  events: HistoryEvent[]
  card: { brand: string; last4: string } | null
}

export interface SubscriptionPage {
  items: Subscription[]
  total: number
}

export interface SubscriptionMetrics {
  active: number
  trialing: number
  pastDue: number
  mrrCents: number
  churnRateBps: number
}

export interface Dunning {
  retryDays: number[]
  cancelAfterDays: number
  graceDays: number
}

export interface Invoice {
  number: number
  status: CycleStatus
  dueAt: string
  amountCents: number
  paidAt: string | null
  orderId: string | null
}

/** What the buyer sees of one subscription (the signed link's page). */
export interface BuyerSubscription {
  id: string
  status: SubscriptionStatus
  storeName: string
  productName: string
  /** trialNote: the buyer's own trial ('7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.'). */
  plan: PublicPlan & { trialNote?: string | null; firstChargeAt?: string | null }
  method: PlanMethod
  currentPeriodStart: string
  currentPeriodEnd: string
  accessUntil: string | null
  hasAccess: boolean
  cancelAtPeriodEnd: boolean
  card: { brand: string; last4: string } | null
  invoices: Invoice[]
}

/** One subscription in the buyer area, with the token of its self-service page. */
export interface AreaSubscription {
  id: string
  storeId: string
  productName: string
  planName: string
  status: SubscriptionStatus
  accessUntil: string | null
  hasAccess: boolean
  manageToken: string
}

/** The self-service page of a subscription: the link every e-mail carries (the token is the credential). */
export const selfServicePath = (token: string) => `/assinatura?token=${encodeURIComponent(token)}`

export const CLOSED: readonly SubscriptionStatus[] = ['CANCELED', 'EXPIRED', 'INCOMPLETE_EXPIRED']

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  INCOMPLETE: 'Incompleta',
  INCOMPLETE_EXPIRED: 'Não concluída',
  TRIALING: 'Em teste grátis',
  ACTIVE: 'Ativa',
  PAST_DUE: 'Pagamento pendente',
  CANCELED: 'Cancelada',
  EXPIRED: 'Encerrada',
}

export const METHOD_LABELS: Record<PlanMethod, string> = {
  credit_card: 'Cartão de crédito',
  pix_automatic: 'PIX Automático',
  pix: 'PIX',
  bank_slip: 'Boleto',
}

/** The date of an ISO instant as a Brazilian reads it, in São Paulo's calendar. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  })
}

/** '2,5%' from basis points. */
export function formatBps(bps: number): string {
  return `${(bps / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`
}
