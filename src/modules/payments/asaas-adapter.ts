/**
 * Asaas API v3 behind the gateway port, from Asaas's public reference (docs.asaas.com). Base URL from ASAAS_API_URL
 * (https://api.asaas.com; sandbox https://api-sandbox.asaas.com); the key goes in the `access_token` header.
 * Asaas speaks reais with two decimals: converted here, once, exactly to the centavo. Our charge id travels as
 * `externalReference`, so a charge whose answer was lost is found again.
 */
import { saoPauloDay } from '../../shared/dates'
import { asaasPixAutomatic } from './asaas-pix-automatic'
import { asaasTransfers } from './asaas-transfers'
import type { PaymentMethod, PaymentStatus } from './contract'
import {
  GATEWAY_MESSAGES,
  type GatewayRefund,
  type GatewayTransaction,
  type RefundInput,
  TIMEOUTS,
} from './gateway-client'
import { GatewayError, type GatewayTransport, sendJson } from './gateway-http'
import type { CardVerificationInput, Gateway, GatewayChargeInput } from './gateway-port'

const MESSAGES = {
  unauthorized: 'Erro de autenticação: chave da API Asaas inválida para esta loja',
  unavailable: 'Asaas indisponível. Tente novamente em instantes.',
  malformed: 'Resposta inválida do Asaas',
} as const

/** Reais (two decimals) → cents, exact: 0.1 + 0.2 never becomes 30.000000004 cents. */
export const reaisToCents = (v: number) => Math.round(v * 100)
export const centsToReais = (c: number) => Number((c / 100).toFixed(2))

const STATUS: Record<string, PaymentStatus> = {
  PENDING: 'PENDING',
  AWAITING_RISK_ANALYSIS: 'PENDING',
  CONFIRMED: 'PAID',
  RECEIVED: 'PAID',
  RECEIVED_IN_CASH: 'PAID',
  // A refund asked but not settled yet: the money is still with the merchant.
  REFUND_REQUESTED: 'PAID',
  REFUND_IN_PROGRESS: 'PAID',
  OVERDUE: 'EXPIRED',
  REFUNDED: 'REFUNDED',
  CHARGEBACK_REQUESTED: 'REFUNDED',
  CHARGEBACK_DISPUTE: 'REFUNDED',
  AWAITING_CHARGEBACK_REVERSAL: 'REFUNDED',
}
const METHOD: Record<string, PaymentMethod> = { PIX: 'PIX', BOLETO: 'BOLETO', CREDIT_CARD: 'CREDIT_CARD' }

interface AsaasPayment {
  id: string
  status: string
  value: number
  billingType: string
  dueDate?: string
  dateCreated?: string
  externalReference?: string | null
  invoiceUrl?: string | null
  bankSlipUrl?: string | null
  paymentDate?: string | null
  confirmedDate?: string | null
  creditCard?: { creditCardNumber?: string; creditCardBrand?: string; creditCardToken?: string } | null
  refunds?: { dateCreated?: string; status?: string; value: number; description?: string | null }[] | null
}

/** Our refund reference rides in the refund's description (Asaas keeps no other field of ours on a refund). */
const REF_TAG = /\[ref:([^\]]+)\]$/

/** A payment's refunds (cancelled ones left out), each with a stable id of ours: the payment's id and its position. */
function toRefunds(p: AsaasPayment): GatewayRefund[] {
  return (p.refunds ?? [])
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.status !== 'CANCELLED')
    .map(({ r, i }) => ({
      id: `${p.id}-r${i + 1}`,
      amountCents: reaisToCents(r.value),
      externalRef: r.description?.match(REF_TAG)?.[1] ?? null,
      createdAt: r.dateCreated ?? null,
    }))
}

