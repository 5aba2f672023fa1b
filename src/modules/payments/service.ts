import type { AppConfig } from '../../config'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { PAYMENT_MESSAGES, type PaymentMethod, type PaymentStatus } from '../../shared/payments'
import * as accounts from './accounts.repository'
import { isVerification, sendVerification } from './card-verification'
import type { CreateOutcome, CreatingRow, Log, PaymentsDeps, SentCharge, WorkerDeps } from './charge-types'
import { methodsOf, publicMethods, webhookUrl } from './config-service'
import type { ChargeRequest, ChargeResult } from './contract'
import { BOLETO_CLEARING_MS, toChargeResult } from './dto'
import { paymentStatusChanged } from './events'
import { GatewayError, type GatewayTransaction, type SerializedGatewayError } from './gateway-client'
import { type ChargeOutcome, gatewayHealthOf } from './gateway-health'
import { chargeSplitOf, safeToFallBack } from './gateway-port'
import { keepCard } from './keep-card'
import * as repo from './repository'
import { chargeTargets } from './routing'
import { sandboxEnabled } from './sandbox'
import type { ChargePurpose, StoredChargeRequest, Trx } from './tables'

export type { CreateOutcome, CreatingRow, KeptCard, Log, PaymentsDeps, SentCharge, WorkerDeps } from './charge-types'
export type { ChargeCte, StoredCharge, StoreWith } from './repository'
export { storeKey } from './store-key'
export { publicMethods }

export const CREATE_JOB = 'payments.create-transaction'
export const SYNC_JOB = 'payments.sync-transaction'
export const EXPIRE_JOB = 'payments.expire-transaction'

const silentLog: Log = { info() {}, warn() {}, error() {} }

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'outro'
}

function notConfigured() {
  return new AppError(422, PAYMENT_MESSAGES.notConfigured, undefined, 'PAYMENT_NOT_CONFIGURED')
}

/** Maps a gateway failure to what a caller of createCharge sees. */
export function chargeFailure(error: SerializedGatewayError): AppError {
  switch (error.kind) {
    case 'unauthorized':
      return notConfigured()
    case 'invalid':
      return new AppError(400, error.message || 'Dados inválidos')
    default:
      return new AppError(503, PAYMENT_MESSAGES.unavailable)
  }
}

export const PAYMENT_HOLDER_MESSAGES = {
  postalCode: 'Informe o CEP do titular do cartão (8 dígitos)',
  addressNumber: 'Informe o número do endereço do titular do cartão',
} as const

/** How long a CREATING charge stays with the request calling the gateway without a renewal (renewed every third). */
export const CREATE_LEASE_MS = 10_000

/** The rules a charge must pass before any row is written; pure, so the order's transaction can run them first. */
export function checkChargeRequest(
  config: repo.ConfigRow | undefined,
  req: ChargeRequest,
  opts: { verifyOnly?: boolean } = {},
) {
  // A card check (a free trial) is the one charge of R$ 0,00.
  const zeroAllowed = opts.verifyOnly === true && req.method === 'CREDIT_CARD'
  if (!Number.isInteger(req.amountCents) || req.amountCents < 0 || (req.amountCents === 0 && !zeroAllowed))
    throw new AppError(400, 'Valor inválido')
  if (req.expiresInDays !== undefined && !(Number.isInteger(req.expiresInDays) && req.expiresInDays >= 1))
    throw new AppError(400, 'Validade inválida')
  const methods = methodsOf(config)
  const enabled =
    req.method === 'PIX'
      ? methods.pix.enabled
      : req.method === 'BOLETO'
        ? methods.bank_slip.enabled
        : methods.credit_card.enabled
  if (!enabled) throw notConfigured()
  if (req.method === 'CREDIT_CARD') {
    if (!req.card) throw new AppError(400, 'Dados do cartão são obrigatórios')
    if (config?.routed && config.card_holder_address) {
      if (!/^\d{8}$/.test(req.customer.postalCode ?? '')) throw new AppError(400, PAYMENT_HOLDER_MESSAGES.postalCode)
      if (!req.customer.addressNumber?.trim()) throw new AppError(400, PAYMENT_HOLDER_MESSAGES.addressNumber)
    }
    const max = methods.credit_card.maxInstallments
    if ((req.installments ?? 1) > max) throw new AppError(400, `Número máximo de parcelas: ${max}`)
  }
}

/** What a charge row keeps of the request: never card data. */
export function storedRequest(req: ChargeRequest): StoredChargeRequest {
  return {
    customer: req.customer,
    items: req.items,
    ip: req.ip,
    metadata: req.metadata,
    ...(req.expiresInDays ? { expiresInDays: req.expiresInDays } : {}),
  }
}

