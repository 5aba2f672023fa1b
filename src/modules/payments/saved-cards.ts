/**
 * Saved cards: after an approved card charge on an account whose gateway has cardOnFile, the gateway's token is kept
 * for (store, buyer e-mail) — token (encrypted), brand, last 4, expiry, the account; never the number nor the CVV.
 * A later charge of that store (an upsell, a renewal) uses the token at that same account, with no card data.
 */
import type { Clock } from '../../platform/clock'
import { decryptSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { webhookUrl } from './config-service'
import type { ChargeRequest, ChargeResult } from './contract'
import { toChargeResult } from './dto'
import { GatewayError } from './gateway-client'
import { chargeSplitOf } from './gateway-port'
import * as repo from './repository'
import { targetOf } from './routing'
import * as cards from './saved-cards.repository'
import { chargeFailure, chargeRow, type PaymentsDeps, storeCreated, withLog } from './service'
import type { ChargePurpose } from './tables'

export const SAVED_CARD_MESSAGES = {
  notFound: 'Cartão salvo não encontrado',
  unsupported: 'Este gateway não permite cobrar um cartão salvo',
} as const

export interface SavedCard {
  id: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
  /** Kept only for this purchase's offers (until then). */
  expiresAt: string | null
  createdAt: string
}

const toSavedCard = (r: cards.InstrumentRow): SavedCard => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  expiresAt: r.expires_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
})

/** The injected clock when there is one (a test's controlled clock): the 30 minutes of a card not saved are its. */
const nowOf = (deps: { clock?: Clock }) => deps.clock?.now() ?? new Date()

/**
 * A buyer's cards kept for next purchases at a store. A card the buyer did not ask to keep is not among them: it
 * serves only the offers of the purchase it paid, reached through that charge (savedCardOfCharge).
 */
export async function savedCardsOf(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  q: { storeId: string; buyerEmail: string },
): Promise<SavedCard[]> {
  const kept = await cards.listInstruments(deps.db, q.storeId, q.buyerEmail, nowOf(deps))
  return kept.filter((c) => c.expires_at === null).map(toSavedCard)
}

export async function forgetSavedCard(deps: Pick<PaymentsDeps, 'db'>, storeId: string, cardId: string) {
  if (!(await cards.deleteInstrument(deps.db, storeId, cardId))) throw notFound()
}

const notFound = () => new AppError(404, SAVED_CARD_MESSAGES.notFound, undefined, 'SAVED_CARD_NOT_FOUND')

export interface SavedCardCharge {
  storeId: string
  /** The card; absent: the buyer's newest card kept for good (a renewal charges whichever card the buyer has now). */
  cardId?: string
  /** The buyer the caller is charging: a card of another buyer of the same store is not found either. */
  buyerEmail: string
  orderRef: string
  amountCents: number
  customer: ChargeRequest['customer']
  items: ChargeRequest['items']
  ip?: string
  purpose?: ChargePurpose
  /** The plan the buyer chose (a funnel step's 'Parcelas'); the amount already carries its interest. 1 by default. */
  installments?: number
  /**
   * The charge's id, chosen by the caller when it must find the charge again after a crash (a renewal attempt
   * records it before the gateway call, so the next pass reads the charge back instead of charging twice).
   */
  transactionId?: string
}

/**
 * Charges a saved card (merchant-initiated: no CVV) at the account that saved it — never another: the token means
 * nothing elsewhere. 404 for a card of another store or buyer (or expired); 409 when the gateway lost cardOnFile.
 * A declined card answers status REFUSED, like createCharge.
 */
