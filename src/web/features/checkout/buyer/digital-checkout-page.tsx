import { lazy, Suspense, useCallback } from 'react'
import { DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import { loadPlanPicker, renewalNote, useCheckoutPlans } from '../../subscriptions'
import { createDigitalOrder } from './api/create-order'
import { CheckoutFlowPage, CheckoutGate } from './components/checkout-flow'
import { type CustomerValues, contactComplete, EMPTY_CUSTOMER } from './components/customer-step'
import { type FlowKind, type ReadyCheckout, useCheckoutFlow } from './hooks/use-checkout-flow'
import { digitalOrderError } from './order-errors'
import './checkout.css'

// subscriptions: the plans come in their own chunk, only for a product that has them (the checkout's JS budget).
const PlanPicker = lazy(loadPlanPicker)

/** The digital form: the customer and, for a product sold by subscription, the chosen plan. */
interface DigitalForm {
  customer: CustomerValues
  planId?: string
}

/** The digital checkout: nothing to deliver, so the customer's data leads straight to the payment. */
const DIGITAL: FlowKind<DigitalForm> = {
  kind: 'DIGITAL',
  steps: ['Dados', 'Pagamento'],
  empty: { customer: EMPTY_CUSTOMER },
  reachable: ({ customer }) => (contactComplete(customer) ? 2 : 1),
  send: (order, form, key) =>
    createDigitalOrder(
      {
        ...order,
        productType: 'DIGITAL',
        shipping: DIGITAL_SHIPPING_PLACEHOLDER,
        // subscriptions: the plan the buyer subscribes to; the server prices it and opens the subscription.
        ...(form.planId ? { planId: form.planId } : {}),
      },
      key,
    ),
  describeError: digitalOrderError,
}

/** /digital-checkout/:storeId/:productId — 2 steps (Dados, Pagamento); the order then opens its own page. */
export default function DigitalCheckoutPage() {
  return <CheckoutGate kind="DIGITAL">{(ready) => <DigitalCheckout {...ready} />}</CheckoutGate>
}

function DigitalCheckout(ready: ReadyCheckout) {
  const flow = useCheckoutFlow(ready, DIGITAL)
  const { plans } = useCheckoutPlans(ready.product.id)
  const plan = plans.find((p) => p.id === flow.form.planId)
  const { update } = flow
  const choose = useCallback((planId: string) => update({ planId }), [update])
  return (
    <CheckoutFlowPage
      flow={flow}
      customerLabel="Continuar para Pagamento"
      top={
        plans.length > 0 && (
          <Suspense fallback={null}>
            <PlanPicker plans={plans} value={flow.form.planId} onChange={choose} />
          </Suspense>
        )
      }
      subscription={plan && { methods: plan.methods, note: renewalNote(plan) }}
    />
  )
}
