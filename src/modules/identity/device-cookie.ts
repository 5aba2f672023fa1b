/**
 * Login limits without lock-out (OWASP "Slow down online guessing attacks with device cookies"): a browser that
 * logged in to an account before carries a signed cookie naming that account and a nonce of its own. Its failures
 * count against that device only, so someone guessing an e-mail's password from elsewhere cannot keep its owner out;
 * guesses from devices without the cookie share the per-e-mail budget (and the per-address one) as before. Only
 * failures count: the owner's successful logins spend nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { deriveKey } from '../../platform/crypto'

export const DEVICE_COOKIE = 'device'
const MAX_AGE_S = 365 * 86_400

function sign(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', deriveKey(secret, 'device-cookie')).update(`${email}\u0000${nonce}`).digest('base64url')
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

/** The device id (its nonce) when the request carries a valid device cookie for this e-mail; undefined otherwise. */
export function trustedDevice(request: FastifyRequest, secret: string, email: string): string | undefined {
  const value = readCookie(request, DEVICE_COOKIE)
  const [login, nonce, mac] = value?.split('.') ?? []
  if (!login || !nonce || !mac) return undefined
  if (Buffer.from(login, 'base64url').toString('utf8') !== email) return undefined
  const want = Buffer.from(sign(secret, email, nonce))
  const given = Buffer.from(mac)
  return want.length === given.length && timingSafeEqual(want, given) ? nonce : undefined
}

/** After a successful login: a fresh cookie for this device and account (HttpOnly, scoped to the auth routes). */
export function issueDeviceCookie(reply: FastifyReply, secret: string, email: string, secure: boolean) {
  const nonce = randomBytes(16).toString('base64url')
  const value = `${Buffer.from(email).toString('base64url')}.${nonce}.${sign(secret, email, nonce)}`
  const attrs = [`${DEVICE_COOKIE}=${value}`, 'Path=/api/auth', `Max-Age=${MAX_AGE_S}`, 'HttpOnly', 'SameSite=Strict']
  if (secure) attrs.push('Secure')
  reply.header('set-cookie', attrs.join('; '))
}
