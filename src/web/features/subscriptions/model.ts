import { formatCents } from '../../../shared/money'

// The contract of issue 36 as the screens use it. The server's zod schemas (src/modules/subscriptions/dto.ts) are the
// source of truth: these types mirror the shapes, and the plan schema repeats its bad-input rules so the
// editor says them before the request (the server checks them again).

export type IntervalUnit = 'WEEK' | 'MONTH' | 'YEAR'
export type PlanMethod = 'credit_card' | 'pix_automatic' | 'pix' | 'bank_slip'
export type SubscriptionStatus =
  | 'INCOMPLETE'
  | 'INCOMPLETE_EXPIRED'
  | 'TRIALING'
  | 'ACTIVE'
  | 'PAST_DUE'
  | 'CANCELED'
  | 'EXPIRED'

export interface Plan {
  id: string
  name: string
  intervalUnit: IntervalUnit
  intervalCount: number
  priceCents: number
  trialDays: number
  maxCycles?: number | null
  methods: PlanMethod[]
  active: boolean
}

export type PlanInput = Omit<Plan, 'id'>

export interface Attempt {
  number: number
  status: string
  at?: string
  createdAt?: string
  declineReason?: string | null
}

export interface Cycle {
  number: number
  status: string
  dueAt: string
  orderId?: string | null
  attempts: Attempt[]
}

export interface HistoryEvent {
  type: string
  at?: string
  createdAt?: string
  detail?: string | null
}

export interface Subscription {
  id: string
  status: SubscriptionStatus
  planId: string
  planName?: string
  customerEmail: string
  currentPeriodStart: string
  currentPeriodEnd: string
  accessUntil: string | null
  cancelAtPeriodEnd?: boolean
}

export interface SubscriptionDetail extends Subscription {
  cycles: Cycle[]
  /** The append-only history (e-mails sent, state changes), when the server sends it. */
  events?: HistoryEvent[]
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

const SINGULAR: Record<IntervalUnit, string> = { WEEK: 'semana', MONTH: 'mês', YEAR: 'ano' }
const PLURAL: Record<IntervalUnit, string> = { WEEK: 'semanas', MONTH: 'meses', YEAR: 'anos' }

/** 'mês', 'a cada 3 meses': the period a price repeats in. */
export function periodLabel(unit: IntervalUnit, count: number): string {
  return count === 1 ? SINGULAR[unit] : `${count} ${PLURAL[unit]}`
}

/** 'R$ 49,90/mês', 'R$ 139,90 a cada 3 meses'. */
export function planPriceLabel(plan: Pick<Plan, 'priceCents' | 'intervalUnit' | 'intervalCount'>): string {
  const price = formatCents(plan.priceCents)
  return plan.intervalCount === 1
    ? `${price}/${SINGULAR[plan.intervalUnit]}`
    : `${price} a cada ${periodLabel(plan.intervalUnit, plan.intervalCount)}`
}

/** '7 dias grátis' (none without a trial). */
export function trialLabel(days: number): string | undefined {
  if (days <= 0) return undefined
  return days === 1 ? '1 dia grátis' : `${days} dias grátis`
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

/** What the card step says of a plan: the card is charged each period, after the trial if there is one. */
export function renewalNote(plan: Plan): string {
  const price = planPriceLabel(plan)
  const trial = trialLabel(plan.trialDays)
  return trial
    ? `Assinatura: ${trial}, depois ${price}. Seu cartão será cobrado automaticamente a cada período; cancele quando quiser.`
    : `Assinatura: ${price}. Seu cartão será cobrado automaticamente a cada período; cancele quando quiser.`
}
