import { ApiError } from '../../../lib/api'

const GENERIC = 'Ocorreu um erro ao finalizar seu pedido. Por favor, tente novamente.'
const UNAVAILABLE = 'Sistema de pagamento temporariamente indisponível'

/** A 4xx from our server carries a Portuguese reason the buyer can act on (sold out, invalid field, refused card). */
const ACTIONABLE = new Set([400, 404, 409, 422])

/** Physical order failures (spec 001 §8). */
export function physicalOrderError(err: unknown): string {
  if (!(err instanceof ApiError)) return GENERIC
  if (err.status === 0 || err.status === 402 || err.status === 503) return UNAVAILABLE
  if (ACTIONABLE.has(err.status) && err.message) return err.message
  return GENERIC
}

/** Digital order failures, by cause (spec 001 §8). */
export function digitalOrderError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Erro ao processar os dados do pedido. Por favor, tente novamente.'
  switch (err.status) {
    case 404:
      return 'Este produto não está disponível. Verifique se o link está correto.'
    case 0:
    case 402:
    case 503:
      return 'Sistema de pagamento temporariamente indisponível. Tente novamente em alguns minutos.'
    case 400:
      return err.errors
        ? `Dados do pedido inválidos: ${err.message}`
        : 'Dados do pedido inválidos. Verifique as informações e tente novamente.'
    case 409:
      return err.message
    case 422:
      return err.code === 'PAYMENT_NOT_CONFIGURED'
        ? 'Sistema de pagamento não configurado para esta loja. Entre em contato com o vendedor.'
        : err.message
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
