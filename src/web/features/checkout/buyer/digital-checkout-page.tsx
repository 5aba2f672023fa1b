import { DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import { createDigitalOrder } from './api/create-order'
import { CheckoutFlowPage, CheckoutGate } from './components/checkout-flow'
import { type CustomerValues, contactComplete, EMPTY_CUSTOMER } from './components/customer-step'
import { type FlowKind, type ReadyCheckout, useCheckoutFlow } from './hooks/use-checkout-flow'
import { digitalOrderError } from './order-errors'
import './checkout.css'

/** The digital checkout: nothing to deliver, so the customer's data leads straight to the payment. */
const DIGITAL: FlowKind<{ customer: CustomerValues }> = {
  kind: 'DIGITAL',
  steps: ['Dados', 'Pagamento'],
  empty: { customer: EMPTY_CUSTOMER },
  reachable: ({ customer }) => (contactComplete(customer) ? 2 : 1),
  send: (order, _form, key) =>
    createDigitalOrder({ ...order, productType: 'DIGITAL', shipping: DIGITAL_SHIPPING_PLACEHOLDER }, key),
  describeError: digitalOrderError,
}

/** /digital-checkout/:storeId/:productId — 2 steps (Dados, Pagamento); the order then opens its own page. */
export default function DigitalCheckoutPage() {
  return <CheckoutGate kind="DIGITAL">{(ready) => <DigitalCheckout {...ready} />}</CheckoutGate>
}

function DigitalCheckout(ready: ReadyCheckout) {
  const flow = useCheckoutFlow(ready, DIGITAL)
  return <CheckoutFlowPage flow={flow} customerLabel="Continuar para Pagamento" />
}
