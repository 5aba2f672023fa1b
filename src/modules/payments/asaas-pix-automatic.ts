/**
 * Asaas's PIX Automático (Journey 3) behind the port, from its public reference (docs.asaas.com, "Pix Automático"):
 *   POST   /v3/pix/automatic/authorizations      { customerId, frequency, contractId (≤35), startDate, finishDate?,
 *          value? (fixed), description (≤35), immediateQrCode { originalValue, expirationSeconds },
 *          paymentCreationMode MANUAL (we create each charge), retryPolicy ALLOW_THREE_IN_SEVEN_DAYS }
 *          → { id, status, customerId, contractId, immediateQrCode { payload, encodedImage, conciliationIdentifier,
 *          expirationDate } }; the authorisation turns ACTIVE when the QR's payment settles
 *   GET    /v3/pix/automatic/authorizations/:id  · DELETE cancels it (cancellationReason REQUESTED_BY_RECEIVER_USER)
 *   POST   /v3/payments { customer, billingType PIX, value, dueDate, externalReference, pixAutomaticAuthorizationId }
 *          a recurring charge (the payment instruction); RECEIVED when debited, OVERDUE when the debit failed;
 *          DELETE /v3/payments/:id removes a scheduled one
 *   POST   /v3/payments/:id/refund { value, description } refunds a received PIX Automático payment like any payment:
 *          a debit by its own id; the QR's first payment is the payment Asaas created when the QR was paid, found
 *          among the authorisation customer's PIX payments by the QR's conciliationIdentifier ("Implementação":
 *          "this same identifier will later be included in the corresponding payment")
 * The payer's revocation arrives as PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED (asaas-webhook.ts).
 */
import { GATEWAY_MESSAGES, type GatewayRefund, type RefundInput, TIMEOUTS } from './gateway-client'
import { GatewayError } from './gateway-http'
import type {
  GatewayChargeInput,
  GatewayPixAuthorization,
  GatewayPixRecurringCharge,
  PixAuthorizationStatus,
  PixAutomaticPort,
  PixCancelledBy,
  PixRecurringStatus,
} from './gateway-port'

type Call = <T>(
  key: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  timeoutMs: number,
  body?: unknown,
) => Promise<T>
type CustomerOf = (key: string, c: GatewayChargeInput['customer']) => Promise<string>
/** The adapter's refund of a payment by its id (asaas-adapter.ts): the same call, description and answer. */
type RefundOf = (key: string, paymentId: string, input: RefundInput) => Promise<GatewayRefund>
/** A payment's refunds as the adapter reads them (GET /v3/payments/:id, `refunds`). */
type RefundsOf = (key: string, paymentId: string) => Promise<GatewayRefund[]>

const MALFORMED = 'Resposta inválida do Asaas'
const toReais = (c: number) => Number((c / 100).toFixed(2))
const toCents = (v: number) => Math.round(v * 100)

const AUTH_STATUS: Record<string, PixAuthorizationStatus> = {
  CREATED: 'PENDING',
  AWAITING_AUTHORIZATION: 'PENDING',
  ACTIVE: 'ACTIVE',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  REFUSED: 'REFUSED',
}
const CANCELLED_BY: Record<string, PixCancelledBy> = {
  REQUESTED_BY_PAYER_USER: 'PAYER',
  REQUESTED_BY_RECEIVER_USER: 'RECEIVER',
}
const CHARGE_STATUS: Record<string, PixRecurringStatus> = {
  PENDING: 'SCHEDULED',
  AWAITING_RISK_ANALYSIS: 'SCHEDULED',
  RECEIVED: 'PAID',
  CONFIRMED: 'PAID',
  // A debit refunded later was still debited: the refund is the charge's business (payment_refunds), not the mandate's.
  REFUND_REQUESTED: 'PAID',
  REFUND_IN_PROGRESS: 'PAID',
  REFUNDED: 'PAID',
  OVERDUE: 'FAILED',
}

interface AsaasAuthorization {
  id?: string
  status?: string
  customerId?: string
  contractId?: string
  cancellationReason?: string | null
  immediateQrCode?: {
    payload?: string
    expirationDate?: string
    originalValue?: number
    conciliationIdentifier?: string
  } | null
}
interface AsaasPayment {
  id?: string
  status?: string
  value?: number
  dueDate?: string
  externalReference?: string | null
  paymentDate?: string | null
  deleted?: boolean
  pixAutomaticAuthorizationId?: string | null
  billingType?: string
  /** The PIX that paid it: its conciliationIdentifier ties the QR's first payment to its authorisation. */
  pixTransaction?: { conciliationIdentifier?: string | null } | string | null
  conciliationIdentifier?: string | null
}

const conciliationOf = (p: AsaasPayment) =>
  p.conciliationIdentifier ?? (typeof p.pixTransaction === 'object' ? p.pixTransaction?.conciliationIdentifier : null)

