/**
 * Refunds at the gateway, for the module that owns the charge's subject (ordering). The gateway's answer is given
 * back to the caller; what the refund changes is recorded when the gateway reports it (its postback, re-read in
 * status.ts, announces payment.refunded once per gateway refund id), so a refund is never applied twice.
 */
import { PAYMENT_MESSAGES } from '../../shared/payments'
import { storeApiKey } from './config-service'
import { gatewayFor } from './gateway'
import { GatewayError, type GatewayErrorKind } from './gateway-client'
import * as repo from './repository'
import type { PaymentsDeps } from './service'

export interface RefundRequest {
  storeId: string
  /** Our payment_transactions.id: the charge that paid the order. */
  transactionId: string
  amountCents: number
  reason?: string
  /** The caller's refund id: a retry of the same refund is answered with the refund already made. */
  externalRef: string
}

export type RefundOutcome =
  | { ok: true; gatewayRefundId: string; amountCents: number }
  | { ok: false; kind: GatewayErrorKind | 'not_refundable'; message: string }

export async function refundCharge(deps: PaymentsDeps, req: RefundRequest): Promise<RefundOutcome> {
  const row = await repo.findTransaction(deps.db, req.transactionId)
  if (!row || row.store_id !== req.storeId || !row.gateway_id)
    return { ok: false, kind: 'not_refundable', message: 'Transação do pedido não encontrada' }
  if (row.status !== 'PAID') return { ok: false, kind: 'not_refundable', message: 'Transação não está paga' }
  const key = await storeApiKey(deps, req.storeId)
  if (!key) return { ok: false, kind: 'unauthorized', message: PAYMENT_MESSAGES.notConfigured }
  try {
    const refund = await gatewayFor(deps).refundTransaction(key, row.gateway_id, {
      amountCents: req.amountCents,
      reason: req.reason,
      externalRef: req.externalRef,
    })
    if (refund.amountCents !== req.amountCents)
      return { ok: false, kind: 'malformed', message: 'Resposta inválida do proxy AtivoPay' }
    return { ok: true, gatewayRefundId: refund.id, amountCents: refund.amountCents }
  } catch (err) {
    if (err instanceof GatewayError) return { ok: false, kind: err.kind, message: err.message }
    return { ok: false, kind: 'other', message: 'Erro na transação' }
  }
}
