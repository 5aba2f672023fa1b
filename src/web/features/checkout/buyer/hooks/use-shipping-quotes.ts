import { useEffect, useState } from 'react'
import { isValidCep, onlyDigits } from '../../../../../shared/br'
import type { ShippingQuoteDto } from '../../../../../shared/checkout'
import { calculateShipping } from '../api/calculate-shipping'
import { useDebounced } from './use-debounced'

export const SHIPPING_DEBOUNCE_MS = 500
const QUOTE_FAILED = 'Não foi possível calcular o frete. Confira o CEP e tente novamente.'

export interface ShippingQuotes {
  options: readonly ShippingQuoteDto[]
  loading: boolean
  /** The options are the spec's default prices, offered because the merchant turned the fallback on. */
  fallback: boolean
  /** Why there is nothing to pick: the server's reason (no delivery to this CEP) or a failed calculation. */
  message: string | null
}

const IDLE: ShippingQuotes = { options: [], loading: false, fallback: false, message: null }

/**
 * Quotes for a complete CEP, 500 ms after it stops changing. Only what the server offers: no invented prices when
 * the store has no option (the server says why) or the call fails.
 */
export function useShippingQuotes(
  storeId: string,
  product: { id: string; price: number },
  zipCode: string,
): ShippingQuotes {
  const cep = useDebounced(onlyDigits(zipCode), SHIPPING_DEBOUNCE_MS)
  const [state, setState] = useState<ShippingQuotes>(IDLE)

  useEffect(() => {
    if (!isValidCep(cep)) {
      setState(IDLE)
      return
    }
    let live = true
    setState((s) => ({ ...s, loading: true }))
    calculateShipping(storeId, cep, { productId: product.id, price: product.price })
      .then((answer) => {
        if (!live) return
        setState({ options: answer.options, loading: false, fallback: answer.fallback, message: answer.message })
      })
      .catch(() => live && setState({ ...IDLE, message: QUOTE_FAILED }))
    return () => {
      live = false
    }
  }, [storeId, product.id, product.price, cep])

  return state
}
