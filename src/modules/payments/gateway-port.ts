/**
 * The gateway port: what every adapter (AtivoPay, the built-in sandbox, Asaas) does, in our terms (cents, our
 * statuses). The rest of the module asks a Gateway and its capabilities, never an adapter by name.
 */
import type {
  CreateTransactionInput,
  GatewayErrorKind,
  GatewayRefund,
  GatewayTransaction,
  RefundInput,
} from './gateway-client'

export const GATEWAY_PROVIDERS = ['ativopay', 'asaas', 'sandbox'] as const
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number]

export interface GatewayCapabilities {
  /** Tokenizes a card and charges the token later without the buyer (no CVV). */
  cardOnFile: boolean
  refunds: boolean
  split: boolean
  pixAutomatic: boolean
  /** Raw card data needs the holder's CEP and house number (Asaas's creditCardHolderInfo). */
  holderAddress: boolean
  /** Pays a PIX key from the account's balance (payouts); absent means false. */
  transfers?: boolean
  /** Checks a card without moving money and answers a saved-card token (a free trial's card; verifyCard). */
  cardVerification: boolean
}

/**
 * One partner's part of a charge, paid by the gateway to the partner's wallet when the charge settles (Asaas split:
 * `{ walletId, fixedValue }`). Cents; the adapter converts. Adapters without the split capability ignore it.
 */
export interface GatewaySplitLine {
  walletId: string
  amountCents: number
}

/** A zero-value check of a card (a free trial): nothing is charged, the card is kept for a later charge. */
export interface CardVerificationInput {
  card: NonNullable<GatewayChargeInput['card']>
  customer: GatewayChargeInput['customer']
  customerRef?: string
  /** Our charge row's id (the verification's reference). */
  externalRef: string
  ip?: string
}

export type CardVerification =
  | {
      status: 'VERIFIED'
      /** The gateway's id of the check (or of the token when it keeps no other record). */
      id: string
      savedCard: { token: string; customerRef: string | null }
      card: { lastDigits: string | null; brand: string | null }
    }
  | { status: 'REFUSED'; id: string; refusedReason: string }

/** A charge: raw card data (never stored) or a saved card's token, with the gateway's customer it belongs to. */
export interface GatewayChargeInput extends CreateTransactionInput {
  cardToken?: string
  customerRef?: string
  /** Ask the gateway for a reusable token of the card (adapters with cardOnFile). */
  tokenize?: boolean
  /** Partners paid by the gateway at settlement (adapters with the split capability). */
  split?: GatewaySplitLine[]
}

/**
 * Who asks for a charge's split: handed in by the affiliates module (which payments cannot import) when the app is
 * composed; answers the lines for a charge of an order, or nothing. Asked only of gateways with the split capability.
 */
export type ChargeSplitSource = (db: unknown, charge: SplitCharge) => Promise<GatewaySplitLine[] | undefined>
/** The charge a split is asked for, and the payment account it is about to go to (null: the configuration key). */
export interface SplitCharge {
  storeId: string
  orderRef: string
  amountCents: number
  accountId: string | null
}
let chargeSplitSource: ChargeSplitSource | undefined
export function setChargeSplitSource(source: ChargeSplitSource | undefined) {
  chargeSplitSource = source
}
export async function chargeSplitOf(db: unknown, charge: SplitCharge): Promise<GatewaySplitLine[] | undefined> {
  const lines = chargeSplitSource ? await chargeSplitSource(db, charge) : undefined
  return lines?.length ? lines : undefined
}

