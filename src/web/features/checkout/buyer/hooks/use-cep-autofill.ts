import { useEffect, useRef, useState } from 'react'
import { isValidCep, onlyDigits } from '../../../../../shared/br'
import type { CepLookup } from '../../../../../shared/checkout'
import { ApiError } from '../../../../lib/api'
import { lookupCep } from '../api/lookup-cep'
import { useDebounced } from './use-debounced'

export const CEP_DEBOUNCE_MS = 800
const NOT_FOUND = 'CEP não encontrado'
const LOOKUP_ERROR = 'Erro ao consultar CEP'

export type CepFeedback =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found' }
  | { state: 'error'; message: string }

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
        const notFound = err instanceof ApiError && (err.status === 404 || err.message === NOT_FOUND)
        setFeedback({ state: 'error', message: notFound ? NOT_FOUND : LOOKUP_ERROR })
      })
    return () => {
      live = false
    }
  }, [cep])

  return feedback
}
