import { lazy, Suspense, useCallback, useState } from 'react'
import { DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import { createDigitalOrder } from './api/create-order'
import { CheckoutFlowPage, CheckoutGate } from './components/checkout-flow'
import { type CustomerValues, contactComplete, EMPTY_CUSTOMER } from './components/customer-step'
import { type FlowKind, type ReadyCheckout, useCheckoutFlow } from './hooks/use-checkout-flow'
import { loadOrderErrors } from './load-order-errors'
import type { PlanChoice } from './plans/checkout-plans'
import { PIX_EACH_PERIOD_HINT, PIX_EACH_PERIOD_LABEL } from './plans/pix-automatic'
import './checkout.css'

// subscriptions: the plans are read and drawn in their own chunk, after the first paint (the checkout's JS budget).
const CheckoutPlans = lazy(() => import('./plans/checkout-plans').then((m) => ({ default: m.CheckoutPlans })))

/** The digital form: the customer and, for a product sold by subscription, the chosen plan. */
interface DigitalForm {
  customer: CustomerValues
  planId?: string
  /** The plan is paid by PIX Automático: the order page asks the mandate's QR for this order and plan. */
  pixAutomatic?: boolean
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
        // subscriptions: the plan the buyer subscribes to; the server prices it and opens the subscription. The
        // order keeps a PIX Automático choice, so its page shows the mandate's QR on any device.
        ...(form.planId ? { planId: form.planId } : {}),
        ...(form.planId && form.pixAutomatic && order.payment.method === 'pix' ? { pixAutomatic: true } : {}),
      },
      key,
    ),
  describeError: (err) => loadOrderErrors().then((m) => m.digitalOrderError(err)),
  // subscriptions: the summary and the payment step show the plan's price (the server's quote), not the product's.
  quotePlan: (form) => form.planId,
}

/** /digital-checkout/:storeId/:productId — 2 steps (Dados, Pagamento); the order then opens its own page. */
export default function DigitalCheckoutPage() {
  return <CheckoutGate kind="DIGITAL">{(ready) => <DigitalCheckout {...ready} />}</CheckoutGate>
}

function DigitalCheckout(ready: ReadyCheckout) {
  const flow = useCheckoutFlow(ready, DIGITAL)
  const [plan, setPlan] = useState<PlanChoice | undefined>()
  const { update } = flow
  const choose = useCallback(
    (choice: PlanChoice | undefined) => {
      setPlan(choice)
      update({ planId: choice?.planId, pixAutomatic: Boolean(choice?.pixAutomatic) || undefined })
    },
    [update],
  )
  // A plan offering both PIX ways: PIX Automático unless the buyer picks the plain PIX (a code before each due date).
  const pixRenewal = plan?.pixAutomatic?.optional
    ? {
        automatic: { label: plan.pixAutomatic.label, hint: plan.pixAutomatic.hint },
        plain: { label: PIX_EACH_PERIOD_LABEL, hint: PIX_EACH_PERIOD_HINT },
        chosen: flow.form.pixAutomatic ? ('automatic' as const) : ('plain' as const),
        onChoose: (c: 'automatic' | 'plain') => update({ pixAutomatic: c === 'automatic' || undefined }),
      }
    : undefined
  return (
    <CheckoutFlowPage
      flow={flow}
      customerLabel="Continuar para Pagamento"
      top={
        <Suspense fallback={null}>
          <CheckoutPlans productId={ready.product.id} value={flow.form.planId} onChoose={choose} />
        </Suspense>
      }
      subscription={
        plan && {
          methods: plan.methods,
          note: plan.note,
          payLabel: plan.payLabel,
          ...(plan.pixAutomatic ? { pixAutomatic: plan.pixAutomatic } : {}),
          ...(pixRenewal ? { pixRenewal } : {}),
        }
      }
    />
  )
}
