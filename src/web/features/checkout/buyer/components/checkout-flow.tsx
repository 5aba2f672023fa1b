import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { Loading } from '../../../../ui/feedback'
import { loadBumpOffers } from '../../../marketing'
import { loadReviewsCarousel } from '../../../reviews'
import { useCheckoutBase } from '../hooks/use-checkout-base'
import type { CheckoutFlow, FlowForm, ReadyCheckout } from '../hooks/use-checkout-flow'
import { loadOrderErrors } from '../load-order-errors'
import { hasPendingOrder } from '../pending-order'
import { ConsentBox } from '../recovery/consent-box'
import { useRecoveryRestore } from '../recovery/use-recovery-restore'
import { CheckoutShell, SecurityNote, textsOf } from './checkout-shell'
import { CustomerStep } from './customer-step'
import { OrderSummary } from './order-summary'
import { CheckoutLoading, CheckoutNotFound } from './page-states'
import type { PaymentSubscription } from './payment-step'
import { ProductDetails } from './product-details'
import { ProgressSteps } from './progress-steps'

// reviews: the product's approved reviews under the form, in their own chunk so they never delay it.
const ReviewsCarousel = lazy(loadReviewsCarousel)
// marketing: the order-bump offers, in their own chunk (the checkout's JS budget).
const BumpOffers = lazy(loadBumpOffers)
// The payment step (methods, card fields, coupon) is not needed to open the page: its chunk loads while the buyer
// types the first step (preloadPaymentStep), so reaching it shows no wait.
const loadPaymentStep = () => {
  // With it, the words for a failed order: they are read only after a submit, which this step makes.
  void loadOrderErrors()
  return import('./payment-step').then((m) => ({ default: m.PaymentStep }))
}
const PaymentStep = lazy(loadPaymentStep)
// A screen most buyers never see (sold out, no payment method) and the CPF asked again at the payment step (a
// recovery link's visit): their chunks come only when drawn (the server's first paint waits for them).
const CheckoutBlocked = lazy(() => import('./checkout-blocked').then((m) => ({ default: m.CheckoutBlocked })))
const CpfConfirm = lazy(() => import('./cpf-confirm').then((m) => ({ default: m.CpfConfirm })))
// Only a browser that placed an order for this product and has not paid it loads the notice.
const PendingOrderNotice = lazy(() => import('../pending-order-notice'))

/**
 * A checkout page until it can sell: loading, not found, or blocked (sold out, no payment method) said up front;
 * then `children` with the loaded product and store look.
 */
export function CheckoutGate({
  kind,
  children,
}: {
  kind: 'PHYSICAL' | 'DIGITAL'
  children: (ready: ReadyCheckout) => ReactNode
}) {
  const base = useCheckoutBase(kind)
  // recovery: a page opened from a reminder fills its form from the session before it mounts.
  const restore = useRecoveryRestore()
  if (base.state === 'loading' || restore === 'restoring') return <CheckoutLoading />
  if (base.state === 'error') return <CheckoutNotFound message={base.message} />
  if (base.blocker)
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <CheckoutBlocked
          blocker={base.blocker}
          product={base.product}
          customization={base.customization}
          title={textsOf(base.customization, kind).checkoutTitle}
        />
      </Suspense>
    )
  return children({ storeId: base.storeId, product: base.product, customization: base.customization })
}

/** marketing: the order-bump offers for one place in the flow (AFTER_SHIPPING on step 2, BEFORE_PAYMENT). */
export function FlowBumps<F extends FlowForm>({
  flow,
  position,
}: {
  flow: CheckoutFlow<F>
  position: 'AFTER_SHIPPING' | 'BEFORE_PAYMENT'
}) {
  return (
    <Suspense fallback={null}>
      <BumpOffers
        storeId={flow.storeId}
        productId={flow.product.id}
        productPrice={flow.product.price}
        position={position}
        step={flow.step}
        addedIds={flow.bumps.map((b) => b.id)}
        onAdd={flow.addBump}
        restoreIds={flow.restoredBumpIds}
      />
    </Suspense>
  )
}