function toTransaction(p: AsaasPayment): GatewayTransaction {
  const status = STATUS[p.status]
  const method = METHOD[p.billingType]
  if (!status || !method || typeof p.value !== 'number') throw new GatewayError('malformed', MESSAGES.malformed)
  const amountCents = reaisToCents(p.value)
  const refunds = toRefunds(p)
  return {
    id: p.id,
    status,
    gatewayStatus: p.status,
    chargedBack: p.status.startsWith('CHARGEBACK') || p.status === 'AWAITING_CHARGEBACK_REVERSAL',
    amountCents,
    paidAmountCents: status === 'PAID' ? amountCents : null,
    method,
    pix: null,
    boleto: null,
    card: p.creditCard
      ? {
          lastDigits: p.creditCard.creditCardNumber ?? null,
          brand: p.creditCard.creditCardBrand?.toLowerCase() ?? null,
          token: p.creditCard.creditCardToken ?? null,
        }
      : null,
    secureUrl: p.invoiceUrl ?? null,
    refusedReason: null,
    metadata: null,
    externalRef: p.externalReference ?? null,
    paidAt: p.paymentDate ?? p.confirmedDate ?? null,
    createdAt: p.dateCreated ?? null,
    refunds,
    refundedAmountCents: refunds.reduce((s, r) => s + r.amountCents, 0),
  }
}

function firstError(json: unknown): { code?: string; description?: string } | undefined {
  const errors = (json as { errors?: { code?: string; description?: string }[] } | undefined)?.errors
  return Array.isArray(errors) ? errors[0] : undefined
}

/** A 4xx with Asaas's error code (`invalid_creditCard` on a card the issuer declined). */
class AsaasError extends GatewayError {
  constructor(
    message: string,
    httpStatus: number,
    public code: string | undefined,
  ) {
    super('invalid', message, httpStatus)
  }
}

function errorFor(status: number, json: unknown): GatewayError {
  if (status === 401 || status === 403) return new GatewayError('unauthorized', MESSAGES.unauthorized, status)
  if (status === 400 || status === 422) {
    const first = firstError(json)
    return new AsaasError(first?.description ?? GATEWAY_MESSAGES.invalid, status, first?.code)
  }
  if (status === 404) return new GatewayError('not_found', GATEWAY_MESSAGES.notFound, status)
  if (status >= 500) return new GatewayError('unavailable', MESSAGES.unavailable, status)
  return new GatewayError('other', `Erro na transação: HTTP ${status}`, status)
}

