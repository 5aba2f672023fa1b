import { formatCents } from './money'

// Subscriptions' words the buyer reads ('R$ 49,90/mês', '7 dias grátis'), the same on the checkout, the buyer's pages
// and the merchant's screens. The server's plan schema (modules/subscriptions/dto.ts) also sends its own labels.

export type IntervalUnit = 'WEEK' | 'MONTH' | 'YEAR'
export type PlanMethod = 'credit_card' | 'pix_automatic' | 'pix' | 'bank_slip'

/** A plan as the buyer's checkout reads it (GET /api/checkout/products/:productId/plans). */
export interface PublicPlan {
  id: string
  name: string
  intervalUnit: IntervalUnit
  intervalCount: number
  priceCents: number
  trialDays: number
  maxCycles: number | null
  methods: PlanMethod[]
  /** The server's 'R$ 49,90/mês' and '7 dias grátis'. */
  label?: string
  trialLabel?: string | null
  /** The server's '7 dias grátis. Primeira cobrança de R$ 49,90 em 07/02/2027.' (a plan with a free trial). */
  trialNote?: string | null
}

/** What the pay button says for a plan: a free trial starts, nothing is paid today. */
export const TRIAL_PAY_LABEL = 'Começar teste grátis'

const SINGULAR: Record<IntervalUnit, string> = { WEEK: 'semana', MONTH: 'mês', YEAR: 'ano' }
const PLURAL: Record<IntervalUnit, string> = { WEEK: 'semanas', MONTH: 'meses', YEAR: 'anos' }

/** 'mês', 'a cada 3 meses': the period a price repeats in. */
export function periodLabel(unit: IntervalUnit, count: number): string {
  return count === 1 ? SINGULAR[unit] : `${count} ${PLURAL[unit]}`
}

/** 'R$ 49,90/mês', 'R$ 139,90 a cada 3 meses'. */
export function planPriceLabel(
  plan: Pick<PublicPlan, 'priceCents' | 'intervalUnit' | 'intervalCount' | 'label'>,
): string {
  if (plan.label) return plan.label
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

/** What the card step says of a plan: the card is charged each period, after the trial if there is one. */
export function renewalNote(plan: PublicPlan): string {
  const price = planPriceLabel(plan)
  const trial = plan.trialLabel ?? trialLabel(plan.trialDays)
  return trial
    ? `Assinatura: ${trial}, depois ${price}. Seu cartão será cobrado automaticamente a cada período; cancele quando quiser.`
    : `Assinatura: ${price}. Seu cartão será cobrado automaticamente a cada período; cancele quando quiser.`
}
