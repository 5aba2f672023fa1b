import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { recoveryTokenOf, restoreFromLink } from './checkout-session'

/**
 * A page opened from a recovery e-mail (?recuperar=…): 'restoring' until the session's fields are in place, so the
 * form mounts already filled. Any other page is 'ready' at once.
 */
export function useRecoveryRestore(): 'restoring' | 'ready' {
  const { storeId } = useParams()
  const [token] = useState(() => (typeof window === 'undefined' ? null : recoveryTokenOf(window.location.search)))
  const [state, setState] = useState<'restoring' | 'ready'>(token ? 'restoring' : 'ready')
  useEffect(() => {
    if (!token || !storeId) return
    let live = true
    restoreFromLink(storeId, token).finally(() => live && setState('ready'))
    return () => {
      live = false
    }
  }, [token, storeId])
  return state
}
