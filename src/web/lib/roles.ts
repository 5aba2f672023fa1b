/**
 * Every role rule of the UI lives here (spec 000 §2 Login redirect, §4 Store selection, §6), so screens never
 * compare roles themselves: they use these functions or the <RoleGate>/<RequireRole> components.
 */
import { ROLE_LABELS, type Role } from '../../shared/roles'

export function hasRole(user: { role: Role } | null | undefined, role: Role): boolean {
  return user?.role === role
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role]
}

/** ADMIN → /admin, LOJISTA → /dashboard, any other role → where they came from, or /. */
export function homeAfterLogin(role: Role, from: string | undefined): string {
  if (role === 'ADMIN') return '/admin'
  if (role === 'LOJISTA') return '/dashboard'
  return from && from !== '/login' && from !== '/register' ? from : '/'
}

/** Administrators pick a store themselves; everybody else starts on their first store. */
export function autoSelectsFirstStore(role: Role): boolean {
  return role !== 'ADMIN'
}

/** On /dashboard a merchant is sent into a store (or the welcome card); others see the shared dashboard. */
export function entersStoreFromDashboard(role: Role): boolean {
  return role === 'LOJISTA'
}

/** The platform-wide dashboard endpoint is for administrators; others get a zero-filled local default. */
export function usesPlatformDashboard(role: Role): boolean {
  return role === 'ADMIN'
}
