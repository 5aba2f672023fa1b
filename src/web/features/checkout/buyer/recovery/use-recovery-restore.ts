import { useEffect, useState } from 'react'
import { useBuyerNavigate, useBuyerParams } from '../nav/buyer-nav'
import { recoveryTokenOf } from './checkout-session'

/**
 * A page opened from a recovery e-mail (?recuperar=…): 'restoring' until the session's fields are in place, so the
 * form mounts already filled, on the step the buyer had reached (`?etapa=`, which the flow then allows only as far
 * as the restored data goes). The token leaves the address bar. Any other page is 'ready' at once.
 */
export function useRecoveryRestore(): 'restoring' | 'ready' {
  const { storeId } = useBuyerParams()
  const navigate = useBuyerNavigate()
  const [token] = useState(() => (typeof window === 'undefined' ? null : recoveryTokenOf(window.location.search)))
  const [state, setState] = useState<'restoring' | 'ready'>(token ? 'restoring' : 'ready')
  useEffect(() => {
    if (!token || !storeId) return
    let live = true
    import('./restore-from-link')
      .then((m) => m.restoreFromLink(storeId, token))
      .catch(() => 1)
      .then((step) => {
        if (!live) return
        const params = new URLSearchParams(window.location.search)
        params.delete('recuperar')
        if (step > 1) params.set('etapa', String(step))
        else params.delete('etapa')
        const search = params.toString()
        // Through the router, so the step in the URL is the one the flow reads.
        navigate({ search: search ? `?${search}` : '' }, { replace: true })
        setState('ready')
      })
    return () => {
      live = false
    }
  }, [token, storeId, navigate])
  return state
}