export async function chargeSavedCard(deps: PaymentsDeps, req: SavedCardCharge): Promise<ChargeResult> {
  if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new AppError(400, 'Valor inválido')
  // The card and its account in one read (the renewals bench charges 10,000 of these a day).
  const found = await cards.findChargeableInstrument(
    deps.db,
    req.storeId,
    req.cardId ? { id: req.cardId } : { buyerEmail: req.buyerEmail.trim() },
    nowOf(deps),
  )
  if (!found || found.card.buyer_email !== req.buyerEmail.trim().toLowerCase()) throw notFound()
  const { card, account } = found
  const target = targetOf(deps, account)
  if (!target.gateway.capabilities.cardOnFile)
    throw new AppError(409, SAVED_CARD_MESSAGES.unsupported, undefined, 'CARD_ON_FILE_UNSUPPORTED')
  const request: ChargeRequest = {
    storeId: req.storeId,
    orderRef: req.orderRef,
    amountCents: req.amountCents,
    method: 'CREDIT_CARD',
    customer: req.customer,
    items: req.items,
    ip: req.ip,
    metadata: { savedCard: card.id },
  }
  const row = await repo.insertTransaction(deps.db, {
    ...chargeRow(deps, request, req.purpose ?? 'ORDER'),
    ...(req.transactionId ? { id: req.transactionId } : {}),
    card_last4: card.last4,
    card_brand: card.brand,
    account_id: account.id,
  })
  const logged = withLog(deps)
  let outcome: Awaited<ReturnType<typeof storeCreated>>
  try {
    // A renewal of a recurring program pays its partners at settlement where the gateway splits (as sendToGateway).
    const split = target.gateway.capabilities.split
      ? await chargeSplitOf(deps.db, { ...req, accountId: account.id })
      : undefined
    const gw = await target.gateway.charge(target.key, {
      ...(split ? { split } : {}),
      amountCents: req.amountCents,
      method: 'CREDIT_CARD',
      customer: req.customer,
      items: req.items,
      cardToken: decryptSecret(deps.config.APP_SECRET, card.token_encrypted),
      customerRef: card.customer_ref ?? undefined,
      installments: req.installments ?? 1,
      // Where the gateway tells a refund or chargeback made on its side (a renewal's, a one-tap offer's), as for
      // every other charge: without it, only the reconcile sweep would ever learn of them.
      postbackUrl: webhookUrl(deps.config.publicUrl),
      externalRef: row.id,
      ip: req.ip,
      metadata: { paymentId: row.id, orderRef: req.orderRef, storeId: req.storeId },
    })
    outcome = await storeCreated(logged, row, gw)
  } catch (err) {
    const error = err instanceof GatewayError ? err.toJSON() : { kind: 'other' as const, message: 'Erro na transação' }
    logged.log.warn({ transactionId: row.id, kind: error.kind }, 'saved card charge failed')
    await repo.updateTransaction(
      deps.db,
      row.id,
      { status: 'FAILED', error_message: error.message, create_lease_until: null },
      'CREATING',
    )
    throw chargeFailure(error)
  }
  if (!outcome.ok) throw chargeFailure(outcome.error)
  return outcome.result ?? toChargeResult(row)
}

/**
 * The card that paid a charge, while its token is still kept (saved, or for this purchase's offers): what a one-tap
 * offer of that order may charge. Matched on the charge's own store, account, buyer and card — so a card of another
 * order, buyer or store is never the answer. Undefined when the charge was not an approved card.
 */
export async function savedCardOfCharge(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  q: { storeId: string; transactionId: string },
): Promise<SavedCard | undefined> {
  const tx = await repo.findTransaction(deps.db, q.transactionId)
  if (!tx || tx.store_id !== q.storeId || tx.method !== 'CREDIT_CARD' || !tx.card_last4) return undefined
  if (tx.status !== 'PAID' && tx.status !== 'REFUNDED') return undefined
  const kept = await cards.listInstruments(deps.db, q.storeId, tx.request.customer.email, nowOf(deps))
  const card = kept.find(
    (c) => c.account_id === tx.account_id && c.last4 === tx.card_last4 && c.brand === (tx.card_brand ?? 'outro'),
  )
  return card && toSavedCard(card)
}
