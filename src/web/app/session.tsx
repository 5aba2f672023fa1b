import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { setUnauthorizedHandler } from '../lib/api'
import {
  clearCredentials,
  clearSession,
  restoreSession,
  type Session,
  type SessionUser,
  saveSession,
  saveUser,
} from '../lib/session'
import { SessionContext, type SessionContextValue, showCleanupNotice } from '../lib/session-context'
import { toast } from '../lib/toast'

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | undefined>(restoreSession)
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(showCleanupNotice, [])

  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearCredentials()
      setSession(undefined)
      queryClient.clear()
      const from = `${window.location.pathname}${window.location.search}`
      navigate('/login', { replace: true, state: { from } })
    })
    return () => setUnauthorizedHandler(undefined)
  }, [navigate, queryClient])

  const signIn = useCallback(
    (next: Session) => {
      queryClient.clear()
      saveSession(next)
      setSession(next)
    },
    [queryClient],
  )

  const signOut = useCallback(() => {
    clearSession()
    setSession(undefined)
    queryClient.clear()
    toast.info('Você foi desconectado.')
    navigate('/login', { replace: true })
  }, [navigate, queryClient])

  const updateUser = useCallback((patch: Partial<Omit<SessionUser, 'id'>>) => {
    setSession((current) => {
      if (!current) return current
      const user = { ...current.user, ...patch }
      saveUser(user)
      return { ...current, user }
    })
  }, [])

  const value = useMemo<SessionContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isAuthenticated: !!session,
      signIn,
      signOut,
      updateUser,
    }),
    [session, signIn, signOut, updateUser],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
