/**
 * Signed links of recovery e-mails: the recovery link (a session of one store, 7 days) and the opt-out link (a
 * store and an e-mail, no expiry). HMAC-SHA256 with their own derived keys, so neither doubles as the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { deriveKey } from '../../platform/crypto'

export const RECOVERY_LINK_TTL_MS = 7 * 24 * 3600_000

function mac(secret: string, purpose: string, body: string) {
  return createHmac('sha256', deriveKey(secret, purpose)).update(body).digest('base64url')
}

function verified(secret: string, purpose: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.')
  if (dot <= 0 || token.length > 600) return undefined
  const body = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1))
  const expected = Buffer.from(mac(secret, purpose, body))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return Buffer.from(body, 'base64url').toString('utf8')
}

export function recoveryLinkToken(secret: string, sessionId: string, storeId: string, now = Date.now()) {
  const body = Buffer.from(`${sessionId}|${storeId}|${now + RECOVERY_LINK_TTL_MS}`).toString('base64url')
  return `${body}.${mac(secret, 'recovery-link', body)}`
}

/** The session a recovery token names, if it is genuine, unexpired and of this store. */
export function verifyRecoveryLink(secret: string, token: string, storeId: string, now = Date.now()) {
  const body = verified(secret, 'recovery-link', token)
  if (!body) return undefined
  const [sessionId, tokenStore, exp] = body.split('|')
  if (tokenStore !== storeId || !(Number(exp) > now) || !sessionId) return undefined
  return sessionId
}

export function unsubscribeToken(secret: string, storeId: string, email: string) {
  const body = Buffer.from(`${storeId}|${email}`).toString('base64url')
  return `${body}.${mac(secret, 'recovery-unsubscribe', body)}`
}

export function verifyUnsubscribe(secret: string, token: string) {
  const body = verified(secret, 'recovery-unsubscribe', token)
  if (!body) return undefined
  const [storeId, email] = body.split('|')
  return storeId && email ? { storeId, email } : undefined
}
