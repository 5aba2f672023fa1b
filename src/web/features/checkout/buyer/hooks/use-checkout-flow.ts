import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { PublicCustomization } from '../../../../../shared/checkout'
import type { BumpOffer } from '../../../../../shared/marketing'
import { toReais } from '../../../../../shared/money'
import type { OrderResult } from '../../../../../shared/ordering'
import { customerErrors } from '../../../../../shared/ordering-rules'
import { usePaymentMethods } from '../api/get-payment-methods'
import { productQuery } from '../api/get-product'
import type { CustomerValues } from '../components/customer-step'
import type { SummaryShipping } from '../components/order-summary'
import type { PaymentValues } from '../components/payment-step'
import { useBuyerNavigate } from '../nav/buyer-nav'
import { orderRefusal } from '../order-refusals'
import { rememberPendingOrder } from '../pending-order'
import { clearRestoredExtras, readRestoredExtras } from '../recovery/checkout-session'
import { useCheckoutSession } from '../recovery/use-checkout-session'
import { localTotalCents } from '../summary-figures'
import { productData, track } from '../tracking'
import { useIdentificationTracking } from './use-identification-tracking'
import { usePricing } from './use-pricing'
import { useSavedForm } from './use-saved-form'
import { useStepHistory } from './use-step-history'
import { useSubmitOrder } from './use-submit-order'

/** A checkout page whose product, look and payment methods have loaded and that nothing blocks. */
export interface ReadyCheckout {
  storeId: string
  product: PublicProduct
  customization: PublicCustomization | undefined
}

/** What the buyer typed, kept across a reload: the customer's data first, then what the kind adds (the address). */
export interface FlowForm {
  customer: CustomerValues
}

/** The part of an order both kinds send the same way. */
export interface FlowOrder {
  storeId: string
  productId: string
  customer: CustomerValues
  payment: PaymentValues
  items: { productId: string; quantity: number; price: number; name: string }[]
  totalPrice: number
  orderBumps: string[]
  /** The coupon the server accepted on the quote; checked and priced again with the order. */
  couponCode?: string
  /** recovery: the checkout session this visit reported, so a paid order ends it (and counts if recovered). */
  checkoutSessionId: string
}

/** What differs between the physical and the digital checkout; the rest is the one flow below. */
export interface FlowKind<F extends FlowForm> {
  kind: 'PHYSICAL' | 'DIGITAL'
  /** Progress labels: the first step is always the customer's data, the last one always the payment. */
  steps: readonly string[]
  /** The form of a first visit. */
  empty: F
  /** The furthest step the saved data allows (a reload keeps its step; a pasted ?etapa=3 does not). */
  reachable: (form: F) => number
  /** The chosen delivery (physical), priced into the total and shown in the summary. */
  shipping?: (form: F) => SummaryShipping | null
  /** The CEP and option the server prices the quote's shipping with (physical). */
  quoteShipping?: (form: F) => { zipCode: string; method: string } | undefined
  /** subscriptions: the plan the quote prices instead of the product (digital). */
  quotePlan?: (form: F) => string | undefined
  /** Sends the order to the kind's endpoint with its shipping part. */
  send: (order: FlowOrder, form: F, idempotencyKey: string) => Promise<OrderResult>
  /** The buyer's message for a failed order (from the texts' own chunk, loadOrderErrors). */
  describeError: (err: unknown) => string | Promise<string>
  /** What forgets the chosen shipping option when the order says it no longer delivers (physical). */
  shippingRefused?: Partial<F>
}

export type CheckoutFlow<F extends FlowForm> = ReturnType<typeof useCheckoutFlow<F>>

/**
 * One checkout, physical or digital: the step in the URL (only as far as the saved data allows), the form kept per
 * product in sessionStorage, the order bumps added, the total, the pixel's events (Lead/CompleteRegistration on
 * identification, InitiateCheckout on entering the payment step, Purchase once the order exists) and the submit,
 * which then opens the order's own page.
 */