/** "2027-01-04 23:59:59" (São Paulo) as an ISO instant. */
function spInstant(s: string | undefined | null): string | null {
  if (!s) return null
  const [day, time = '23:59:59'] = s.split(' ')
  const d = new Date(`${day}T${time}-03:00`)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

function toAuthorization(a: AsaasAuthorization): GatewayPixAuthorization {
  const status = a.status ? AUTH_STATUS[a.status] : undefined
  if (!a.id || !status) throw new GatewayError('malformed', MALFORMED)
  const qr = a.immediateQrCode
  return {
    id: a.id,
    status,
    gatewayStatus: a.status!,
    customerRef: a.customerId ?? null,
    contractRef: a.contractId ?? null,
    qrcode: qr?.payload ?? null,
    qrExpiresAt: spInstant(qr?.expirationDate),
    firstAmountCents: typeof qr?.originalValue === 'number' ? toCents(qr.originalValue) : null,
    // Asaas tells the activation by the status (and its webhook), not by a date on the authorisation.
    firstPaidAt: null,
    cancelledBy: a.cancellationReason ? (CANCELLED_BY[a.cancellationReason] ?? 'OTHER') : null,
  }
}

function toCharge(p: AsaasPayment): GatewayPixRecurringCharge {
  const status: PixRecurringStatus | undefined = p.deleted
    ? 'CANCELLED'
    : p.status
      ? CHARGE_STATUS[p.status]
      : undefined
  if (!p.id || !status || typeof p.value !== 'number' || !p.dueDate) throw new GatewayError('malformed', MALFORMED)
  return {
    id: p.id,
    status,
    gatewayStatus: p.deleted ? 'DELETED' : p.status!,
    authorizationId: p.pixAutomaticAuthorizationId ?? null,
    amountCents: toCents(p.value),
    dueDate: p.dueDate,
    externalRef: p.externalReference ?? null,
    paidAt: p.paymentDate ? spInstant(p.paymentDate) : null,
  }
}

export function asaasPixAutomatic({
  call,
  customerOf,
  refundOf,
  refundsOf,
}: {
  call: Call
  customerOf: CustomerOf
  refundOf: RefundOf
  refundsOf: RefundsOf
}): PixAutomaticPort {
  const authPath = (id: string) => `/v3/pix/automatic/authorizations/${encodeURIComponent(id)}`
  const readAuthorization = async (key: string, id: string) =>
    toAuthorization(await call<AsaasAuthorization>(key, 'GET', authPath(id), TIMEOUTS.status))
  const readCharge = async (key: string, id: string) =>
    toCharge(await call<AsaasPayment>(key, 'GET', `/v3/payments/${encodeURIComponent(id)}`, TIMEOUTS.status))
  return {
    async createAuthorization(key, input) {
      const customerId = input.customerRef ?? (await customerOf(key, input.customer))
      const made = await call<AsaasAuthorization>(key, 'POST', '/v3/pix/automatic/authorizations', TIMEOUTS.create, {
        customerId,
        frequency: input.frequency,
        contractId: input.contractRef,
        startDate: input.startDate,
        finishDate: input.finishDate,
        value: input.amountCents === undefined ? undefined : toReais(input.amountCents),
        description: input.description.slice(0, 35),
        paymentCreationMode: 'MANUAL',
        retryPolicy: 'ALLOW_THREE_IN_SEVEN_DAYS',
        immediateQrCode: { originalValue: toReais(input.firstAmountCents), expirationSeconds: input.expiresInSeconds },
      })
      const a = toAuthorization(made)
      if (!a.qrcode) throw new GatewayError('malformed', MALFORMED)
      return { ...a, customerRef: a.customerRef ?? customerId }
    },
    readAuthorization,
    async cancelAuthorization(key, id) {
      await call<unknown>(key, 'DELETE', authPath(id), TIMEOUTS.create)
      return readAuthorization(key, id)
    },
    async scheduleCharge(key, input) {
      if (!input.customerRef) throw new GatewayError('invalid', GATEWAY_MESSAGES.invalid, 400)
      const p = await call<AsaasPayment>(key, 'POST', '/v3/payments', TIMEOUTS.create, {
        customer: input.customerRef,
        billingType: 'PIX',
        value: toReais(input.amountCents),
        dueDate: input.dueDate,
        description: input.description.slice(0, 500),
        externalReference: input.externalRef,
        pixAutomaticAuthorizationId: input.authorizationId,
      })
      return toCharge(p)
    },
    readCharge,
    async cancelCharge(key, id) {
      await call<unknown>(key, 'DELETE', `/v3/payments/${encodeURIComponent(id)}`, TIMEOUTS.create)
      return readCharge(key, id)
    },
    async refundPayment(key, paymentId, input) {
      return refundOf(key, await firstPaymentOf(key, paymentId), input)
    },
    async paymentRefunds(key, paymentId) {
      return refundsOf(key, await firstPaymentOf(key, paymentId))
    },
  }

  /**
   * The Asaas payment a PIX Automático charge of ours names: a debit is named by its payment id already; the QR's
   * first payment is named by its authorisation's id, and is the received PIX payment of that customer carrying the
   * QR's conciliationIdentifier for the QR's value.
   */
  async function firstPaymentOf(key: string, id: string): Promise<string> {
    let a: AsaasAuthorization
    try {
      a = await call<AsaasAuthorization>(key, 'GET', authPath(id), TIMEOUTS.status)
    } catch (err) {
      if (err instanceof GatewayError && err.kind === 'not_found') return id
      throw err
    }
    const conciliation = a.immediateQrCode?.conciliationIdentifier
    if (!a.customerId || !conciliation) throw new GatewayError('not_found', GATEWAY_MESSAGES.notFound, 404)
    const q = `customer=${encodeURIComponent(a.customerId)}&billingType=PIX&limit=100`
    const list = await call<{ data?: AsaasPayment[] }>(key, 'GET', `/v3/payments?${q}`, TIMEOUTS.list)
    const paid = list.data?.find((p) => p.id && conciliationOf(p) === conciliation)
    if (!paid?.id) throw new GatewayError('not_found', GATEWAY_MESSAGES.notFound, 404)
    return paid.id
  }
}
