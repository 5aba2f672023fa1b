import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { PublicProduct } from '../../../../shared/catalog'
import type { PublicCustomization, ShippingQuoteDto } from '../../../../shared/checkout'
import type { BumpOffer } from '../../../../shared/marketing'
import { customerErrors, shippingErrors } from '../../../../shared/ordering-rules'
import { loadBumpOffers } from '../../marketing'
import { loadReviewsCarousel } from '../../reviews'
import { createOrder } from './api/create-order'
import { CheckoutBlocked } from './components/checkout-blocked'
import { CheckoutShell, SecurityNote, textsOf } from './components/checkout-shell'
import { CustomerStep, type CustomerValues, EMPTY_CUSTOMER } from './components/customer-step'
import { OrderSummary, SummaryBar } from './components/order-summary'
import { CheckoutLoading, CheckoutNotFound } from './components/page-states'
import { PaymentStep, type PaymentValues } from './components/payment-step'
import { ProductDetails } from './components/product-details'
import { ProgressSteps } from './components/progress-steps'
import { EMPTY_SHIPPING, ShippingStep, type ShippingValues } from './components/shipping-step'
import { useCheckoutBase } from './hooks/use-checkout-base'
import { useIdentificationTracking } from './hooks/use-identification-tracking'
import { useSavedForm } from './hooks/use-saved-form'
import { useStepHistory } from './hooks/use-step-history'
import { useSubmitOrder } from './hooks/use-submit-order'
import { physicalOrderError } from './order-errors'
import './checkout.css'
import { track } from './tracking'

// reviews: the product's approved reviews under the form, in their own chunk so they never delay it.
const ReviewsCarousel = lazy(loadReviewsCarousel)
// marketing: the order-bump offer, in its own chunk (the checkout's JS budget), before shipping and before payment.
const BumpOffers = lazy(loadBumpOffers)

const STEPS = ['Dados', 'Entrega', 'Pagamento'] as const

interface PhysicalForm {
  customer: CustomerValues
  shipping: ShippingValues
  option: ShippingQuoteDto | undefined
}

const valid = (errors: Record<string, string | undefined>) => !Object.values(errors).some(Boolean)

/** /checkout/:storeId/:productId — 3 steps (Dados, Entrega, Pagamento); the order then opens its own page. */
export default function PhysicalCheckoutPage() {
  const base = useCheckoutBase('PHYSICAL')
  if (base.state === 'loading') return <CheckoutLoading />
  if (base.state === 'error') return <CheckoutNotFound message={base.message} />
  const title = textsOf(base.customization, 'PHYSICAL').checkoutTitle
  if (base.blocker)
    return (
      <CheckoutBlocked blocker={base.blocker} product={base.product} customization={base.customization} title={title} />
    )
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
  const navigate = useNavigate()
  const { step, goTo, back, resetTo } = useStepHistory(3)
  const saved = useSavedForm<PhysicalForm>(`${storeId}:${product.id}`, {
    customer: EMPTY_CUSTOMER,
    shipping: EMPTY_SHIPPING,
    option: undefined,
  })
  const { customer, shipping, option } = saved.value
  const identify = useIdentificationTracking(storeId, product)
  const order = useSubmitOrder(physicalOrderError)

  // A step is only shown once the steps before it hold valid data (a reload keeps it; a pasted ?etapa=3 does not).
  const reachable = !valid(customerErrors(customer))
    ? 1
    : !valid(shippingErrors(shipping)) || !option || option.id !== shipping.method
      ? 2
      : 3
  useEffect(() => {
    if (step > reachable) resetTo(reachable)
  }, [step, reachable, resetTo])

  // Each step starts at the top of the page (a phone shows one step at a time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the step changes
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [step])

  // marketing: the bumps the buyer added (server-priced offers); the order sends their ids and is priced again.
  const [bumps, setBumps] = useState<BumpOffer[]>([])
  const addBump = (offer: BumpOffer) =>
    setBumps((list) => (list.some((b) => b.id === offer.id) ? list : [...list, offer]))
  const bumpOffers = (position: 'AFTER_SHIPPING' | 'BEFORE_PAYMENT') => (
    <Suspense fallback={null}>
      <BumpOffers
        storeId={storeId}
        productId={product.id}
        productPrice={product.price}
        position={position}
        step={step}
        addedIds={bumps.map((b) => b.id)}
        onAdd={addBump}
      />
    </Suspense>
  )

  const amount =
    product.price + (option && !option.isFree ? option.price : 0) + bumps.reduce((sum, b) => sum + b.finalPrice, 0)

  async function pay(payment: PaymentValues) {
    const s = shipping
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
          totalPrice: amount,
          orderBumps: bumps.map((b) => b.id),
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
    saved.clear()
    // The order page replaces the payment step: Back does not lead to paying the same order again.
    if (created.orderPageUrl) navigate(created.orderPageUrl, { replace: true })
  }

  const summaryShipping = option ? { name: option.name, price: option.price, isFree: option.isFree } : null
  if (step > reachable) return <CheckoutLoading />
  return (
    <CheckoutShell customization={customization} title={texts.checkoutTitle}>
      <ProgressSteps steps={STEPS} current={step} />
      <SummaryBar product={product} total={amount} />
      <div className="ck-layout">
        <div className="ck-main">
          {step === 1 && (
            <CustomerStep
              initial={customer}
              submitLabel="Continuar para Envio"
              onChange={(values) => saved.update({ customer: values })}
              onLeave={identify}
              onNext={(values) => {
                saved.update({ customer: values })
                goTo(2)
              }}
            />
          )}
          {step === 2 && bumpOffers('AFTER_SHIPPING')}
          {step === 2 && (
            <ShippingStep
              storeId={storeId}
              product={product}
              initial={{ values: shipping, option }}
              onOptionChange={(next) => saved.update({ option: next })}
              onChange={(values) => saved.update({ shipping: values })}
              onBack={(choice) => {
                saved.update({ shipping: choice.values, option: choice.option })
                back()
              }}
              onNext={(choice) => {
                saved.update({ shipping: choice.values, option: choice.option })
                track('InitiateCheckout', {
                  storeId,
                  productId: product.id,
                  productName: product.name,
                  value: product.price,
                  currency: 'BRL',
                })
                goTo(3)
              }}
            />
          )}
          {step === 3 && bumpOffers('BEFORE_PAYMENT')}
          {step === 3 && (
            <PaymentStep
              storeId={storeId}
              amount={amount}
              submitting={order.submitting}
              error={order.error}
              onBack={back}
              onSubmit={pay}
            />
          )}
          <SecurityNote />
          <ProductDetails product={product} />
          <Suspense fallback={null}>
            <ReviewsCarousel storeId={storeId} productId={product.id} />
          </Suspense>
        </div>
        <OrderSummary product={product} shipping={summaryShipping} bumps={bumps} />
      </div>
    </CheckoutShell>
  )
}
