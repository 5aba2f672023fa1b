import { useEffect, useState } from 'react'
import { isValidCep, onlyDigits } from '../../../../../shared/br'
import type { ShippingQuoteDto } from '../../../../../shared/checkout'
import { FALLBACK_SHIPPING } from '../../../../../shared/ordering-rules'
import { calculateShipping } from '../api/calculate-shipping'
import { useDebounced } from './use-debounced'

export const SHIPPING_DEBOUNCE_MS = 500

export interface ShippingQuotes {
  options: readonly ShippingQuoteDto[]
  loading: boolean
  /** The options are the spec's defaults because the calculation failed or returned nothing. */
  fallback: boolean
}

/** Quotes for a complete CEP, 500 ms after it stops changing; the fallback options when the call fails or is empty. */
export function useShippingQuotes(
  storeId: string,
  product: { id: string; price: number },
  zipCode: string,
): ShippingQuotes {
  const cep = useDebounced(onlyDigits(zipCode), SHIPPING_DEBOUNCE_MS)
  const [state, setState] = useState<ShippingQuotes>({ options: [], loading: false, fallback: false })

  useEffect(() => {
    if (!isValidCep(cep)) {
      setState({ options: [], loading: false, fallback: false })
      return
    }
    let live = true
    setState((s) => ({ ...s, loading: true }))
    calculateShipping(storeId, cep, { productId: product.id, price: product.price })
      .then((answer) => {
        if (!live) return
        const empty = answer.options.length === 0
        setState({ options: empty ? FALLBACK_SHIPPING : answer.options, loading: false, fallback: empty })
      })
      .catch(() => live && setState({ options: FALLBACK_SHIPPING, loading: false, fallback: true }))
    return () => {
      live = false
    }
  }, [storeId, product.id, product.price, cep])

  return state
}
