import { createHmac, timingSafeEqual } from 'node:crypto'
import { deriveKey } from '../../platform/crypto'

/** How long a digital-download link works; each order-status read issues a fresh one. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000

function signature(appSecret: string, orderId: string, exp: number): string {
  return createHmac('sha256', deriveKey(appSecret, 'digital-download')).update(`${orderId}.${exp}`).digest('base64url')
}

/** `{exp}.{hmac}`: binds the link to one order and an expiry, so it cannot be guessed or reused for another order. */
export function signDownloadToken(
  appSecret: string,
  orderId: string,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const exp = Math.floor((now + DOWNLOAD_LINK_TTL_MS) / 1000)
  return { token: `${exp}.${signature(appSecret, orderId, exp)}`, expiresAt: new Date(exp * 1000) }
}

export function verifyDownloadToken(appSecret: string, orderId: string, token: string, now = Date.now()): boolean {
  const [expText, sig] = token.split('.')
  const exp = Number(expText)
  if (!sig || !Number.isInteger(exp) || exp * 1000 < now) return false
  const expected = Buffer.from(signature(appSecret, orderId, exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
