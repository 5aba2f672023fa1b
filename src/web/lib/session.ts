/**
 * The session as the browser keeps it (spec 000 §4 Session, §9): three values in localStorage — token, user,
 * selectedStoreId — plus a short-lived cleanup notification. Pure functions; the React side is app/session.tsx.
 */
import { normalizeRole, type Role } from '../../shared/roles'
import { TOKEN_KEY } from './api'

export { normalizeRole }

export const USER_KEY = 'user'
export const SELECTED_STORE_KEY = 'selectedStoreId'
export const CLEANUP_NOTICE_KEY = 'cleanupNotification'
export const CLEANUP_NOTICE_MAX_AGE_MS = 5 * 60_000

export interface SessionUser {
  id: string
  email: string
  name: string
  role: Role
}

export interface Session {
  token: string
  user: SessionUser
}

interface TokenClaims {
  sub?: unknown
  email?: unknown
  name?: unknown
  role?: unknown
  exp?: unknown
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4)
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The claims of a token that has three parts, decodes, and whose exp lies in the future; otherwise undefined. */
export function validClaims(token: string | null, now = Date.now()): TokenClaims | undefined {
  if (!token) return undefined
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as TokenClaims
    if (typeof claims !== 'object' || claims === null) return undefined
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return undefined
    return claims
  } catch {
    return undefined
  }
}

function parseStoredUser(raw: string | null): Partial<SessionUser> | undefined {
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as unknown
    return typeof value === 'object' && value !== null ? (value as Partial<SessionUser>) : undefined
  } catch {
    return undefined
  }
}

/** Builds the user from the stored copy when it belongs to the token, else from the claims; the token's role wins. */
export function userFromToken(claims: TokenClaims, stored: Partial<SessionUser> | undefined): SessionUser {
  const sub = String(claims.sub ?? '')
  const base: SessionUser =
    stored && stored.id === sub
      ? {
          id: sub,
          email: String(stored.email ?? claims.email ?? ''),
          name: String(stored.name || claims.name || 'Usuário'),
          role: normalizeRole(stored.role),
        }
      : {
          id: sub,
          email: String(claims.email ?? ''),
          name: typeof claims.name === 'string' && claims.name ? claims.name : 'Usuário',
          role: normalizeRole(claims.role),
        }
  if (claims.role !== undefined && normalizeRole(claims.role) !== base.role) base.role = normalizeRole(claims.role)
  return base
}

/** Startup: restores a valid session, or removes token and user and returns undefined. */
export function restoreSession(): Session | undefined {
  const token = localStorage.getItem(TOKEN_KEY)
  const claims = validClaims(token)
  if (!token || !claims) {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
    return undefined
  }
  const user = userFromToken(claims, parseStoredUser(localStorage.getItem(USER_KEY)))
  localStorage.setItem(USER_KEY, JSON.stringify(user))
  return { token, user }
}

export function saveSession(session: Session) {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(USER_KEY, JSON.stringify(session.user))
}

export function saveUser(user: SessionUser) {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

/** After a 401 or a failed login: token and user go, the chosen store stays for the next login. */
export function clearCredentials() {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
}

/** Logout clears everything the session keeps. */
export function clearSession() {
  clearCredentials()
  localStorage.removeItem(SELECTED_STORE_KEY)
}

export function readSelectedStoreId(): string | null {
  return localStorage.getItem(SELECTED_STORE_KEY)
}

export function writeSelectedStoreId(id: string | null) {
  if (id) localStorage.setItem(SELECTED_STORE_KEY, id)
  else localStorage.removeItem(SELECTED_STORE_KEY)
}

/** Leaves a message for the next start (shown only if younger than 5 minutes). */
export function storeCleanupNotice(message: string) {
  localStorage.setItem(CLEANUP_NOTICE_KEY, JSON.stringify({ message, at: Date.now() }))
}

/** Reads and removes the cleanup notice; returns its message when it is still fresh. */
export function takeCleanupNotice(now = Date.now()): string | undefined {
  const raw = localStorage.getItem(CLEANUP_NOTICE_KEY)
  if (raw === null) return undefined
  localStorage.removeItem(CLEANUP_NOTICE_KEY)
  try {
    const { message, at } = JSON.parse(raw) as { message?: unknown; at?: unknown }
    if (typeof message === 'string' && typeof at === 'number' && now - at < CLEANUP_NOTICE_MAX_AGE_MS) return message
  } catch {}
  return undefined
}

/**
 * Removes what no longer matches the session: a selected store that is not among the user's stores, and a stored
 * user that is not the token's subject. Returns how many entries went.
 */
export function clearObsoleteData(storeIds: string[] | undefined): number {
  let removed = 0
  const selected = readSelectedStoreId()
  if (selected && storeIds && !storeIds.includes(selected)) {
    writeSelectedStoreId(null)
    removed++
  }
  const claims = validClaims(localStorage.getItem(TOKEN_KEY))
  const stored = parseStoredUser(localStorage.getItem(USER_KEY))
  if (stored && (!claims || stored.id !== claims.sub)) {
    localStorage.removeItem(USER_KEY)
    removed++
  }
  if (!claims && localStorage.getItem(TOKEN_KEY) !== null) {
    localStorage.removeItem(TOKEN_KEY)
    removed++
  }
  return removed
}