/** The CREATING row of a charge (card data never stored: only the last digits and brand). */
export function chargeRow(deps: { config: AppConfig }, req: ChargeRequest, purpose: ChargePurpose) {
  const cardNumber = req.card?.number.replace(/\D/g, '')
  return {
    store_id: req.storeId,
    order_ref: req.orderRef,
    method: req.method,
    amount_cents: req.amountCents,
    installments: req.method === 'CREDIT_CARD' ? (req.installments ?? 1) : null,
    card_last4: cardNumber ? cardNumber.slice(-4) : null,
    card_brand: cardNumber ? cardBrand(cardNumber) : null,
    request: JSON.stringify(storedRequest(req)),
    sandbox: sandboxEnabled(deps.config),
    purpose,
    create_lease_until: new Date(Date.now() + CREATE_LEASE_MS),
    updated_at: new Date(),
  }
}

/**
 * Creates a charge at the store's gateway and waits for the answer (≤ 30 s), in this process for every method: no
 * queue round trip on the request path, and card data never lands in a queue's storage.
 * - 422 'Sistema de pagamento não configurado para esta loja.': no active key, the method is off, or the gateway
 *   rejects the store's key (the configuration is then marked inactive);
 * - 503 'Sistema de pagamento temporariamente indisponível': the gateway is unreachable, slow or answers nonsense;
 * - 400 with the gateway's text or 'Dados inválidos': the gateway rejected the data.
 * A refused card does not throw: the result has status 'REFUSED' (and payment.status_changed is published).
 */
export async function createCharge(
  deps: PaymentsDeps,
  req: ChargeRequest,
  purpose: ChargePurpose = 'ORDER',
): Promise<ChargeResult> {
  const config = await repo.findConfig(deps.db, req.storeId)
  checkChargeRequest(config, req)
  const row = await repo.insertTransaction(deps.db, chargeRow(deps, req, purpose))
  const outcome = await callGateway(withLog(deps), row, config, req.card)
  if (!outcome.ok) throw chargeFailure(outcome.error)
  return outcome.result
}

export function withLog(deps: PaymentsDeps): WorkerDeps {
  return { ...deps, log: (deps as { log?: Log }).log ?? silentLog }
}

/** The create job (a renewed PIX): the same gateway call as createCharge, for a row written earlier. */
export async function executeCreate(
  deps: WorkerDeps,
  transactionId: string,
  card?: ChargeRequest['card'],
): Promise<CreateOutcome> {
  const row = await repo.findTransaction(deps.db, transactionId)
  if (!row) return { ok: false, error: { kind: 'other', message: 'Transação não encontrada' } }
  return callGateway(deps, row, await repo.findConfig(deps.db, row.store_id), card)
}

/**
 * The gateway call of a CREATING charge, with the store's configuration already read. Idempotent: a row that
 * already left CREATING answers from what was stored. Never throws for gateway trouble: the caller gets an outcome.
 * While the call lasts the row's lease is renewed, so a retry or the sweeper can tell a slow call from a dead one.
 */
export async function callGateway(
  deps: WorkerDeps,
  row: CreatingRow,
  config: repo.ConfigRow | undefined,
  card?: ChargeRequest['card'],
  metadata?: Record<string, string>,
): Promise<CreateOutcome> {
  const sent = await sendToGateway(deps, row, config, card, metadata)
  return 'gw' in sent ? storeCreated(deps, row, sent.gw) : sent
}

/**
 * callGateway up to the gateway's answer, which the caller stores (storeCreated, or with a write of its own).
 * `metadata` goes to the gateway with the stored request's (what the caller only knew after the row was written).
 */
