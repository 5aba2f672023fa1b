import { useEffect } from 'react'
import { type PublicPlan, renewalNote, TRIAL_PAY_LABEL } from '../../../../../shared/subscription-labels'
import { useCheckoutPlans } from '../api/get-plans'
import { PIX_AUTOMATIC_HINT, PIX_AUTOMATIC_LABEL } from './pix-automatic'
import { PlanPicker } from './plan-picker'

/** The plan the buyer chose, as the payment step needs it: its methods and what the card step says. */
export interface PlanChoice {
  planId: string
  methods: readonly string[]
  note: string
  /** The pay button's text when it is not a purchase (a free trial). */
  payLabel?: string
  /**
   * The plan is paid by PIX Automático: its PIX option is 'Pix Automático' and the order page shows the mandate QR.
   * `optional`: the plan offers the plain PIX too (a new code e-mailed before each due date): the buyer chooses.
   */
  pixAutomatic?: { label: string; hint: string; optional?: boolean }
}

/** A plan as the payment step needs it; a free trial is by card only, says its first charge and pays R$ 0,00 today. */
export function choiceOf(p: PublicPlan): PlanChoice {
  const trial = p.trialDays > 0 && Boolean(p.trialNote)
  if (trial) return { planId: p.id, methods: ['credit_card'], note: p.trialNote!, payLabel: TRIAL_PAY_LABEL }
  // PIX Automático is ordered by PIX (ordering's price-order.ts): the order's PIX is then paid by the mandate's QR.
  if (!p.methods.includes('pix_automatic')) return { planId: p.id, methods: p.methods, note: renewalNote(p) }
  const methods = [...new Set(p.methods.map((m) => (m === 'pix_automatic' ? 'pix' : m)))]
  return {
    planId: p.id,
    methods,
    note: renewalNote(p),
    pixAutomatic: {
      label: PIX_AUTOMATIC_LABEL,
      hint: PIX_AUTOMATIC_HINT,
      ...(p.methods.includes('pix') ? { optional: true } : {}),
    },
  }
}

/**
 * The digital checkout's plans, read and drawn in this lazy chunk (nothing of it at first paint): the picker for a
 * product with plans, and the chosen plan reported up (none for a product sold once).
 */
export function CheckoutPlans({
  productId,
  value,
  onChoose,
}: {
  productId: string
  value: string | undefined
  onChoose: (choice: PlanChoice | undefined) => void
}) {
  const { plans, isSuccess } = useCheckoutPlans(productId)
  const plan = plans.find((p) => p.id === value)
  // Once the plans are known: the saved choice if still offered, else none (the picker then proposes the first).
  useEffect(() => {
    if (isSuccess) onChoose(plan && choiceOf(plan))
  }, [isSuccess, plan, onChoose])
  return <PlanPicker plans={plans} value={value} onChange={(planId) => onChoose(planFor(planId))} />

  function planFor(planId: string): PlanChoice | undefined {
    const p = plans.find((x) => x.id === planId)
    return p && choiceOf(p)
  }
}
