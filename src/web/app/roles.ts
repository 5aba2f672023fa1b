/**
 * Every role rule of the UI lives here (spec 000 §2 Login redirect, §4 Store selection, §6), so screens never
 * compare roles themselves: they use these functions or the <RoleGate>/<RequireRole> components.
 */
import type { Role } from '../../shared/identity'

// Same labels as shared/identity's ROLE_LABELS, kept here so the entry chunk does not import zod schemas.
const ROLE_LABELS = {
  ADMIN: 'Administrador',
  LOJISTA: 'Lojista',
  USER: 'Usuário',
  MODERATOR: 'Moderador',
} as const satisfies Record<Role, string>

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
