/**
 * An order's charge, in three steps ordering drives: `openCharge` writes the CREATING row inside the order's own
 * transaction (so the order records its charge before any gateway call), `executeCharge` calls the gateway from the
 * API process, and `resolveCharge` finishes a CREATING charge whose caller died (a buyer's retry or the sweeper).
 */

import type { Expression } from 'kysely'
import { decryptSecret } from '../../platform/crypto'
import type { InstallmentRules } from '../../shared/pricing'
import type { Companion, ComposedColumns } from '../database'
import { installmentRulesOf, methodDiscountBpOf, methodsOf } from './config-service'
import type { ChargeRequest, ChargeResult, PublicPaymentMethods } from './contract'
import { toChargeResult } from './dto'
import { GatewayError, type GatewayTransaction } from './gateway-client'
import * as repo from './repository'
import { targetOfCharge } from './routing'
import {
  CREATE_LEASE_MS,
  type CreatingRow,
  callGateway,
  chargeFailure,
  chargeRow,
  checkChargeRequest,
  type PaymentsDeps,
  pendingWrite,
  type StoreWith,
  sendToGateway,
  storeCreated,
  storedRequest,
  type WorkerDeps,
  withLog,
} from './service'
import { expireTransaction, OVERDUE_GRACE_MS, planExpiries } from './status'
import type { Db, TransactionRowStatus } from './tables'

/** A store's payment configuration, read once per order and handed back to each step. */
export interface CheckoutPayments {
  storeId: string
  methods: PublicPaymentMethods
  /** Opaque to callers. */
  config: repo.ConfigRow | undefined
  /** What the price of an order paid here depends on: the installment rules and each method's discount (bp). */
  pricing: { rules: InstallmentRules; discountBp: Record<'PIX' | 'CREDIT_CARD' | 'BOLETO', number> }
}

/**
 * A store's configuration as a column of another module's query (the checkout's product read): one round trip for
 * both. Read it back with checkoutPaymentsOf.
 */
export function checkoutPaymentsColumn(eb: ComposedColumns, storeId: string) {
  return repo.configJsonColumn(eb, storeId)
}

type ConfigJson = NonNullable<ReturnType<typeof checkoutPaymentsColumn> extends Expression<infer J> ? J : never>

export function checkoutPaymentsOf(storeId: string, json: ConfigJson | null): CheckoutPayments {
  // JSON carries the timestamps as text.
  const config: repo.ConfigRow | undefined = json
    ? {
        ...json,
        last_checked_at: json.last_checked_at === null ? null : new Date(json.last_checked_at),
        created_at: new Date(json.created_at),
        updated_at: new Date(json.updated_at),
      }
    : undefined
  return {
    storeId,
    methods: methodsOf(config),
    config,
    pricing: {
      rules: installmentRulesOf(config),
      discountBp: {
        PIX: methodDiscountBpOf(config, 'PIX'),
        CREDIT_CARD: 0,
        BOLETO: methodDiscountBpOf(config, 'BOLETO'),
      },
    },
  }
}

export interface OpenedCharge {
  row: CreatingRow
  payments: CheckoutPayments
}

/**
 * An order's charge (CREATING, leased to this request), checked and ready to be written by the caller as part of the
 * order's own statement or transaction (`insert`): the order then records its charge before any gateway call.
 * `transactionId` is chosen by the caller so the order row can carry it. Throws the same 400/422 as createCharge
 * before anything is written.
 */
export function prepareCharge(
  deps: Pick<PaymentsDeps, 'config'>,
  payments: CheckoutPayments,
  req: ChargeRequest & { transactionId: string },
  /** verifyOnly: a card checked and kept, not charged (a free trial: the order's total is R$ 0,00). */
  opts: { verifyOnly?: boolean } = {},
): { opened: OpenedCharge; insert: Companion<'payment_transactions'> } {
  checkChargeRequest(payments.config, req, opts)
  const values = { ...chargeRow(deps, req, 'ORDER'), id: req.transactionId }
  return {
    insert: repo.transactionInsertPart(values),
    opened: {
      row: {
        id: req.transactionId,
        store_id: values.store_id,
        order_ref: values.order_ref,
        method: values.method,
        amount_cents: values.amount_cents,
        installments: values.installments,
        request: storedRequest(req),
        card_last4: values.card_last4,
        card_brand: values.card_brand,
        status: 'CREATING',
      },
      payments,
    },
  }
}

export interface ExecutedCharge {
  result: ChargeResult
  /**
   * Set when the charge was left PENDING and is not stored yet: the caller stores it in one statement with its own
   * write (see pendingWrite). Otherwise the charge is already stored.
   */
  storeWith?: StoreWith
}

