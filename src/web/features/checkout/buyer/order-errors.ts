import { MSG } from '../../../../shared/ordering-rules'
import { ApiError } from '../../../lib/api'
import { ORDER_FAILED_TEXT } from './order-refusals'

// The refusal's codes and the attempt's key are read on every page (order-refusals.ts); these texts only after an
// order failed, from their own chunk (loadOrderErrors), re-exported so one import gives both.
export * from './order-refusals'

const GENERIC = ORDER_FAILED_TEXT

const UNAVAILABLE = 'Sistema de pagamento temporariamente indisponível'
export const CARD_REFUSED_TEXT = 'Pagamento recusado. Verifique os dados do cartão ou escolha outra forma de pagamento.'
export const NOT_CONFIGURED_TEXT =
  'Sistema de pagamento não configurado para esta loja. Entre em contato com o vendedor.'

/** A 4xx from our server carries a Portuguese reason the buyer can act on (an invalid field, a rule). */
const ACTIONABLE = new Set([400, 404, 409, 422])

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
