// Roles and their labels, free of zod so the browser's entry chunk can use them.

export const ROLES = ['ADMIN', 'LOJISTA', 'USER', 'MODERATOR'] as const
export type Role = (typeof ROLES)[number]
/** A user account's standing: a suspended user cannot log in and their token stops working. */
export type UserStatus = 'ACTIVE' | 'SUSPENDED'

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  LOJISTA: 'Lojista',
  USER: 'Usuário',
  MODERATOR: 'Moderador',
}

/** An unknown role is displayed as USER. */
export function normalizeRole(role: unknown): Role {
  return ROLES.includes(role as Role) ? (role as Role) : 'USER'
}

export function statusLabel(status: unknown): string {
  if (status === 'ACTIVE') return 'Ativo'
  if (status === 'SUSPENDED') return 'Suspenso'
  return 'Inativo'
}