/** The gateway call of an opened charge; throws like createCharge (422/503/400), a refused card does not. */
export async function executeCharge(
  deps: PaymentsDeps,
  opened: OpenedCharge,
  card?: ChargeRequest['card'],
  metadata?: Record<string, string>,
): Promise<ExecutedCharge> {
  const logged = withLog(deps)
  const sent = await sendToGateway(logged, opened.row, opened.payments.config, card, metadata)
  const pending = 'gw' in sent ? pendingWrite(logged, opened.row, sent.gw) : undefined
  if (pending) return pending
  const outcome = 'gw' in sent ? await storeCreated(logged, opened.row, sent.gw) : sent
  if (!outcome.ok) throw chargeFailure(outcome.error)
  return { result: outcome.result }
}

export interface ChargeState {
  status: TransactionRowStatus
  /** CREATING and its owner still renewing its lease: wait, do not take over. */
  held: boolean
  result: ChargeResult
  errorMessage: string | null
}

function stateOf(row: repo.TransactionRow): ChargeState {
  return {
    status: row.status,
    held:
      row.status === 'CREATING' &&
      (row.create_lease_until?.getTime() ?? row.created_at.getTime() + CREATE_LEASE_MS) > Date.now(),
    result: toChargeResult(row),
    errorMessage: row.error_message,
  }
}

export async function chargeState(db: Db, transactionId: string): Promise<ChargeState | undefined> {
  const row = await repo.findTransaction(db, transactionId)
  return row && stateOf(row)
}

/**
 * Finishes a CREATING charge whose caller died, once its lease ran out: the gateway is asked first whether the
 * creation landed (its list, by our id as externalRef); if it did, its answer is stored as if it had come back.
 * If not: with `create` (a buyer's retry is waiting for it) a PIX or boleto is created now; otherwise (the sweeper:
 * nobody would ever see the code) and always for a card — whose data was never stored — the charge fails. Returns
 * the charge's state afterwards (still CREATING and held when someone else is on it).
 */
export async function resolveCharge(
  deps: WorkerDeps,
  transactionId: string,
  opts: { create: boolean; metadata?: Record<string, string> },
): Promise<ChargeState | undefined> {
  const row = await repo.takeCreateLease(deps.db, transactionId, CREATE_LEASE_MS)
  if (!row) return chargeState(deps.db, transactionId)
  const config = await repo.findConfig(deps.db, row.store_id)
  // Asked of the account the charge was sent to (the last one tried, when an earlier one was down).
  const target = await targetOfCharge(deps, row, async () =>
    config?.api_key_encrypted ? decryptSecret(deps.config.APP_SECRET, config.api_key_encrypted) : undefined,
  )
  let found: GatewayTransaction | undefined
  if (target) {
    try {
      found = await target.gateway.findByRef(target.key, row.id, row.created_at)
    } catch (err) {
      // The gateway cannot say: leave the charge for the next try rather than risk a second one.
      deps.log.warn({ transactionId, err: (err as Error).message }, 'charge look-up failed; will retry')
      if (err instanceof GatewayError) return chargeState(deps.db, transactionId)
      throw err
    }
  }
  if (found) {
    deps.log.info({ transactionId, gatewayId: found.id }, 'abandoned charge found at the gateway')
    await storeCreated(deps, row, found)
  } else if (row.method === 'CREDIT_CARD' || !opts.create) {
    await repo.updateTransaction(
      deps.db,
      row.id,
      { status: 'FAILED', error_message: 'Criação interrompida', create_lease_until: null },
      'CREATING',
    )
  } else {
    await callGateway(deps, row, config, undefined, opts.metadata)
  }
  return chargeState(deps.db, transactionId)
}

/**
 * The payments part of the sweep: abandoned CREATING charges resolved, PENDING charges expiring within `planAheadMs`
 * given their delayed expire job, and those past expiry whose job did not run expired here.
 */
export async function sweepCharges(
  deps: WorkerDeps,
  opts: { olderThanMs: number; planAheadMs: number; limit?: number },
) {
  const limit = opts.limit ?? 100
  let resolved = 0
  let expired = 0
  for (const { id } of await repo.listAbandonedCreating(deps.db, new Date(Date.now() - opts.olderThanMs), limit)) {
    const state = await resolveCharge(deps, id, { create: false }).catch((err) => {
      deps.log.warn({ err, transactionId: id }, 'sweep: charge not resolved')
      return undefined
    })
    if (state && state.status !== 'CREATING') resolved++
  }
  const planned = await planExpiries(deps, opts.planAheadMs).catch((err) => {
    // Queue unreachable: what this leaves unplanned is expired by a later sweep, at most OVERDUE_GRACE_MS late.
    deps.log.warn({ err }, 'sweep: expiries not planned')
    return 0
  })
  for (const { id } of await repo.listOverduePending(deps.db, new Date(Date.now() - OVERDUE_GRACE_MS), limit)) {
    if ((await expireTransaction(deps, id).catch(() => 'ignored')) === 'changed') expired++
  }
  return { resolved, planned, expired }
}
