import { useEffect, useRef } from 'react'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { PublicCustomization } from '../../../../../shared/checkout'
import { useCustomization } from '../api/get-customization'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useProduct } from '../api/get-product'
import { useBuyerNavigate, useBuyerParams } from '../nav/buyer-nav'
import { productData, track } from '../tracking'
import { captureTrackingParams } from '../tracking-params'

export const LOAD_FAILED = 'Não foi possível carregar as informações necessárias. Por favor, tente novamente.'
export const INVALID_IDS = 'Informações de produto inválidas.'

/** Why the buyer cannot buy at all, said on the first screen (the server refuses such orders anyway). */
export type Blocker = 'soldOut' | 'noPayments'

export type CheckoutBase =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | {
      state: 'ready'
      storeId: string
      product: PublicProduct
      customization: PublicCustomization | undefined
      blocker: Blocker | undefined
    }

const paths = { PHYSICAL: 'checkout', DIGITAL: 'digital-checkout' } as const

/**
 * The product, the store's look and its payment methods for a checkout page, so a sold-out product or a store that
 * cannot take payments is told up front. A product of the other type sends the buyer to the right checkout
 * (replacing the history entry); AddToCart fires once when the product has loaded.
 */
export function useCheckoutBase(kind: 'PHYSICAL' | 'DIGITAL'): CheckoutBase {
  const { storeId, productId } = useBuyerParams()
  const navigate = useBuyerNavigate()
  const product = useProduct(storeId, productId)
  const customization = useCustomization(storeId)
  const methods = usePaymentMethods(storeId ?? '', Boolean(storeId))
  const tracked = useRef(false)
  const data = product.data

  // Once per page load, before any step changes the URL.
  useEffect(() => captureTrackingParams(), [])

  const wrongType = data && data.type !== kind
  useEffect(() => {
    if (wrongType && storeId && productId) navigate(`/${paths[data.type]}/${storeId}/${productId}`, { replace: true })
  }, [wrongType, data, storeId, productId, navigate])

  useEffect(() => {
    if (!data || wrongType || tracked.current) return
    tracked.current = true
    track('AddToCart', productData(data.storeId, data))
  }, [data, wrongType])

  if (!storeId || !productId) return { state: 'error', message: INVALID_IDS }
  if (product.isError) return { state: 'error', message: LOAD_FAILED }
  // The look is optional: without it the page uses the defaults.
  if (!data || wrongType || customization.isPending || methods.isPending) return { state: 'loading' }
  // A failed methods call is not a verdict: the payment step says so and offers to try again.
  const noPayments = methods.data && !Object.values(methods.data.data).some((m) => m.enabled)
  const blocker: Blocker | undefined = data.soldOut ? 'soldOut' : noPayments ? 'noPayments' : undefined
  return { state: 'ready', storeId, product: data, customization: customization.data, blocker }
}