export async function sendToGateway(
  deps: WorkerDeps,
  row: CreatingRow,
  config: repo.ConfigRow | undefined,
  card?: ChargeRequest['card'],
  metadata?: Record<string, string>,
): Promise<CreateOutcome | { gw: SentCharge }> {
  if (row.status === 'FAILED')
    return { ok: false, error: { kind: 'other', message: row.error_message ?? 'Falha na criação' } }
  if (row.status && row.status !== 'CREATING') {
    const stored = await repo.findTransaction(deps.db, row.id)
    return { ok: true, result: toChargeResult(stored!) }
  }
  if (row.method === 'CREDIT_CARD' && !card)
    return fail(deps, row.id, { kind: 'invalid', message: 'Dados do cartão são obrigatórios' })
  const targets = await chargeTargets(deps, row.store_id, row.method, config)
  if (!targets.length) return fail(deps, row.id, { kind: 'unauthorized', message: PAYMENT_MESSAGES.notConfigured })
  if (isVerification(row) && card) return sendVerification(deps, row, targets, card, fail)
  const request = row.request
  const renew = setInterval(
    () => void repo.renewCreateLease(deps.db, row.id, CREATE_LEASE_MS).catch(() => undefined),
    CREATE_LEASE_MS / 3,
  )
  renew.unref()
  const health = gatewayHealthOf(deps.config)
  try {
    for (const [i, { account, gateway, key }] of targets.entries()) {
      if (account) await accounts.setChargeAccount(deps.db, row.id, account.id)
      try {
        // Partners the gateway pays at settlement (affiliates' split), asked only where the gateway can split.
        const split = gateway.capabilities.split
          ? await chargeSplitOf(deps.db, {
              storeId: row.store_id,
              orderRef: row.order_ref,
              amountCents: row.amount_cents,
              accountId: account?.id ?? null,
            })
          : undefined
        const gw = await gateway.charge(key, {
          ...(split ? { split } : {}),
          amountCents: row.amount_cents,
          method: row.method,
          customer: request.customer,
          items: request.items,
          pixExpiresInDays: request.expiresInDays ?? 1,
          boletoExpiresInDays: request.expiresInDays ?? config?.boleto_expiration_days ?? 3,
          card,
          tokenize: Boolean(account && card && gateway.capabilities.cardOnFile),
          installments: row.installments ?? undefined,
          postbackUrl: webhookUrl(deps.config.publicUrl),
          externalRef: row.id,
          metadata: {
            ...request.metadata,
            ...metadata,
            paymentId: row.id,
            orderRef: row.order_ref,
            storeId: row.store_id,
          },
          ip: request.ip,
        })
        if (account) health.succeeded(account.id)
        health.count(gateway.provider, outcomeOf(gw.status))
        const { savedCard, ...answer } = gw
        const keep =
          savedCard && account && card && gw.status === 'PAID'
            ? {
                ...savedCard,
                accountId: account.id,
                expMonth: card.expMonth,
                expYear: card.expYear,
                save: card.save !== false,
              }
            : undefined
        return { gw: { ...answer, keep } }
      } catch (err) {
        const error =
          err instanceof GatewayError ? err.toJSON() : { kind: 'other' as const, message: 'Erro na transação' }
        health.count(gateway.provider, 'failed')
        deps.log.warn(
          { transactionId: row.id, provider: gateway.provider, kind: error.kind, status: error.httpStatus },
          'gateway create failed',
        )
        if (error.kind === 'unauthorized') {
          if (account) await accounts.markAccountChecked(deps.db, account.id, error.message)
          else await repo.markConfigChecked(deps.db, row.store_id, false, error.message)
        }
        if (!account) return fail(deps, row.id, error)
        if (error.kind === 'unavailable' || (error.httpStatus ?? 0) >= 500) health.failed(account.id)
        const safe = safeToFallBack(error)
        if (safe && i < targets.length - 1) {
          health.fallbacks++
          deps.log.warn({ transactionId: row.id, from: account.id }, 'gateway down before charging: next account')
          continue
        }
        // A timeout or an unreadable answer: the card may have been charged. No second charge: the charge stays
        // unknown (CREATING, lease released) until the sweep reads it at this account.
        if (!safe && error.kind === 'unavailable' && row.method === 'CREDIT_CARD') {
          health.count(gateway.provider, 'unknown')
          return leaveUnknown(deps, row)
        }
        return fail(deps, row.id, error)
      }
    }
    return fail(deps, row.id, { kind: 'unavailable', message: PAYMENT_MESSAGES.unavailable })
  } finally {
    clearInterval(renew)
  }
}

function outcomeOf(status: PaymentStatus): ChargeOutcome {
  return status === 'PAID' ? 'approved' : status === 'REFUSED' ? 'refused' : 'pending'
}

/** A card whose outcome nobody knows: the order waits (PENDING) while the sweep asks the account that had it. */
async function leaveUnknown(deps: WorkerDeps, row: CreatingRow): Promise<CreateOutcome> {
  await repo.releaseCreateLease(deps.db, row.id)
  return {
    ok: true,
    result: {
      transactionId: row.id,
      gatewayId: '',
      status: 'PENDING',
      method: row.method,
      amountCents: row.amount_cents,
      pixCode: null,
      pixExpiresAt: null,
      boletoUrl: null,
      boletoLine: null,
      paymentUrl: null,
      sandbox: sandboxEnabled(deps.config),
    },
  }
}

/** What the gateway's answer changes on a CREATING row. */
function createdPatch(row: Pick<CreatingRow, 'card_last4' | 'card_brand'>, gw: GatewayTransaction) {
  const expiresAt =
    gw.method === 'PIX' && gw.pix?.expirationDate
      ? new Date(gw.pix.expirationDate)
      : gw.method === 'BOLETO' && gw.boleto?.dueDate
        ? new Date(new Date(`${gw.boleto.dueDate}T23:59:59-03:00`).getTime() + BOLETO_CLEARING_MS)
        : null
  return {
    gateway_id: gw.id,
    status: gw.status,
    pix_code: gw.pix?.qrcode ?? null,
    pix_expires_at: gw.pix?.expirationDate ? new Date(gw.pix.expirationDate) : null,
    boleto_url: gw.boleto?.url ?? null,
    boleto_line: gw.boleto?.digitableLine ?? null,
    payment_url: gw.secureUrl ?? gw.boleto?.url ?? null,
    expires_at: expiresAt,
    card_last4: gw.card?.lastDigits ?? row.card_last4,
    card_brand: gw.card?.brand ?? row.card_brand,
    refused_reason: gw.refusedReason,
    paid_at: gw.status === 'PAID' ? new Date(gw.paidAt ?? Date.now()) : null,
    create_lease_until: null,
  }
}

