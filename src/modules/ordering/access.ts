import { createHmac, timingSafeEqual } from 'node:crypto'
import { deriveKey } from '../../platform/crypto'
import { type OrderStatus, PAID_STATUSES } from '../../shared/ordering'
import { orderSnapshot } from './snapshot'
import type { DbOrTrx } from './tables'

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

/** An `{exp}.{hmac}` token not expired at `now` whose hmac is `sign(exp)`, compared in constant time. */
function verifyExpiring(token: string, now: number, sign: (exp: number) => string): boolean {
  const [expText, sig] = token.split('.')
  const exp = Number(expText)
  if (!sig || !Number.isInteger(exp) || exp * 1000 < now) return false
  const expected = Buffer.from(sign(exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function verifyDownloadToken(appSecret: string, orderId: string, token: string, now = Date.now()): boolean {
  return verifyExpiring(token, now, (exp) => signature(appSecret, orderId, exp))
}

/** How long a review link from the order page works; each order-status read issues a fresh one. */
export const REVIEW_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000

function reviewSignature(appSecret: string, orderId: string, exp: number): string {
  return createHmac('sha256', deriveKey(appSecret, 'order-review')).update(`${orderId}.${exp}`).digest('base64url')
}

/** `{exp}.{hmac}` for a paid order: what lets its buyer leave a verified-purchase review (reviews module). */
export function signReviewToken(appSecret: string, orderId: string, now = Date.now()): string {
  const exp = Math.floor((now + REVIEW_LINK_TTL_MS) / 1000)
  return `${exp}.${reviewSignature(appSecret, orderId, exp)}`
}

export function verifyReviewToken(appSecret: string, orderId: string, token: string, now = Date.now()): boolean {
  return verifyExpiring(token, now, (exp) => reviewSignature(appSecret, orderId, exp))
}

export interface PaidOrder {
  orderId: string
  storeId: string
  status: OrderStatus
  productIds: string[]
  customer: { name: string; email: string }
}

/** The order behind a valid review token while it is paid (PAID…DELIVERED); undefined otherwise. */
export async function paidOrderFor(
  db: DbOrTrx,
  appSecret: string,
  orderId: string,
  token: string,
): Promise<PaidOrder | undefined> {
  if (!verifyReviewToken(appSecret, orderId, token)) return undefined
  const order = await orderSnapshot(db, orderId)
  if (!order || !PAID_STATUSES.includes(order.status)) return undefined
  return {
    orderId: order.id,
    storeId: order.storeId,
    status: order.status,
    productIds: order.items.map((i) => i.productId),
    customer: { name: order.customer.name, email: order.customer.email },
  }
}
