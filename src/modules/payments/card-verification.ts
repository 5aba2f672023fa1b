/**
 * A free trial's card (issue 36): instead of a charge, a zero-value check at the first account whose gateway has
 * cardVerification. Its answer is stored like a card charge decided at once — a verified card is a PAID charge of
 * R$ 0,00 whose token is kept through keep-card.ts (so a renewal finds it as it finds a card kept after a paid
 * charge); a refused card is REFUSED. No money moves.
 */
import { PAYMENT_MESSAGES } from '../../shared/payments'
import * as accounts from './accounts.repository'
import type { CreateOutcome, CreatingRow, SentCharge, WorkerDeps } from './charge-types'
import type { ChargeRequest } from './contract'
import { GatewayError, type GatewayTransaction, type SerializedGatewayError } from './gateway-client'
import { type CardVerification, safeToFallBack } from './gateway-port'
import type { ChargeTarget } from './routing'

export const TRIAL_UNSUPPORTED = 'Esta loja ainda não aceita período de teste grátis com cartão'

/** A charge row of R$ 0,00 by card is a card check: only prepareCharge's `verifyOnly` writes one. */
export const isVerification = (row: Pick<CreatingRow, 'method' | 'amount_cents'>) =>
  row.method === 'CREDIT_CARD' && row.amount_cents === 0

type Fail = (deps: WorkerDeps, id: string, error: SerializedGatewayError) => Promise<CreateOutcome>

/** The card check of a verification row, at the first account that can check a card (the next one only if down). */
export async function sendVerification(
  deps: WorkerDeps,
  row: CreatingRow,
  targets: ChargeTarget[],
  card: NonNullable<ChargeRequest['card']>,
  fail: Fail,
): Promise<CreateOutcome | { gw: SentCharge }> {
  const able = targets.filter((t) => t.account && t.gateway.capabilities.cardVerification && t.gateway.verifyCard)
  if (!able.length) return fail(deps, row.id, { kind: 'invalid', message: TRIAL_UNSUPPORTED })
  for (const [i, { account, gateway, key }] of able.entries()) {
    await accounts.setChargeAccount(deps.db, row.id, account!.id)
    try {
      const v = await gateway.verifyCard!(key, {
        card,
        customer: row.request.customer,
        externalRef: row.id,
        ip: row.request.ip,
      })
      return { gw: asTransaction(row, v, account!.id, card) }
    } catch (err) {
      const error =
        err instanceof GatewayError ? err.toJSON() : { kind: 'other' as const, message: 'Erro na transação' }
      deps.log.warn({ transactionId: row.id, provider: gateway.provider, kind: error.kind }, 'card check failed')
      if (safeToFallBack(error) && i < able.length - 1) continue
      return fail(
        deps,
        row.id,
        error.kind === 'unavailable' ? { ...error, message: PAYMENT_MESSAGES.unavailable } : error,
      )
    }
  }
  return fail(deps, row.id, { kind: 'unavailable', message: PAYMENT_MESSAGES.unavailable })
}

/** A check's answer as the transaction storeCreated records: PAID at R$ 0,00 with the card to keep, or REFUSED. */
function asTransaction(
  row: CreatingRow,
  v: CardVerification,
  accountId: string,
  card: NonNullable<ChargeRequest['card']>,
): SentCharge {
  const now = new Date().toISOString()
  const base: GatewayTransaction = {
    id: v.id,
    status: v.status === 'VERIFIED' ? 'PAID' : 'REFUSED',
    gatewayStatus: v.status,
    chargedBack: false,
    amountCents: 0,
    paidAmountCents: v.status === 'VERIFIED' ? 0 : null,
    method: 'CREDIT_CARD',
    pix: null,
    boleto: null,
    card: v.status === 'VERIFIED' ? v.card : { lastDigits: row.card_last4, brand: row.card_brand },
    secureUrl: null,
    refusedReason: v.status === 'REFUSED' ? v.refusedReason : null,
    metadata: null,
    externalRef: row.id,
    paidAt: v.status === 'VERIFIED' ? now : null,
    createdAt: now,
    refunds: [],
    refundedAmountCents: 0,
  }
  if (v.status !== 'VERIFIED') return base
  // A trial's card is kept for good whatever the buyer ticked: the first charge at the trial's end needs it.
  return {
    ...base,
    keep: { ...v.savedCard, accountId, expMonth: card.expMonth, expYear: card.expYear, save: true },
  }
}
