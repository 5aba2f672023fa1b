/**
 * Refunds at the gateway, for the module that owns the charge's subject (ordering). The gateway's answer is given
 * back to the caller; what the refund changes is recorded when the gateway reports it (its postback, re-read in
 * status.ts, announces payment.refunded once per gateway refund id), so a refund is never applied twice. A PIX
 * Automático payment has no such re-read: the port's answer is recorded the same way (applyAnsweredRefund).
 */
import { PAYMENT_MESSAGES } from '../../shared/payments'
import { storeApiKey } from './config-service'
import { GatewayError, type GatewayErrorKind } from './gateway-client'
import * as repo from './repository'
import { targetOfCharge } from './routing'
import type { PaymentsDeps, WorkerDeps } from './service'
import { applyAnsweredRefund, rereadTransaction } from './status'

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
  // The refund goes to the account that charged, whatever the store's routing says today.
  const target = await targetOfCharge(deps, row, () => storeApiKey(deps, req.storeId))
  if (!target) return { ok: false, kind: 'unauthorized', message: PAYMENT_MESSAGES.notConfigured }
  if (!target.gateway.capabilities.refunds)
    return { ok: false, kind: 'not_refundable', message: 'Este gateway não faz estornos pela plataforma' }
  // A PIX Automático payment (the mandate's QR, a debit) is refunded through that port, by the payment it names.
  const pixAutomatic = Boolean(row.request.metadata?.pixAutomaticAuthorizationId)
  const port = target.gateway.pixAutomatic
  if (pixAutomatic && !port?.refundPayment)
    return { ok: false, kind: 'not_refundable', message: 'Este gateway não estorna Pix Automático pela plataforma' }
  let refund: Awaited<ReturnType<typeof target.gateway.refund>>
  try {
    const input = { amountCents: req.amountCents, reason: req.reason, externalRef: req.externalRef }
    refund = pixAutomatic
      ? await port!.refundPayment!(target.key, row.gateway_id, input)
      : await target.gateway.refund(target.key, row.gateway_id, input)
  } catch (err) {
    if (err instanceof GatewayError) return { ok: false, kind: err.kind, message: err.message }
    return { ok: false, kind: 'other', message: 'Erro na transação' }
  }
  if (refund.amountCents !== req.amountCents)
    return { ok: false, kind: 'malformed', message: 'Resposta inválida do proxy AtivoPay' }
  // No postback re-reads a PIX Automático payment as a charge: its answer is what records the refund (outside the
  // try: the gateway refunded, so a failure of ours must not be reported as a refused refund).
  if (pixAutomatic)
    await applyAnsweredRefund(deps, row.id, { ...refund, externalRef: refund.externalRef ?? req.externalRef })
  return { ok: true, gatewayRefundId: refund.id, amountCents: refund.amountCents }
}

/** Where a refund asked with `externalRef` stands at the gateway. */
export type RefundLookup =
  | { state: 'made'; gatewayRefundId: string; amountCents: number }
  | { state: 'absent' }
  /** The gateway did not answer: ask later. */
  | { state: 'unreachable'; message: string }
  /** Not readable here (no key, not this store's charge, an answer we cannot read): nothing can be concluded. */
  | { state: 'unknown' }

/**
 * Looks a refund up at the gateway by the reference we gave it: re-reads the charge as a postback does (its refunds
 * recorded and announced once each as payment.refunded) and says whether the one named `externalRef` is among them.
 * Only a charge the gateway answered for says 'absent'.
 */
export async function lookUpRefund(
  deps: WorkerDeps,
  req: Pick<RefundRequest, 'storeId' | 'transactionId' | 'externalRef'>,
): Promise<RefundLookup> {
  const row = await repo.findTransaction(deps.db, req.transactionId)
  if (!row || row.store_id !== req.storeId) return { state: 'unknown' }
  if (row.request.metadata?.pixAutomaticAuthorizationId) return lookUpPixRefund(deps, row, req.externalRef)
  let gw: Awaited<ReturnType<typeof rereadTransaction>>['gw']
  try {
    gw = (await rereadTransaction(deps, req.transactionId)).gw
  } catch (err) {
    // rereadTransaction throws a gateway error only when the gateway did not answer; anything else is ours.
    if (err instanceof GatewayError) return { state: 'unreachable', message: err.message }
    throw err
  }
  if (!gw) return { state: 'unknown' }
  const made = gw.refunds.find((r) => r.externalRef === req.externalRef)
  return made ? { state: 'made', gatewayRefundId: made.id, amountCents: made.amountCents } : { state: 'absent' }
}

/**
 * lookUpRefund for a PIX Automático payment (no charge to re-read): the port lists the payment's refunds; each is
 * recorded as its answer would have been (applyAnsweredRefund, once per gateway refund id).
 */
async function lookUpPixRefund(deps: WorkerDeps, row: repo.TransactionRow, externalRef: string): Promise<RefundLookup> {
  const target = await targetOfCharge(deps, row, () => storeApiKey(deps, row.store_id))
  const list = target?.gateway.pixAutomatic?.paymentRefunds
  if (!target || !list || !row.gateway_id) return { state: 'unknown' }
  let refunds: Awaited<ReturnType<typeof list>>
  try {
    refunds = await list(target.key, row.gateway_id)
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'unavailable') return { state: 'unreachable', message: err.message }
    if (err instanceof GatewayError) return { state: 'unknown' }
    throw err
  }
  for (const r of refunds) await applyAnsweredRefund(deps, row.id, r)
  const made = refunds.find((r) => r.externalRef === externalRef)
  return made ? { state: 'made', gatewayRefundId: made.id, amountCents: made.amountCents } : { state: 'absent' }
}
