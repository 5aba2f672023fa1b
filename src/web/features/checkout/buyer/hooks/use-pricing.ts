import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CheckoutMethodId } from '../../../../../shared/ordering-rules'
import type { QuoteRequest } from '../../../../../shared/quote'
import { ApiError } from '../../../../lib/api'
import { getQuote } from '../api/get-quote'
import { useBuyerSearchParams } from '../nav/buyer-nav'
import { couponRefusal } from '../order-refusals'

export interface PricingCart {
  storeId: string
  productId: string
  bumpIds: string[]
  shipping?: { zipCode: string; method: string }
  /** subscriptions: the chosen plan, whose price the server quotes instead of the product's. */
  planId?: string
  email?: string
  /** The card's price at once (cents) by the shared pricing, for the plans shown before the first quote answers. */
  cardBaseCents?: number
}

/**
 * The price the buyer sees, always the server's (POST /checkout/quote): the coupon applied ('Aplicar', or
 * `?cupom=CODE` from a campaign link, or the coupon a recovery link restores), the method chosen and the card plan. The browser computes no figure of its own.
 */
export function usePricing(cart: PricingCart, restoredCoupon = '') {
  const params = useBuyerSearchParams()
  // A campaign's ?cupom= wins over the coupon a recovery link restores (recovery: the session's last coupon).
  const fromLink = params.get('cupom')?.trim() || restoredCoupon.trim()
  const [method, setMethod] = useState<CheckoutMethodId | undefined>()
  const [installments, setInstallments] = useState(1)
  const [couponCode, setCouponCode] = useState<string | null>(null)
  const [couponError, setCouponError] = useState<string | undefined>()
  const [applying, setApplying] = useState(false)

  const request: QuoteRequest = {
    storeId: cart.storeId,
    productId: cart.productId,
    orderBumps: cart.bumpIds,
    shipping: cart.shipping,
    planId: cart.planId,
    email: cart.email || undefined,
    couponCode: couponCode ?? undefined,
    paymentMethod: method,
    installments: method === 'credit_card' ? installments : 1,
  }
  const quote = useQuery({
    queryKey: ['checkout', 'quote', request],
    queryFn: () => getQuote(request),
    placeholderData: keepPreviousData,
    retry: 0,
    staleTime: 30_000,
  })

  // A coupon that stops applying (a bump removed, another e-mail) is dropped with its reason, never kept silently.
  useEffect(() => {
    const reason = couponRefusal(quote.error)
    if (couponCode && reason) {
      setCouponError(reason)
      setCouponCode(null)
    }
  }, [quote.error, couponCode])

  const { storeId, productId, bumpIds, shipping, email, planId } = cart
  const apply = useCallback(
    async (code: string) => {
      const trimmed = code.trim()
      if (!trimmed) return
      setApplying(true)
      setCouponError(undefined)
      try {
        await getQuote({
          storeId,
          productId,
          orderBumps: bumpIds,
          shipping,
          planId,
          email: email || undefined,
          couponCode: trimmed,
        })
        setCouponCode(trimmed)
      } catch (err) {
        setCouponError(couponRefusal(err) ?? (err instanceof ApiError ? err.message : 'Erro ao aplicar o cupom'))
      } finally {
        setApplying(false)
      }
    },
    [storeId, productId, bumpIds, shipping, email, planId],
  )

  // A campaign link's ?cupom=CODE (or a recovery link's coupon) is applied once, as if typed: a refusal shows its reason.
  const linkApplied = useRef(false)
  useEffect(() => {
    if (!fromLink || linkApplied.current) return
    linkApplied.current = true
    void apply(fromLink)
  }, [fromLink, apply])

  return {
    // Only a quote for the current cart: while a new one loads (a bump just added) the page shows its own sum for a
    // moment rather than a stale server figure.
    quote: quote.isPlaceholderData ? undefined : quote.data,
    /** The last quote, fresh or not: the methods' badges and plans stay on screen while a new one loads. */
    lastQuote: quote.data,
    quoteFailed: quote.isError && !quote.data,
    cardBaseCents: cart.cardBaseCents,
    method,
    setMethod,
    installments,
    setInstallments,
    coupon: {
      code: couponCode,
      initial: fromLink,
      error: couponError,
      applying,
      apply,
      remove: () => {
        setCouponCode(null)
        setCouponError(undefined)
      },
      /** The order refused the coupon (it ran out meanwhile): dropped, with the server's reason under the field. */
      refused: (reason: string) => {
        setCouponCode(null)
        setCouponError(reason)
      },
    },
  }
}

export type Pricing = ReturnType<typeof usePricing>