/** A payout by PIX from the account's balance (Asaas POST /v3/transfers). */
export interface TransferInput {
  amountCents: number
  pixKey: string
  pixKeyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP'
  /** Our payout id: finds the transfer again. */
  externalRef: string
  description: string
}
export type TransferStatus = 'PENDING' | 'DONE' | 'FAILED'
export interface GatewayTransfer {
  id: string
  status: TransferStatus
  gatewayStatus: string
  amountCents: number
  failReason: string | null
  externalRef: string | null
}
export interface TransferPort {
  transfer(key: string, input: TransferInput): Promise<GatewayTransfer>
  readTransfer(key: string, id: string): Promise<GatewayTransfer>
  /** The transfer we created with externalRef `ref` (its answer was lost), among those since `since`. */
  findTransferByRef(key: string, ref: string, since: Date): Promise<GatewayTransfer | undefined>
}

/** A transfer port with the paying account's key bound (the platform's Asaas account): callers never see the key. */
export interface BoundTransfers {
  transfer(input: TransferInput): Promise<GatewayTransfer>
  read(id: string): Promise<GatewayTransfer>
  findByRef(ref: string, since: Date): Promise<GatewayTransfer | undefined>
}

/**
 * What a failed transfer call means for a retry: `refused` — the gateway validated and refused it (nothing was
 * created; `message` says why); `not_sent` — surely nothing was created (no connection, a 5xx, a bad key): send
 * again later; `unknown` — a timeout or an unreadable answer may hide a transfer made: look it up before sending.
 */
export function transferFailure(err: unknown): { outcome: 'refused' | 'not_sent' | 'unknown'; message: string } {
  const e = err as { kind?: GatewayErrorKind; httpStatus?: number; connectFailed?: boolean; message?: string }
  const message = e?.message ?? 'Erro na transferência'
  if (e?.kind === 'invalid') return { outcome: 'refused', message }
  if (e?.kind === 'unauthorized' || e?.kind === 'not_found') return { outcome: 'not_sent', message }
  if (e?.kind && safeToFallBack({ kind: e.kind, httpStatus: e.httpStatus, connectFailed: e.connectFailed }))
    return { outcome: 'not_sent', message }
  return { outcome: 'unknown', message }
}

/** What a charge answers: the transaction, and a reusable token when one was asked and given. */
export type GatewayCharge = GatewayTransaction & { savedCard?: { token: string; customerRef: string | null } }

export interface Gateway {
  readonly provider: GatewayProvider
  readonly capabilities: GatewayCapabilities
  charge(key: string, input: GatewayChargeInput): Promise<GatewayCharge>
  read(key: string, id: string): Promise<GatewayTransaction>
  /** The charge we created with externalRef `ref` (its answer was lost), looked for among those since `since`. */
  findByRef(key: string, ref: string, since: Date): Promise<GatewayTransaction | undefined>
  refund(key: string, id: string, input: RefundInput): Promise<GatewayRefund>
  /** Resolves when the key is accepted; throws GatewayError otherwise. */
  checkHealth(key: string): Promise<void>
  /** Present exactly when capabilities.cardVerification: a refused card answers REFUSED, other trouble throws. */
  verifyCard?(key: string, input: CardVerificationInput): Promise<CardVerification>
  /** PIX Automático (Journey 3): present exactly when capabilities.pixAutomatic. */
  readonly pixAutomatic?: PixAutomaticPort
  /** Payouts by PIX: present exactly when capabilities.transfers. */
  readonly transfers?: TransferPort
}

/** How often the payer agrees to be charged (the mandate's periodicity, as the BCB rules name them). */
export const PIX_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY'] as const
export type PixFrequency = (typeof PIX_FREQUENCIES)[number]

/** A PIX Automático authorisation (mandate) in our terms. PENDING: the QR was not paid yet. */
export type PixAuthorizationStatus = 'PENDING' | 'ACTIVE' | 'CANCELLED' | 'EXPIRED' | 'REFUSED'
/** Who ended an authorisation: the payer in the bank app (a revocation), the merchant (us), or something else. */
export type PixCancelledBy = 'PAYER' | 'RECEIVER' | 'OTHER'

