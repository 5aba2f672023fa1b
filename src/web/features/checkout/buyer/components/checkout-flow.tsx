import { Hourglass } from 'lucide-react'
import { lazy, type ReactNode, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { loadBumpOffers } from '../../../marketing'
import { loadReviewsCarousel } from '../../../reviews'
import { useCheckoutBase } from '../hooks/use-checkout-base'
import type { CheckoutFlow, FlowForm, ReadyCheckout } from '../hooks/use-checkout-flow'
import { usePendingOrder } from '../pending-order'
import { ConsentBox } from '../recovery/consent-box'
import { useRecoveryRestore } from '../recovery/use-recovery-restore'
import { CheckoutBlocked } from './checkout-blocked'
import { CheckoutShell, SecurityNote, textsOf } from './checkout-shell'
import { CustomerStep } from './customer-step'
import { OrderSummary, SummaryBar } from './order-summary'
import { CheckoutLoading, CheckoutNotFound } from './page-states'
import { PaymentStep } from './payment-step'
import { ProductDetails } from './product-details'
import { ProgressSteps } from './progress-steps'

// reviews: the product's approved reviews under the form, in their own chunk so they never delay it.
const ReviewsCarousel = lazy(loadReviewsCarousel)
// marketing: the order-bump offers, in their own chunk (the checkout's JS budget).
const BumpOffers = lazy(loadBumpOffers)

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
      <CheckoutBlocked
        blocker={base.blocker}
        product={base.product}
        customization={base.customization}
        title={textsOf(base.customization, kind).checkoutTitle}
      />
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

/** 'Você já tem um pedido aguardando pagamento' when this browser placed one for this product (pending-order.ts). */
function PendingOrderNotice({ storeId, productId }: { storeId: string; productId: string }) {
  const url = usePendingOrder(storeId, productId)
  if (!url) return null
  return (
    <p className="ck-card ck-pending-order" role="status" data-testid="pending-order">
      <Hourglass size={18} aria-hidden /> <span>Você já tem um pedido aguardando pagamento.</span>{' '}
      <Link to={url}>Ver pedido e pagar</Link>
    </p>
  )
}

/**
 * The page around a checkout flow: the store's frame, progress, the one-line summary (phones), the customer step
 * first and the payment step (with its bumps) last, the kind's own steps (`children`) in between, then the security
 * note, the product, its reviews and the order summary.
 */
export function CheckoutFlowPage<F extends FlowForm>({
  flow,
  customerLabel,
  children,
}: {
  flow: CheckoutFlow<F>
  /** The customer step's button, named after the step it leads to. */
  customerLabel: string
  children?: ReactNode
}) {
  const { step, last, product } = flow
  if (step > flow.reachable) return <CheckoutLoading />
  return (
    <CheckoutShell customization={flow.customization} title={textsOf(flow.customization, flow.kind).checkoutTitle}>
      <PendingOrderNotice storeId={flow.storeId} productId={product.id} />
      <ProgressSteps steps={flow.steps} current={step} />
      <SummaryBar product={product} total={flow.amount} />
      <div className="ck-layout">
        <div className="ck-main">
          {step === 1 && (
            <CustomerStep
              initial={flow.form.customer}
              submitLabel={customerLabel}
              onChange={(customer) => flow.update({ customer } as Partial<F>)}
              onLeave={flow.identify}
              onNext={(customer) => flow.next({ customer } as Partial<F>)}
            />
          )}
          {step === 1 && <ConsentBox checked={flow.session.consent} onChange={flow.session.setConsent} />}
          {children}
          {step === last && <FlowBumps flow={flow} position="BEFORE_PAYMENT" />}
          {step === last && (
            <PaymentStep
              storeId={flow.storeId}
              pricing={flow.pricing}
              amount={flow.amount}
              submitting={flow.submitting}
              error={flow.error}
              onBack={flow.back}
              onSubmit={flow.pay}
            />
          )}
          <SecurityNote />
          <ProductDetails product={product} />
          <Suspense fallback={null}>
            <ReviewsCarousel storeId={flow.storeId} productId={product.id} />
          </Suspense>
        </div>
        <OrderSummary
          product={product}
          shipping={flow.shipping}
          digital={flow.kind === 'DIGITAL'}
          bumps={flow.bumps}
          quote={step === last ? flow.pricing.quote : undefined}
        />
      </div>
    </CheckoutShell>
  )
}
