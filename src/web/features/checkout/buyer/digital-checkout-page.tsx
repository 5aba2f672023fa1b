import { useEffect, useState } from 'react'
import type { PublicProduct } from '../../../../shared/catalog'
import type { PublicCustomization } from '../../../../shared/checkout'
import type { OrderResult } from '../../../../shared/ordering'
import { DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import { createDigitalOrder } from './api/create-order'
import { CheckoutShell, SecurityNote, textsOf } from './components/checkout-shell'
import { Confirmation } from './components/confirmation'
import { CustomerStep, type CustomerValues, EMPTY_CUSTOMER } from './components/customer-step'
import { OrderSummary } from './components/order-summary'
import { CheckoutLoading, CheckoutNotFound } from './components/page-states'
import { PaymentStep, type PaymentValues } from './components/payment-step'
import { ProductDetails } from './components/product-details'
import { ProgressSteps } from './components/progress-steps'
import { useCheckoutBase } from './hooks/use-checkout-base'
import { useSubmitOrder } from './hooks/use-submit-order'
import { digitalOrderError } from './order-errors'
import './checkout.css'
import { track } from './tracking'

const STEPS = ['Dados', 'Pagamento'] as const

/** /digital-checkout/:storeId/:productId — 2 steps (Dados, Pagamento) and the confirmation with the product access. */
export default function DigitalCheckoutPage() {
  const base = useCheckoutBase('DIGITAL')
  if (base.state === 'loading') return <CheckoutLoading />
  if (base.state === 'error') return <CheckoutNotFound message={base.message} />
  return <DigitalCheckout storeId={base.storeId} product={base.product} customization={base.customization} />
}

function DigitalCheckout({
  storeId,
  product,
  customization,
}: {
  storeId: string
  product: PublicProduct
  customization: PublicCustomization | undefined
}) {
  const texts = textsOf(customization, 'DIGITAL')
  const [step, setStep] = useState(1)
  const [customer, setCustomer] = useState<CustomerValues>(EMPTY_CUSTOMER)
  const [result, setResult] = useState<OrderResult>()
  const order = useSubmitOrder(digitalOrderError)

  // Each step starts at the top of the page (a phone shows one step at a time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the step changes
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [step])

  async function pay(payment: PaymentValues) {
    const created = await order.submit((key) =>
      createDigitalOrder(
        {
          storeId,
          productId: product.id,
          productType: 'DIGITAL',
          customer,
          shipping: DIGITAL_SHIPPING_PLACEHOLDER,
          payment,
          items: [{ productId: product.id, quantity: 1, price: product.price, name: product.name }],
          totalPrice: product.price,
        },
        key,
      ),
    )
    if (!created) return
    track('Purchase', {
      storeId,
      productId: product.id,
      productName: product.name,
      value: created.total,
      currency: 'BRL',
      orderId: created.orderId,
      orderNumber: created.orderNumber,
    })
    setResult(created)
    setStep(3)
  }

  return (
    <CheckoutShell customization={customization} title={texts.checkoutTitle}>
      {step < 3 && <ProgressSteps steps={STEPS} current={step} />}
      <div className={step === 3 ? 'ck-layout ck-layout-done' : 'ck-layout'}>
        <div className="ck-main">
          {step === 1 && (
            <CustomerStep
              initial={customer}
              submitLabel="Continuar para Pagamento"
              onNext={(values) => {
                setCustomer(values)
                track('InitiateCheckout', {
                  storeId,
                  productId: product.id,
                  productName: product.name,
                  value: product.price,
                  currency: 'BRL',
                })
                setStep(2)
              }}
            />
          )}
          {step === 2 && (
            <PaymentStep
              storeId={storeId}
              amount={product.price}
              submitting={order.submitting}
              error={order.error}
              onBack={() => setStep(1)}
              onSubmit={pay}
            />
          )}
          {step === 3 && result && (
            <Confirmation
              kind="DIGITAL"
              texts={texts}
              customization={customization}
              result={result}
              customerName={customer.name}
            />
          )}
          {step < 3 && <SecurityNote />}
          <ProductDetails product={product} />
        </div>
        <OrderSummary product={product} digital />
      </div>
    </CheckoutShell>
  )
}
