import { useEffect } from 'react'
import { type PublicPlan, planPriceLabel, trialLabel } from '../../../../../shared/subscription-labels'
import './plan-picker.css'

/**
 * 'Escolha seu plano' on the digital checkout: one radio per active plan ('R$ 49,90/mês', '7 dias grátis'). The
 * first plan is chosen until the buyer picks another, so the order always names one (`planId`).
 */
export function PlanPicker({
  plans,
  value,
  onChange,
}: {
  plans: PublicPlan[]
  value: string | undefined
  onChange: (planId: string) => void
}) {
  const chosen = plans.find((p) => p.id === value)
  useEffect(() => {
    if (!chosen && plans[0]) onChange(plans[0].id)
  }, [chosen, plans, onChange])
  if (plans.length === 0) return null
  return (
    <fieldset className="ck-card sp-plans">
      <legend className="ck-card-title">Escolha seu plano</legend>
      {plans.map((plan) => {
        const trial = plan.trialLabel ?? trialLabel(plan.trialDays)
        return (
          <label key={plan.id} className={`sp-plan${plan.id === chosen?.id ? ' sp-plan-selected' : ''}`}>
            <input
              type="radio"
              name="subscription-plan"
              value={plan.id}
              checked={plan.id === chosen?.id}
              onChange={() => onChange(plan.id)}
            />
            <span className="sp-plan-text">
              <span className="sp-plan-name">{plan.name}</span>
              <span className="sp-plan-price">{planPriceLabel(plan)}</span>
              {trial && <span className="sp-plan-trial">{trial}</span>}
              {plan.trialNote && <span className="ck-muted sp-plan-trial-note">{plan.trialNote}</span>}
              {plan.maxCycles ? (
                <span className="ck-muted sp-plan-cycles">
                  {plan.maxCycles === 1 ? '1 cobrança' : `${plan.maxCycles} cobranças`}
                </span>
              ) : null}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
