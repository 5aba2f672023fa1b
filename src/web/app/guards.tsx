import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import type { Role } from '../../shared/identity'
import { useProfile } from '../features/account/api/get-profile'
import { hasRole } from '../lib/roles'
import { useSession } from '../lib/session-context'
import { Loading } from '../ui'
import { AccessDenied } from './access-denied'

/** Authenticated routes: an anonymous visitor goes to /login, which remembers where they were going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useSession()
  const location = useLocation()
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to="/login" replace state={{ from }} />
  }
  return children ?? <Outlet />
}

/**
 * Role-restricted routes. The role is checked against the server's current profile (a token may carry a role the
 * account no longer has); while that answer is on its way: 'Verificando permissões...'.
 */
export function RequireRole({ role, children }: { role: Role; children?: ReactNode }) {
  const { user } = useSession()
  const profile = useProfile()
  if (!user) return <RequireAuth />
  if (profile.isPending) return <Loading message="Verificando permissões..." />
  const current = profile.data ?? user
  if (!hasRole(current, role)) return <AccessDenied role={current.role} />
  return children ?? <Outlet />
}

/** Renders its children only for the given role (sidebar entries, role-specific panels). */
export function RoleGate({
  role,
  children,
  fallback = null,
}: {
  role: Role
  children: ReactNode
  fallback?: ReactNode
}) {
  const { user } = useSession()
  return hasRole(user, role) ? children : fallback
}
