import { useEffect, useState } from 'react'
import type { PublicProduct } from '../../../../shared/catalog'
import type { PublicCustomization, ShippingQuoteDto } from '../../../../shared/checkout'
import type { OrderResult } from '../../../../shared/ordering'
import { createOrder } from './api/create-order'
import { CheckoutShell, SecurityNote, textsOf } from './components/checkout-shell'
import { Confirmation } from './components/confirmation'
import { CustomerStep, type CustomerValues, EMPTY_CUSTOMER } from './components/customer-step'
import { OrderSummary } from './components/order-summary'
import { CheckoutLoading, CheckoutNotFound } from './components/page-states'
import { PaymentStep, type PaymentValues } from './components/payment-step'
import { ProductDetails } from './components/product-details'
import { ProgressSteps } from './components/progress-steps'
import { EMPTY_SHIPPING, type ShippingChoice, ShippingStep } from './components/shipping-step'
import { useCheckoutBase } from './hooks/use-checkout-base'
import { useSubmitOrder } from './hooks/use-submit-order'
import { physicalOrderError } from './order-errors'
import './checkout.css'
import { track } from './tracking'

const STEPS = ['Dados', 'Entrega', 'Pagamento'] as const

/** /checkout/:storeId/:productId — 3 steps (Dados, Entrega, Pagamento) and the confirmation. */
export default function PhysicalCheckoutPage() {
  const base = useCheckoutBase('PHYSICAL')
  if (base.state === 'loading') return <CheckoutLoading />
  if (base.state === 'error') return <CheckoutNotFound message={base.message} />
  return <PhysicalCheckout storeId={base.storeId} product={base.product} customization={base.customization} />
}

function PhysicalCheckout({
  storeId,
  product,
  customization,
}: {
  storeId: string
  product: PublicProduct
  customization: PublicCustomization | undefined
}) {
  const texts = textsOf(customization, 'PHYSICAL')
  const [step, setStep] = useState(1)
  const [customer, setCustomer] = useState<CustomerValues>(EMPTY_CUSTOMER)
  const [shipping, setShipping] = useState<ShippingChoice>({ values: EMPTY_SHIPPING, option: undefined })
  const [option, setOption] = useState<ShippingQuoteDto | undefined>()
  const [result, setResult] = useState<OrderResult>()
  const order = useSubmitOrder(physicalOrderError)

  // Each step starts at the top of the page (a phone shows one step at a time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the step changes
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [step])

  async function pay(payment: PaymentValues) {
    const s = shipping.values
    const created = await order.submit((key) =>
      createOrder(
        {
          storeId,
          productId: product.id,
          productType: 'PHYSICAL',
          customer,
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
          payment,
          items: [{ productId: product.id, quantity: 1, price: product.price, name: product.name }],
          totalPrice: product.price + (option && !option.isFree ? option.price : 0),
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
    setStep(4)
  }

  const summaryShipping = option ? { name: option.name, price: option.price, isFree: option.isFree } : null
  return (
    <CheckoutShell customization={customization} title={texts.checkoutTitle}>
      {step < 4 && <ProgressSteps steps={STEPS} current={step} />}
      <div className={step === 4 ? 'ck-layout ck-layout-done' : 'ck-layout'}>
        <div className="ck-main">
          {step === 1 && (
            <CustomerStep
              initial={customer}
              submitLabel="Continuar para Envio"
              onNext={(values) => {
                setCustomer(values)
                setStep(2)
              }}
            />
          )}
          {step === 2 && (
            <ShippingStep
              storeId={storeId}
              product={product}
              initial={shipping}
              onOptionChange={setOption}
              onBack={(choice) => {
                setShipping(choice)
                setStep(1)
              }}
              onNext={(choice) => {
                setShipping(choice)
                setOption(choice.option)
                track('InitiateCheckout', {
                  storeId,
                  productId: product.id,
                  productName: product.name,
                  value: product.price,
                  currency: 'BRL',
                })
                setStep(3)
              }}
            />
          )}
          {step === 3 && (
            <PaymentStep
              storeId={storeId}
              amount={product.price + (option && !option.isFree ? option.price : 0)}
              submitting={order.submitting}
              error={order.error}
              onBack={() => setStep(2)}
              onSubmit={pay}
            />
          )}
          {step === 4 && result && (
            <Confirmation
              kind="PHYSICAL"
              texts={texts}
              customization={customization}
              result={result}
              customerName={customer.name}
            />
          )}
          {step < 4 && <SecurityNote />}
          <ProductDetails product={product} />
        </div>
        <OrderSummary product={product} shipping={summaryShipping} />
      </div>
    </CheckoutShell>
  )
}