/**
 * A gateway answer that leaves the charge PENDING (PIX, boleto, a card under review), ready to be stored by the
 * caller in one statement with a write of its own built on the `charge` CTE (empty when someone who took the charge
 * over stored it first: the caller's write then gates itself out on it and returns undefined). Other answers, or an
 * amount that does not match, go through storeCreated.
 */
export function pendingWrite(deps: WorkerDeps, row: CreatingRow, gw: GatewayTransaction) {
  if (gw.status !== 'PENDING' || gw.amountCents !== row.amount_cents) return undefined
  const patch = createdPatch(row, gw)
  const result: ChargeResult = {
    transactionId: row.id,
    gatewayId: gw.id,
    status: 'PENDING',
    method: row.method,
    amountCents: row.amount_cents,
    pixCode: patch.pix_code,
    pixExpiresAt: patch.pix_expires_at?.toISOString() ?? null,
    boletoUrl: patch.boleto_url,
    boletoLine: patch.boleto_line,
    paymentUrl: patch.payment_url,
    sandbox: sandboxEnabled(deps.config),
  }
  // Its expiry is scheduled by the sweep ahead of time (status.ts planExpiries): no queue write on the buyer's request.
  return { result, storeWith: repo.updateCreatingWith(deps.db, row.id, patch) }
}

/**
 * Records what the gateway created for a CREATING row (its answer, or what a later look-up found). A pending
 * charge is one statement; a card decided at once also announces its status in the same transaction.
 */
export async function storeCreated(deps: WorkerDeps, row: CreatingRow, gw: SentCharge): Promise<CreateOutcome> {
  if (gw.amountCents !== row.amount_cents) {
    deps.log.error({ transactionId: row.id, gatewayId: gw.id }, 'gateway answered another amount')
    return fail(deps, row.id, { kind: 'malformed', message: 'Resposta inválida do proxy AtivoPay' })
  }
  const patch = createdPatch(row, gw)
  let updated: repo.TransactionRow | undefined
  if (gw.status === 'PENDING') {
    updated = await repo.updateTransaction(deps.db, row.id, patch, 'CREATING')
  } else {
    updated = await deps.db.transaction().execute(async (trx) => {
      const next = await repo.updateTransaction(trx, row.id, patch, 'CREATING')
      // A card is decided at once: announce it like any later change.
      if (next) await announce(trx, next, 'PENDING')
      if (next?.status === 'PAID' && gw.keep) await keepCard(deps, trx, next, gw.keep)
      return next
    })
  }
  const final = updated ?? (await repo.findTransaction(deps.db, row.id))!
  if (final.status === 'FAILED')
    return { ok: false, error: { kind: 'other', message: final.error_message ?? 'Falha na criação' } }
  return { ok: true, result: toChargeResult(final) }
}

async function fail(deps: WorkerDeps, id: string, error: SerializedGatewayError): Promise<CreateOutcome> {
  const failed = await repo.updateTransaction(
    deps.db,
    id,
    { status: 'FAILED', error_message: error.message, create_lease_until: null },
    'CREATING',
  )
  if (failed) return { ok: false, error }
  // Someone who took the charge over meanwhile stored its outcome: that one stands.
  const stored = await repo.findTransaction(deps.db, id)
  if (!stored || stored.status === 'FAILED' || stored.status === 'CREATING') return { ok: false, error }
  return { ok: true, result: toChargeResult(stored) }
}

/** Publishes a charge's status change, in the transaction that made it. */
export async function announce(trx: Trx, row: repo.TransactionRow, previousStatus: string) {
  await publish(trx, paymentStatusChanged, {
    ...chargeRefOf(row),
    status: row.status as PaymentStatus,
    previousStatus,
    amountCents: row.amount_cents,
    method: row.method as PaymentMethod,
    chargedBack: row.charged_back,
  })
}

/** Which charge an event speaks of (see events.ts chargeRef). */
export function chargeRefOf(row: repo.TransactionRow) {
  return {
    purpose: row.purpose,
    transactionId: row.id,
    gatewayId: row.gateway_id ?? '',
    storeId: row.store_id,
    orderRef: row.order_ref,
  }
}