function addDays(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** "2026-11-28 23:59:59" (São Paulo) as an ISO instant. */
function spInstant(s: string | undefined | null): string | null {
  if (!s) return null
  const [day, time = '23:59:59'] = s.split(' ')
  return new Date(`${day}T${time}-03:00`).toISOString()
}

export function asaasGateway(transport: GatewayTransport): Gateway {
  async function call<T>(
    key: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    timeoutMs: number,
    body?: unknown,
  ) {
    if (!key) throw new GatewayError('unauthorized', MESSAGES.unauthorized, 401)
    const headers = { access_token: key, accept: 'application/json', 'user-agent': 'checkout-platform' }
    const { status, json } = await sendJson(transport, { method, path, headers, body, timeoutMs }, MESSAGES)
    if (status >= 200 && status < 300) return json as T
    throw errorFor(status, json)
  }

  /** POST /v3/payments/:id/refund; our refund's reference rides in the description, read back from `refunds`. */
  async function refund(key: string, id: string, input: RefundInput): Promise<GatewayRefund> {
    const read = (p: AsaasPayment) => toRefunds(p)
    const before = read(await call<AsaasPayment>(key, 'GET', `/v3/payments/${encodeURIComponent(id)}`, TIMEOUTS.status))
    const description = `${(input.reason ?? 'Estorno').slice(0, 200)}${input.externalRef ? ` [ref:${input.externalRef}]` : ''}`
    const p = await call<AsaasPayment>(key, 'POST', `/v3/payments/${encodeURIComponent(id)}/refund`, TIMEOUTS.refund, {
      value: centsToReais(input.amountCents),
      description,
    })
    const made = read(p).slice(before.length)
    const mine = made.find((r) => r.externalRef === (input.externalRef ?? null)) ?? made.at(-1)
    if (!mine) throw new GatewayError('malformed', MESSAGES.malformed)
    return mine
  }

  /** The buyer as an Asaas customer: found by CPF/CNPJ, created when absent. */
  async function customerOf(key: string, c: GatewayChargeInput['customer']): Promise<string> {
    const doc = c.document.replace(/\D/g, '')
    const found = await call<{ data?: { id: string }[] }>(key, 'GET', `/v3/customers?cpfCnpj=${doc}`, TIMEOUTS.status)
    if (found.data?.[0]?.id) return found.data[0].id
    const made = await call<{ id?: string }>(key, 'POST', '/v3/customers', TIMEOUTS.create, {
      name: c.name,
      cpfCnpj: doc,
      email: c.email,
      mobilePhone: c.phone.replace(/\D/g, ''),
    })
    if (!made.id) throw new GatewayError('malformed', MESSAGES.malformed)
    return made.id
  }

  function paymentBody(input: GatewayChargeInput, customer: string) {
    const days = input.method === 'BOLETO' ? (input.boletoExpiresInDays ?? 3) : (input.pixExpiresInDays ?? 1)
    const body: Record<string, unknown> = {
      customer,
      billingType: input.method,
      value: centsToReais(input.amountCents),
      dueDate: addDays(saoPauloDay(new Date()), input.method === 'CREDIT_CARD' ? 0 : days),
      description: input.items
        .map((i) => i.title)
        .join(', ')
        .slice(0, 500),
      externalReference: input.externalRef,
      remoteIp: input.ip,
    }
    // Split (docs.asaas.com "Split em cobranças avulsas"): each partner's fixed part, paid from the net at settlement.
    if (input.split?.length)
      body.split = input.split.map((l) => ({ walletId: l.walletId, fixedValue: centsToReais(l.amountCents) }))
    if (input.method !== 'CREDIT_CARD') return body
    const installments = input.installments ?? 1
    if (installments > 1) Object.assign(body, { installmentCount: installments, totalValue: body.value })
    if (input.cardToken) return { ...body, creditCardToken: input.cardToken }
    if (input.card) {
      const c = input.customer
      body.creditCard = {
        holderName: input.card.holderName,
        number: input.card.number.replace(/\D/g, ''),
        expiryMonth: String(input.card.expMonth).padStart(2, '0'),
        expiryYear: String(input.card.expYear < 100 ? 2000 + input.card.expYear : input.card.expYear),
        ccv: input.card.cvv,
      }
      body.creditCardHolderInfo = {
        name: c.name,
        email: c.email,
        cpfCnpj: c.document.replace(/\D/g, ''),
        postalCode: c.postalCode,
        addressNumber: c.addressNumber,
        phone: c.phone.replace(/\D/g, ''),
      }
    }
    return body
  }

  /** The PIX code or boleto line of a payment just created; any failure now can no longer mean "nothing made". */
  async function withCode(key: string, gw: GatewayTransaction, p: AsaasPayment): Promise<GatewayTransaction> {
    try {
      if (gw.method === 'PIX') {
        const qr = await call<{ payload?: string; expirationDate?: string }>(
          key,
          'GET',
          `/v3/payments/${encodeURIComponent(p.id)}/pixQrCode`,
          TIMEOUTS.status,
        )
        if (!qr.payload) throw new GatewayError('malformed', MESSAGES.malformed)
        return { ...gw, pix: { qrcode: qr.payload, expirationDate: spInstant(qr.expirationDate) } }
      }
      if (gw.method === 'BOLETO') {
        const line = await call<{ identificationField?: string }>(
          key,
          'GET',
          `/v3/payments/${encodeURIComponent(p.id)}/identificationField`,
          TIMEOUTS.status,
        )
        return {
          ...gw,
          boleto: {
            url: p.bankSlipUrl ?? null,
            digitableLine: line.identificationField ?? null,
            dueDate: p.dueDate ?? null,
          },
        }
      }
    } catch {
      throw new GatewayError('malformed', MESSAGES.malformed)
    }
    return gw
  }

  return {
    provider: 'asaas',
    capabilities: {
      cardOnFile: true,
      refunds: true,
      split: true,
      pixAutomatic: true,
      holderAddress: true,
      transfers: true,
      cardVerification: true,
    },
    pixAutomatic: asaasPixAutomatic({
      call,
      customerOf,
      refundOf: (key, id, input) => refund(key, id, input),
      refundsOf: async (key, id) =>
        toRefunds(await call<AsaasPayment>(key, 'GET', `/v3/payments/${encodeURIComponent(id)}`, TIMEOUTS.status)),
    }),
    transfers: asaasTransfers(call),
    async verifyCard(key, input) {
      const customer = input.customerRef ?? (await customerOf(key, input.customer))
      try {
        const t = await call<AsaasToken>(
          key,
          'POST',
          '/v3/creditCard/tokenizeCreditCard',
          TIMEOUTS.create,
          tokenizeBody(input, customer),
        )
        if (!t.creditCardToken) throw new GatewayError('malformed', MESSAGES.malformed)
        return {
          status: 'VERIFIED',
          id: `asaas-token:${input.externalRef}`,
          savedCard: { token: t.creditCardToken, customerRef: customer },
          card: { lastDigits: t.creditCardNumber ?? null, brand: t.creditCardBrand?.toLowerCase() ?? null },
        }
      } catch (err) {
        if (err instanceof AsaasError && err.code === 'invalid_creditCard')
          return { status: 'REFUSED', id: `asaas-refused:${input.externalRef}`, refusedReason: err.message }
        throw err
      }
    },
    async charge(key, input) {
      const customer = input.customerRef ?? (await customerOf(key, input.customer))
      let p: AsaasPayment
      try {
        p = await call<AsaasPayment>(key, 'POST', '/v3/payments', TIMEOUTS.create, paymentBody(input, customer))
      } catch (err) {
        // A declined card is an answer, not an error: Asaas says so with a 400 on the card and creates nothing.
        if (err instanceof AsaasError && err.code === 'invalid_creditCard' && input.method === 'CREDIT_CARD')
          return refused(input, err.message)
        throw err
      }
      const gw = await withCode(key, toTransaction(p), p)
      const token = p.creditCard?.creditCardToken
      return input.tokenize && token ? { ...gw, savedCard: { token, customerRef: customer } } : gw
    },
    async read(key, id) {
      return toTransaction(
        await call<AsaasPayment>(key, 'GET', `/v3/payments/${encodeURIComponent(id)}`, TIMEOUTS.status),
      )
    },
    async findByRef(key, ref) {
      const list = await call<{ data?: AsaasPayment[] }>(
        key,
        'GET',
        `/v3/payments?externalReference=${encodeURIComponent(ref)}`,
        TIMEOUTS.list,
      )
      const hit = list.data?.find((p) => p.externalReference === ref)
      return hit && toTransaction(hit)
    },
    refund: (key, id, input) => refund(key, id, input),
    async checkHealth(key) {
      await call(key, 'GET', '/v3/finance/balance', TIMEOUTS.health)
    },
  }
}

interface AsaasToken {
  creditCardNumber?: string
  creditCardBrand?: string
  creditCardToken?: string
}

/** POST /v3/creditCard/tokenizeCreditCard: the card checked by Asaas and kept as a token; nothing is charged. */
function tokenizeBody(input: CardVerificationInput, customer: string) {
  const c = input.customer
  return {
    customer,
    creditCard: {
      holderName: input.card.holderName,
      number: input.card.number.replace(/\D/g, ''),
      expiryMonth: String(input.card.expMonth).padStart(2, '0'),
      expiryYear: String(input.card.expYear < 100 ? 2000 + input.card.expYear : input.card.expYear),
      ccv: input.card.cvv,
    },
    creditCardHolderInfo: {
      name: c.name,
      email: c.email,
      cpfCnpj: c.document.replace(/\D/g, ''),
      postalCode: c.postalCode,
      addressNumber: c.addressNumber,
      phone: c.phone.replace(/\D/g, ''),
    },
    remoteIp: input.ip,
  }
}

/** A declined card as a transaction of ours (Asaas kept nothing: the id is our charge's, never another's). */
function refused(input: GatewayChargeInput, reason: string): GatewayTransaction {
  const last4 = input.card?.number.replace(/\D/g, '').slice(-4) ?? null
  return {
    id: `asaas-refused:${input.externalRef}`,
    status: 'REFUSED',
    gatewayStatus: 'DECLINED',
    chargedBack: false,
    amountCents: input.amountCents,
    paidAmountCents: null,
    method: 'CREDIT_CARD',
    pix: null,
    boleto: null,
    card: { lastDigits: last4, brand: null },
    secureUrl: null,
    refusedReason: reason,
    metadata: null,
    externalRef: input.externalRef ?? null,
    paidAt: null,
    createdAt: new Date().toISOString(),
    refunds: [],
    refundedAmountCents: 0,
  }
}
