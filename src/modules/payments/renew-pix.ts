/**
 * The buyer's view of an order's charge and 'Gerar novo código' for an expired PIX.
 *
 * Paying twice is prevented in three layers:
 * 1. a new PIX is created only once the previous one is EXPIRED, and EXPIRED is only trusted after the gateway was
 *    asked again (a payment may have landed without its postback) — an expired dynamic PIX cannot be paid at the
 *    gateway any more;
 * 2. at most one charge per order can be CREATING or PENDING (a unique partial index, migration 0045), so two
 *    renewals racing for the same order cannot both produce a payable code;
 * 3. should an expired code still be paid later anyway (EXPIRED → PAID is accepted: the money is in), the order
 *    takes the first payment (markPaid is once per order) and the later PAID charge is flagged for a refund on the
 *    merchant's transactions list (`flagDoublePayment`, its errorMessage).
 */

import { AppError } from '../../platform/errors'
import { subscribe } from '../../platform/jobs'
import { PAYMENT_MESSAGES } from '../../shared/payments'
import type { ChargeResult } from './contract'
import { type ChargeView, toChargeView } from './dto'
import { paymentStatusChanged } from './events'
import * as repo from './repository'
import { CREATE_JOB, type CreateOutcome, chargeFailure, type WorkerDeps } from './service'
import { expireTransaction, syncTransaction } from './status'
import type { DbOrTrx } from './tables'

export type { ChargeView }

export const PIX_RENEW_MESSAGES = {
  notAllowed: 'Não é possível gerar um novo código PIX para este pedido.',
  stillValid: 'O código PIX atual ainda está válido. Use-o para pagar.',
  alreadyPaid: 'Este PIX já foi pago. Estamos atualizando o seu pedido.',
  inProgress: 'Um novo código PIX já está sendo gerado. Aguarde alguns segundos.',
} as const

/** The order's newest charge that reached the gateway (a FAILED creation is not something to pay). */
export async function latestCharge(db: DbOrTrx, orderRef: string): Promise<ChargeView | undefined> {
  const row = await repo.findLatestCharge(db, orderRef)
  return row ? toChargeView(row) : undefined
}

/**
 * The newest such charge of each of several orders in one statement (a batch of order e-mails read one per order);
 * an order without one is absent. The same pick as repository.findLatestCharge (not FAILED, newest first).
 */
export async function latestCharges(db: DbOrTrx, orderRefs: readonly string[]): Promise<Map<string, ChargeView>> {
  const rows = await repo.findLatestCharges(db, orderRefs)
  return new Map(rows.map((r) => [r.order_ref, toChargeView(r)]))
}

/**
 * A PIX past its deadline but still PENDING here (the expiry job has not run yet) is settled now: the gateway is
 * asked first, then it expires. Anything else is returned as it is.
 */
export async function settlePixDeadline(deps: WorkerDeps, transactionId: string): Promise<ChargeView | undefined> {
  const row = await repo.findTransaction(deps.db, transactionId)
  if (!row) return undefined
  const late = row.pix_expires_at && row.pix_expires_at.getTime() <= Date.now()
  if (row.method === 'PIX' && row.status === 'PENDING' && late) await expireTransaction(deps, transactionId)
  const fresh = await repo.findTransaction(deps.db, transactionId)
  return fresh ? toChargeView(fresh) : undefined
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505'
}

/**
 * A new PIX for the same order and amount, replacing `previousTransactionId`. Refused (409) unless the previous
 * code is confirmed EXPIRED at the gateway; a concurrent renewal loses on the unique index (409).
 */
export async function renewPix(deps: WorkerDeps, previousTransactionId: string): Promise<ChargeResult> {
  const prev = await repo.findTransaction(deps.db, previousTransactionId)
  if (prev?.method !== 'PIX') throw new AppError(409, PIX_RENEW_MESSAGES.notAllowed)
  if (prev.status === 'EXPIRED') {
    // The last word is the gateway's: without it we could hand out a second code for an order already paid.
    try {
      await syncTransaction(deps, prev.id)
    } catch {
      throw new AppError(503, PAYMENT_MESSAGES.unavailable)
    }
  }
  const current = await repo.findTransaction(deps.db, prev.id)
  if (current?.status === 'PAID') throw new AppError(409, PIX_RENEW_MESSAGES.alreadyPaid)
  if (current?.status === 'PENDING' || current?.status === 'CREATING')
    throw new AppError(409, PIX_RENEW_MESSAGES.stillValid)
  if (current?.status !== 'EXPIRED') throw new AppError(409, PIX_RENEW_MESSAGES.notAllowed)

  let row: repo.TransactionRow
  try {
    row = await repo.insertTransaction(deps.db, {
      store_id: current.store_id,
      order_ref: current.order_ref,
      method: 'PIX',
      amount_cents: current.amount_cents,
      installments: null,
      card_last4: null,
      card_brand: null,
      request: JSON.stringify(current.request),
      sandbox: current.sandbox,
      updated_at: new Date(),
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, PIX_RENEW_MESSAGES.inProgress)
    throw err
  }
  let outcome: CreateOutcome
  try {
    outcome = await deps.jobs.run<CreateOutcome>(
      CREATE_JOB,
      { transactionId: row.id },
      { timeoutMs: 30_000, jobId: `create-${row.id}` },
    )
  } catch {
    throw new AppError(503, PAYMENT_MESSAGES.unavailable)
  }
  if (!outcome.ok) throw chargeFailure(outcome.error)
  return outcome.result
}

export const DOUBLE_PAYMENT_NOTE =
  'Pagamento em duplicidade: o pedido já foi pago por outra cobrança. Estorne este valor ao comprador.'

/**
 * A charge paid while another charge of the same order was already paid (an expired PIX the gateway still
 * accepted after a renewal): the later one is flagged for a refund. Safe to run twice; the first payment is untouched.
 */
export const flagDoublePayment = subscribe(
  paymentStatusChanged,
  'payments.flag-double-payment',
  async (payload, ctx) => {
    if (payload.status !== 'PAID') return
    const row = await repo.findTransaction(ctx.db, payload.transactionId)
    if (!row?.paid_at) return
    const earlier = await repo.findEarlierPayment(ctx.db, {
      id: row.id,
      order_ref: row.order_ref,
      paid_at: row.paid_at,
    })
    if (!earlier) return
    ctx.log.warn({ transactionId: row.id, orderRef: row.order_ref, firstPayment: earlier.id }, 'double payment flagged')
    await repo.updateTransaction(ctx.db, row.id, { error_message: DOUBLE_PAYMENT_NOTE })
  },
  {
    // Nearly every PAID charge is its order's only one: one read per relay batch finds the few paid after another,
    // instead of a job and two reads per payment (each renewal's charge included).
    relevant: async (events, db) => {
      const later = await repo.paidAfterAnother(
        db,
        events.flatMap((e) => (e.status === 'PAID' ? [e.transactionId] : [])),
      )
      return events.map((e) => e.status === 'PAID' && later.has(e.transactionId))
    },
  },
)