export function useCheckoutFlow<F extends FlowForm>(ready: ReadyCheckout, kind: FlowKind<F>) {
  const { storeId, product } = ready
  const navigate = useBuyerNavigate()
  const last = kind.steps.length
  const { step, goTo, back, resetTo } = useStepHistory(last)
  const saved = useSavedForm<F>(`${storeId}:${product.id}`, kind.empty)
  const form = saved.value
  const identify = useIdentificationTracking(storeId, product)
  const queryClient = useQueryClient()
  const order = useSubmitOrder(kind.describeError, (err) => {
    const refusal = orderRefusal(err)
    // The server's word is final: the page becomes the sold-out screen (checkout-blocked.tsx) without a re-read.
    if (refusal?.kind === 'soldOut')
      queryClient.setQueryData(productQuery(storeId, product.id).queryKey, (p) => p && { ...p, soldOut: true as const })
    // Without its option the saved form reaches the delivery step only, so the page goes back there to choose again.
    if (refusal?.kind === 'shipping' && kind.shippingRefused) {
      saved.update(kind.shippingRefused)
      order.dismiss()
    }
    if (refusal?.kind === 'coupon') pricing.coupon.refused(refusal.reason)
  })

  const reachable = kind.reachable(form)
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

  // recovery: what a recovery link brought besides the form. Its bumps are added again by the offers once they load
  // (only those still offered); its coupon is applied by the pricing as if typed.
  const [restored] = useState(() => readRestoredExtras(storeId, product.id))
  useEffect(() => clearRestoredExtras(storeId, product.id), [storeId, product.id])
  // Restored bumps whose offer has not loaded yet (the bump step not reached) stay in the session's report.
  const pendingBumpIds = step < last ? restored.bumpIds.filter((id) => !bumps.some((b) => b.id === id)) : []

  const shipping = kind.shipping?.(form) ?? null
  // The store's methods (seeded with the first paint): the summary's PIX price and plans, the total before the quote.
  const methods = usePaymentMethods(storeId).data?.data
  const cart = { product, shipping: shipping && !shipping.isFree ? shipping.price : 0, bumps }
  // The total is the server's quote (coupon, method discount, interest); until it answers, the same pricing over the
  // same server prices (summary-figures.ts) fills the first paint.
  const pricing = usePricing(
    {
      storeId,
      productId: product.id,
      bumpIds: bumps.map((b) => b.id),
      shipping: kind.quoteShipping?.(form),
      planId: kind.quotePlan?.(form),
      email: form.customer.email,
      cardBaseCents: localTotalCents(cart, methods, 'credit_card', 1),
    },
    restored.coupon,
  )

  // recovery: the session of this visit (contact, step, bumps, coupon, consent; never card data).
  const session = useCheckoutSession({
    storeId,
    productId: product.id,
    step,
    customer: form.customer,
    shipping: (form as { shipping?: Record<string, string> }).shipping,
    bumpIds: [...bumps.map((b) => b.id), ...pendingBumpIds],
    coupon: pricing.coupon.code ?? undefined,
  })
  const amount = pricing.quote?.total ?? toReais(localTotalCents(cart, methods, pricing.method, pricing.installments))

  // A recovery link brings the step and the address but never the CPF: then the payment step asks for it. Once asked
  // it stays on screen while the buyer types (it would vanish at the last digit otherwise).
  const cpfInvalid = Boolean(customerErrors(form.customer).cpf)
  const [cpfAsked, setCpfAsked] = useState(false)
  const askCpf = cpfAsked || (step === last && cpfInvalid)
  useEffect(() => {
    if (askCpf) setCpfAsked(true)
  }, [askCpf])
  const [cpfError, setCpfError] = useState<{ message: string } | undefined>()

  /** On to the next step with what it holds saved; entering the payment step is the pixel's InitiateCheckout. */
  function next(patch: Partial<F>) {
    saved.update(patch)
    if (step + 1 === last) track('InitiateCheckout', productData(storeId, product))
    goTo(step + 1)
  }

  async function pay(payment: PaymentValues) {
    const missingCpf = customerErrors(form.customer).cpf
    setCpfError(missingCpf ? { message: missingCpf } : undefined)
    if (missingCpf) return
    const created = await order.submit((key) =>
      kind.send(
        {
          storeId,
          productId: product.id,
          customer: form.customer,
          payment,
          items: [{ productId: product.id, quantity: 1, price: product.price, name: product.name }],
          totalPrice: amount,
          orderBumps: bumps.map((b) => b.id),
          couponCode: pricing.coupon.code ?? undefined,
          checkoutSessionId: session.sessionId,
        },
        form,
        key,
      ),
    )
    if (!created) return
    track('Purchase', {
      ...productData(storeId, product),
      value: created.total,
      orderId: created.orderId,
      orderNumber: created.orderNumber,
    })
    saved.clear()
    session.end()
    if (created.orderPageUrl) rememberPendingOrder(storeId, product.id, created.orderPageUrl)
    // The order page replaces the payment step: Back does not lead to paying the same order again.
    if (created.orderPageUrl) navigate(created.orderPageUrl, { replace: true })
  }

  return {
    ...ready,
    kind: kind.kind,
    steps: kind.steps,
    step,
    last,
    reachable,
    form,
    update: saved.update,
    next,
    back,
    identify,
    session,
    bumps,
    addBump,
    restoredBumpIds: restored.bumpIds,
    shipping,
    methods,
    pricing,
    amount,
    cpf: { missing: askCpf, error: cpfError },
    pay,
    submitting: order.submitting,
    error: order.error,
  }
}