export interface PixAuthorizationInput {
  customer: GatewayChargeInput['customer']
  /** The gateway's customer, when known (else found or created by CPF). */
  customerRef?: string
  /** Our reference of what is authorised (a subscription id): at most 35 characters (BCB idContrato). */
  contractRef: string
  description: string
  frequency: PixFrequency
  /** First day of the mandate (YYYY-MM-DD, São Paulo). */
  startDate: string
  finishDate?: string
  /** The fixed value of every recurring charge; absent: variable value. */
  amountCents?: number
  /** What the QR charges now (the first period). */
  firstAmountCents: number
  /** How long the QR can be paid. */
  expiresInSeconds: number
}

export interface GatewayPixAuthorization {
  id: string
  status: PixAuthorizationStatus
  gatewayStatus: string
  customerRef: string | null
  contractRef: string | null
  /** The composite QR (PIX copia e cola): pays the first charge and grants the mandate. */
  qrcode: string | null
  qrExpiresAt: string | null
  firstAmountCents: number | null
  /** When the QR's payment settled (the mandate is active from then). */
  firstPaidAt: string | null
  cancelledBy: PixCancelledBy | null
}

/** A recurring charge sent on an active authorisation (the gateway debits the payer on the due date). */
export interface PixRecurringChargeInput {
  authorizationId: string
  customerRef: string
  amountCents: number
  /** YYYY-MM-DD: the debit day. The instruction must reach the gateway 10 to 2 days before it. */
  dueDate: string
  /** Our reference (the subscription cycle's attempt id): finds the charge again when an answer is lost. */
  externalRef: string
  description: string
  /**
   * A new attempt of this failed charge (the gateway's id): not bound by the D-10..D-2 window, but by the retry rule
   * (at most 3 within 7 days of the first due date, checked by the caller; the authorisation allows them).
   */
  retryOf?: string
}

export type PixRecurringStatus = 'SCHEDULED' | 'PAID' | 'FAILED' | 'CANCELLED'

export interface GatewayPixRecurringCharge {
  id: string
  status: PixRecurringStatus
  gatewayStatus: string
  authorizationId: string | null
  amountCents: number
  dueDate: string
  externalRef: string | null
  paidAt: string | null
}

export interface PixAutomaticPort {
  createAuthorization(key: string, input: PixAuthorizationInput): Promise<GatewayPixAuthorization>
  readAuthorization(key: string, id: string): Promise<GatewayPixAuthorization>
  /** The merchant ends the mandate: no charge is debited after it (scheduled ones are cancelled by the gateway). */
  cancelAuthorization(key: string, id: string): Promise<GatewayPixAuthorization>
  scheduleCharge(key: string, input: PixRecurringChargeInput): Promise<GatewayPixRecurringCharge>
  readCharge(key: string, id: string): Promise<GatewayPixRecurringCharge>
  cancelCharge(key: string, id: string): Promise<GatewayPixRecurringCharge>
  /**
   * Refunds a PIX Automático payment: `paymentId` is the authorisation's id for the QR's first payment, or a debited
   * recurring charge's id. Absent where the adapter cannot: the refund is then refused, never sent elsewhere.
   */
  refundPayment?(key: string, paymentId: string, input: RefundInput): Promise<GatewayRefund>
  /**
   * The refunds made of such a payment (same `paymentId`), each with the reference it was asked with: how a refund
   * whose answer was lost is found again. Present with refundPayment.
   */
  paymentRefunds?(key: string, paymentId: string): Promise<GatewayRefund[]>
}

/**
 * Whether a failed charge may be sent to the next account: only when the gateway surely created nothing — the
 * connection never opened, or it answered 5xx. A timeout or an unreadable answer may hide a charge made: never.
 */
export function safeToFallBack(err: { kind: GatewayErrorKind; httpStatus?: number; connectFailed?: boolean }) {
  if (err.kind !== 'unavailable' && err.kind !== 'other') return false
  return err.connectFailed === true || (err.httpStatus !== undefined && err.httpStatus >= 500)
}
