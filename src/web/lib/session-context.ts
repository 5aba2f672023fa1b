import { createContext, useContext } from 'react'
import { type Session, type SessionUser, takeCleanupNotice } from './session'
import { toast } from './toast'

export interface SessionContextValue {
  user: SessionUser | null
  token: string | null
  isAuthenticated: boolean
  signIn(session: Session): void
  /** Logout: clears everything, says so and goes to /login. */
  signOut(): void
  updateUser(patch: Partial<Omit<SessionUser, 'id'>>): void
}

export const SessionContext = createContext<SessionContextValue | null>(null)

/** Shows the cleanup notice left by an earlier clean-up, once, if younger than 5 minutes. */
export function showCleanupNotice() {
  const message = takeCleanupNotice()
  if (message) toast.info(message)
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('Erro de inicialização')
  return value
}

/** For screens that are only mounted behind <RequireAuth>. */
export function useCurrentUser(): SessionUser {
  const { user } = useSession()
  if (!user) throw new Error('Erro de inicialização')
  return user
}