/**
 * The page around a checkout flow: the store's frame; 'Resumo do pedido' (at the top on a phone, folded; the column
 * beside the form on a wide screen); progress; the customer step first and the payment step (with its bumps) last,
 * the kind's own steps (`children`) in between; then the security note, the product and its reviews.
 */
export function CheckoutFlowPage<F extends FlowForm>({
  flow,
  customerLabel,
  top,
  subscription,
  children,
}: {
  flow: CheckoutFlow<F>
  /** The customer step's button, named after the step it leads to. */
  customerLabel: string
  /** subscriptions: the plan picker, above the steps on every step. */
  top?: ReactNode
  /** subscriptions: the chosen plan's methods and what the card step says of its renewals. */
  subscription?: PaymentSubscription
  children?: ReactNode
}) {
  const { step, last, product } = flow
  // Read after hydration: the server's first paint cannot know this browser's storage.
  const [pendingOrder, setPendingOrder] = useState(false)
  useEffect(() => setPendingOrder(hasPendingOrder(flow.storeId, product.id)), [flow.storeId, product.id])
  // Past the first step the payment step is next: its chunk comes now.
  useEffect(() => {
    if (step > 1) void loadPaymentStep()
  }, [step])
  if (step > flow.reachable) return <CheckoutLoading />
  const storeName = flow.customization?.storeName
  return (
    <CheckoutShell customization={flow.customization} title={textsOf(flow.customization, flow.kind).checkoutTitle}>
      <meta
        name="description"
        content={`Finalize a compra de ${product.name}${storeName ? ` na ${storeName}` : ''}: PIX, cartão ou boleto, em ambiente seguro.`}
      />
      {pendingOrder && (
        <Suspense fallback={null}>
          <PendingOrderNotice storeId={flow.storeId} productId={product.id} />
        </Suspense>
      )}
      <div className="ck-layout">
        <OrderSummary
          product={product}
          shipping={flow.shipping}
          digital={flow.kind === 'DIGITAL'}
          bumps={flow.bumps}
          quote={flow.pricing.quote}
          methods={flow.methods}
          method={flow.pricing.method}
          total={flow.amount}
        />
        <div className="ck-main">
          {top}
          <ProgressSteps steps={flow.steps} current={step} />
          {step === 1 && (
            <CustomerStep
              initial={flow.form.customer}
              submitLabel={customerLabel}
              onChange={(customer) => flow.update({ customer } as Partial<F>)}
              onLeave={(customer) => {
                flow.identify(customer)
                void loadPaymentStep()
              }}
              onNext={(customer) => flow.next({ customer } as Partial<F>)}
              consent={<ConsentBox checked={flow.session.consent} onChange={flow.session.setConsent} />}
            />
          )}
          {children}
          {step === last && <FlowBumps flow={flow} position="BEFORE_PAYMENT" />}
          {step === last && flow.cpf.missing && (
            <Suspense fallback={null}>
              <CpfConfirm
                value={flow.form.customer.cpf}
                error={flow.cpf.error}
                onChange={(cpf) => flow.update({ customer: { ...flow.form.customer, cpf } } as Partial<F>)}
              />
            </Suspense>
          )}
          {step === last && (
            <Suspense fallback={<Loading message="Carregando formas de pagamento..." />}>
              <PaymentStep
                storeId={flow.storeId}
                pricing={flow.pricing}
                amount={flow.amount}
                submitting={flow.submitting}
                error={flow.error}
                onBack={flow.back}
                onSubmit={flow.pay}
                digital={flow.kind === 'DIGITAL'}
                subscription={subscription}
              />
            </Suspense>
          )}
          <SecurityNote />
          <ProductDetails product={product} />
          <Suspense fallback={null}>
            <ReviewsCarousel storeId={flow.storeId} productId={product.id} />
          </Suspense>
        </div>
      </div>
    </CheckoutShell>
  )
}
