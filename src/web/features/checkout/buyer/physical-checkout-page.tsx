import { lazy, Suspense, useEffect } from 'react'
import type { ShippingQuoteDto } from '../../../../shared/checkout'
import { shippingErrors } from '../../../../shared/ordering-rules'
import { Loading } from '../../../ui/feedback'
import { createOrder } from './api/create-order'
import { CheckoutFlowPage, CheckoutGate, FlowBumps } from './components/checkout-flow'
import { type CustomerValues, contactComplete, EMPTY_CUSTOMER } from './components/customer-step'
import { EMPTY_SHIPPING, type ShippingValues } from './components/shipping-values'
import { type FlowKind, type ReadyCheckout, useCheckoutFlow } from './hooks/use-checkout-flow'
import { loadOrderErrors } from './load-order-errors'
import './checkout.css'

// The delivery step is not needed to open the page: its chunk loads right after, while the buyer types the first step.
const loadShippingStep = () => import('./components/shipping-step').then((m) => ({ default: m.ShippingStep }))
const ShippingStep = lazy(loadShippingStep)

interface PhysicalForm {
  customer: CustomerValues
  shipping: ShippingValues
  option: ShippingQuoteDto | undefined
}

const valid = (errors: Record<string, string | undefined>) => !Object.values(errors).some(Boolean)

/** The physical checkout: the delivery address and its shipping option between the customer and the payment. */
const PHYSICAL: FlowKind<PhysicalForm> = {
  kind: 'PHYSICAL',
  steps: ['Dados', 'Entrega', 'Pagamento'],
  empty: { customer: EMPTY_CUSTOMER, shipping: EMPTY_SHIPPING, option: undefined },
  reachable: ({ customer, shipping, option }) =>
    !contactComplete(customer)
      ? 1
      : !valid(shippingErrors(shipping)) || !option || option.id !== shipping.method
        ? 2
        : 3,
  shipping: ({ option }) => (option ? { name: option.name, price: option.price, isFree: option.isFree } : null),
  quoteShipping: ({ shipping, option }) => (option ? { zipCode: shipping.zipCode, method: option.id } : undefined),
  send: (order, { shipping: s }, key) =>
    createOrder(
      {
        ...order,
        productType: 'PHYSICAL',
        shipping: {
          address: s.address,
          street: s.address,
          number: s.number,
          complement: s.complement,
          neighborhood: s.neighborhood,
          city: s.city,
          state: s.state,
          zipCode: s.zipCode,
          method: s.method,
        },
      },
      key,
    ),
  describeError: (err) => loadOrderErrors().then((m) => m.physicalOrderError(err)),
  shippingRefused: { option: undefined },
}

/** /checkout/:storeId/:productId — 3 steps (Dados, Entrega, Pagamento); the order then opens its own page. */
export default function PhysicalCheckoutPage() {
  return <CheckoutGate kind="PHYSICAL">{(ready) => <PhysicalCheckout {...ready} />}</CheckoutGate>
}

function PhysicalCheckout(ready: ReadyCheckout) {
  const flow = useCheckoutFlow(ready, PHYSICAL)
  const { shipping, option } = flow.form
  useEffect(() => {
    void loadShippingStep()
  }, [])
  return (
    <CheckoutFlowPage flow={flow} customerLabel="Continuar para Envio">
      {flow.step === 2 && (
        <Suspense fallback={<Loading message="Carregando entrega..." />}>
          <ShippingStep
            storeId={ready.storeId}
            product={ready.product}
            initial={{ values: shipping, option }}
            onOptionChange={(next) => flow.update({ option: next })}
            onChange={(values) => flow.update({ shipping: values })}
            onBack={(choice) => {
              flow.update({ shipping: choice.values, option: choice.option })
              flow.back()
            }}
            onNext={(choice) => flow.next({ shipping: choice.values, option: choice.option })}
            // marketing: a bump set to 'Após o frete' comes after the shipping options, before the button.
            afterOptions={<FlowBumps flow={flow} position="AFTER_SHIPPING" />}
          />
        </Suspense>
      )}
    </CheckoutFlowPage>
  )
}
