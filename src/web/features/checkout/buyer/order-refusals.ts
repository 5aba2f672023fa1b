import type { ErrorCode } from '../../../../shared/error-codes'
import { ApiError } from '../../../lib/api'

/** What a failed order says when nothing more precise is known (and its texts' chunk could not load). */
export const ORDER_FAILED_TEXT = 'Ocorreu um erro ao finalizar seu pedido. Por favor, tente novamente.'

const codeOf = (err: unknown): ErrorCode | undefined => (err instanceof ApiError ? err.code : undefined)

/**
 * What the checkout does about a refused order besides saying why, decided by the answer's code (never its words):
 * a sold-out product turns the page into its sold-out screen, a shipping option that no longer delivers sends the
 * buyer back to choose another, a refused coupon is dropped with its reason under the coupon field.
 */
export type OrderRefusal = { kind: 'soldOut' } | { kind: 'shipping' } | { kind: 'coupon'; reason: string }

export function orderRefusal(err: unknown): OrderRefusal | undefined {
  switch (codeOf(err)) {
    case 'ORDER_SOLD_OUT':
      return { kind: 'soldOut' }
    case 'SHIPPING_UNAVAILABLE':
      return { kind: 'shipping' }
    case 'COUPON_REFUSED':
      return { kind: 'coupon', reason: (err as ApiError).message }
    default:
      return undefined
  }
}

/** The reason a coupon was refused (the server's words), for the coupon field; undefined for any other failure. */
export function couponRefusal(err: unknown): string | undefined {
  return codeOf(err) === 'COUPON_REFUSED' ? (err as ApiError).message : undefined
}

/** A new key per submit attempt; a retry after a network failure keeps the key so it cannot create a second order. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

/** Whether the same key may be reused for the next attempt (the server never answered). */
export function keepKeyAfter(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0
}
