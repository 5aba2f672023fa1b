import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { PublicProduct } from '../../../../shared/catalog'
import type { PublicCustomization } from '../../../../shared/checkout'
import type { BumpOffer } from '../../../../shared/marketing'
import { customerErrors, DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import { loadBumpOffers } from '../../marketing'
import { loadReviewsCarousel } from '../../reviews'
import { createDigitalOrder } from './api/create-order'
import { CheckoutBlocked } from './components/checkout-blocked'
import { CheckoutShell, SecurityNote, textsOf } from './components/checkout-shell'
import { CustomerStep, type CustomerValues, EMPTY_CUSTOMER } from './components/customer-step'
import { OrderSummary, SummaryBar } from './components/order-summary'
import { CheckoutLoading, CheckoutNotFound } from './components/page-states'
import { PaymentStep, type PaymentValues } from './components/payment-step'
import { ProductDetails } from './components/product-details'
import { ProgressSteps } from './components/progress-steps'
import { useCheckoutBase } from './hooks/use-checkout-base'
import { useIdentificationTracking } from './hooks/use-identification-tracking'
import { useSavedForm } from './hooks/use-saved-form'
import { useStepHistory } from './hooks/use-step-history'
import { useSubmitOrder } from './hooks/use-submit-order'
import { digitalOrderError } from './order-errors'
import './checkout.css'
import { track } from './tracking'

// reviews: the product's approved reviews under the form, in their own chunk so they never delay it.
const ReviewsCarousel = lazy(loadReviewsCarousel)
// marketing: the order-bump offer, in its own chunk (the checkout's JS budget), before payment.
const BumpOffers = lazy(loadBumpOffers)

const STEPS = ['Dados', 'Pagamento'] as const

/** /digital-checkout/:storeId/:productId — 2 steps (Dados, Pagamento); the order then opens its own page. */
export default function DigitalCheckoutPage() {
  const base = useCheckoutBase('DIGITAL')
  if (base.state === 'loading') return <CheckoutLoading />
  if (base.state === 'error') return <CheckoutNotFound message={base.message} />
  const title = textsOf(base.customization, 'DIGITAL').checkoutTitle
  if (base.blocker)
    return (
      <CheckoutBlocked blocker={base.blocker} product={base.product} customization={base.customization} title={title} />
    )
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
  const navigate = useNavigate()
  const { step, goTo, back, resetTo } = useStepHistory(2)
  const saved = useSavedForm<{ customer: CustomerValues }>(`${storeId}:${product.id}`, { customer: EMPTY_CUSTOMER })
  const { customer } = saved.value
  const identify = useIdentificationTracking(storeId, product)
  const order = useSubmitOrder(digitalOrderError)
  // marketing: the bumps the buyer added (server-priced offers); the order sends their ids and is priced again.
  const [bumps, setBumps] = useState<BumpOffer[]>([])
  const amount = product.price + bumps.reduce((sum, b) => sum + b.finalPrice, 0)

  const reachable = Object.values(customerErrors(customer)).some(Boolean) ? 1 : 2
  useEffect(() => {
    if (step > reachable) resetTo(reachable)
  }, [step, reachable, resetTo])

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
              submitLabel="Continuar para Pagamento"
              onChange={(values) => saved.update({ customer: values })}
              onLeave={identify}
              onNext={(values) => {
                saved.update({ customer: values })
                track('InitiateCheckout', {
                  storeId,
                  productId: product.id,
                  productName: product.name,
                  value: product.price,
                  currency: 'BRL',
                })
                goTo(2)
              }}
            />
          )}
          {step === 2 && (
            <Suspense fallback={null}>
              <BumpOffers
                storeId={storeId}
                productId={product.id}
                productPrice={product.price}
                position="BEFORE_PAYMENT"
                step={step}
                addedIds={bumps.map((b) => b.id)}
                onAdd={(offer) => setBumps((list) => (list.some((b) => b.id === offer.id) ? list : [...list, offer]))}
              />
            </Suspense>
          )}
          {step === 2 && (
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
        <OrderSummary product={product} digital bumps={bumps} />
      </div>
    </CheckoutShell>
  )
}
