import { useEffect, useRef, useState } from 'react'
import { isValidCep, onlyDigits } from '../../../../../shared/br'
import type { CepLookup } from '../../../../../shared/checkout'
import { ApiError } from '../../../../lib/api'
import { lookupCep } from '../api/lookup-cep'
import { useDebounced } from './use-debounced'

export const CEP_DEBOUNCE_MS = 800
const NOT_FOUND = 'CEP não encontrado'
/** The lookup service is down or slow: not the buyer's mistake, and the address can be typed by hand. */
export const CEP_UNAVAILABLE = 'Não conseguimos buscar o endereço deste CEP agora. Preencha o endereço abaixo.'

export type CepFeedback =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found' }
  | { state: 'error'; message: string }
  | { state: 'unavailable' }

/**
 * Looks the CEP up 800 ms after it stops changing and hands the address to `onFound`. `alreadyFilled` is a CEP
 * whose address the form already holds (coming back to the step), so the buyer's edits are not overwritten.
 */
export function useCepAutofill(
  zipCode: string,
  onFound: (address: CepLookup) => void,
  alreadyFilled = '',
): CepFeedback {
  const cep = useDebounced(onlyDigits(zipCode), CEP_DEBOUNCE_MS)
  const [feedback, setFeedback] = useState<CepFeedback>({ state: 'idle' })
  const found = useRef(onFound)
  found.current = onFound
  const filled = useRef(onlyDigits(alreadyFilled))

  useEffect(() => {
    if (!isValidCep(cep)) {
      setFeedback({ state: 'idle' })
      return
    }
    if (cep === filled.current) return
    let live = true
    setFeedback({ state: 'loading' })
    lookupCep(cep)
      .then((address) => {
        if (!live) return
        filled.current = cep
        found.current(address)
        setFeedback({ state: 'found' })
      })
      .catch((err) => {
        if (!live) return
        const notFound = err instanceof ApiError && err.code === 'CEP_NOT_FOUND'
        setFeedback(notFound ? { state: 'error', message: NOT_FOUND } : { state: 'unavailable' })
      })
    return () => {
      live = false
    }
  }, [cep])

  return feedback
}
