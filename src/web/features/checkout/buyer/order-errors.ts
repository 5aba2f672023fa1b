import type { ErrorCode } from '../../../../shared/error-codes'
import { MSG } from '../../../../shared/ordering-rules'
import { ApiError } from '../../../lib/api'

const GENERIC = 'Ocorreu um erro ao finalizar seu pedido. Por favor, tente novamente.'
const UNAVAILABLE = 'Sistema de pagamento temporariamente indisponível'
export const CARD_REFUSED_TEXT = 'Pagamento recusado. Verifique os dados do cartão ou escolha outra forma de pagamento.'
export const NOT_CONFIGURED_TEXT =
  'Sistema de pagamento não configurado para esta loja. Entre em contato com o vendedor.'

/** A 4xx from our server carries a Portuguese reason the buyer can act on (an invalid field, a rule). */
const ACTIONABLE = new Set([400, 404, 409, 422])

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

/** The text for the reasons both checkouts say the same way, by code. */
function byCode(err: ApiError): string | undefined {
  switch (err.code) {
    case 'ORDER_SOLD_OUT':
      return MSG.soldOut
    case 'PRODUCT_UNAVAILABLE':
      return MSG.productUnavailable
    case 'CARD_REFUSED':
      return CARD_REFUSED_TEXT
    // The server's own reason: which rule the coupon broke, why the option does not deliver.
    case 'COUPON_REFUSED':
    case 'SHIPPING_UNAVAILABLE':
      return err.message
    default:
      return undefined
  }
}

/** Physical order failures (spec 001 §8). */
export function physicalOrderError(err: unknown): string {
  if (!(err instanceof ApiError)) return GENERIC
  if (err.status === 0 || err.status === 402 || err.status === 503) return UNAVAILABLE
  const known = byCode(err)
  if (known) return known
  if (ACTIONABLE.has(err.status) && err.message) return err.message
  return GENERIC
}

/** Digital order failures, by cause (spec 001 §8). */
export function digitalOrderError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Erro ao processar os dados do pedido. Por favor, tente novamente.'
  if (err.code === 'PAYMENT_NOT_CONFIGURED') return NOT_CONFIGURED_TEXT
  const known = byCode(err)
  if (known) return known
  switch (err.status) {
    case 0:
    case 402:
    case 503:
      return 'Sistema de pagamento temporariamente indisponível. Tente novamente em alguns minutos.'
    case 400:
      return err.errors
        ? `Dados do pedido inválidos: ${err.message}`
        : 'Dados do pedido inválidos. Verifique as informações e tente novamente.'
    case 409:
    case 422:
      return err.message
    default:
      return GENERIC
  }
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
