/**
 * The AtivoPay gateway client: the one file that knows the wire format of the white-label gateway contract.
 *
 *   POST {base}/v1/transactions            create (30 s)
 *   GET  {base}/v1/transactions/:id        read one (15 s)
 *   GET  {base}/v1/transactions?page=&status=  list (15 s)
 *   GET  {base}/v1/balance/available       the cheap authenticated call used as health check (4.5 s: the
 *                                          merchant's whole 'Testar Conexão' is 5 s, spec 002)
 *   POST {base}/v1/transactions/:id/refunds  refund all or part of a paid transaction (30 s); the gateway then
 *                                          POSTs the transaction (with its `refunds`) to its postbackUrl
 *
 * Auth: HTTP Basic with the store's secret key as user and "x" as password. Amounts are cents. Answers are
 * `{ data: ... }`. Errors come back as typed GatewayError values with the spec's Portuguese messages.
 */
import { z } from 'zod'
import type { PaymentMethod, PaymentStatus } from '../../shared/payments'
import { GatewayError, type GatewayTransport, sendJson } from './gateway-http'

// The HTTP layer every gateway client is built on, where the payments module has always imported it from.
export {
  GatewayError,
  type GatewayErrorKind,
  type GatewayTransport,
  httpTransport,
  type SerializedGatewayError,
  TransportError,
  type WireRequest,
  type WireResponse,
} from './gateway-http'

export const TIMEOUTS = { create: 30_000, status: 15_000, list: 15_000, health: 4_500, refund: 30_000 } as const

export const GATEWAY_MESSAGES = {
  unauthorized: 'Erro de autenticação: chave da API AtivoPay inválida para esta loja',
  invalid: 'Dados inválidos',
  unavailable: 'Proxy AtivoPay indisponível. Tente novamente em instantes.',
  malformed: 'Resposta inválida do proxy AtivoPay',
  notFound: 'Transação não encontrada no AtivoPay',
  notConfigured: 'AtivoPay não configurado neste servidor (ATIVOPAY_API_URL)',
} as const

// ---- wire shapes -------------------------------------------------------------------------------------------------

/** What we ask the gateway to create (amounts in cents). */
export interface CreateTransactionInput {
  amountCents: number
  method: PaymentMethod
  /** postalCode/addressNumber: the card holder's billing address, which Asaas requires with raw card data. */
  customer: {
    name: string
    email: string
    phone: string
    document: string
    postalCode?: string
    addressNumber?: string
  }
  items: { title: string; unitPriceCents: number; quantity: number; tangible: boolean; externalRef: string }[]
  pixExpiresInDays?: number
  boletoExpiresInDays?: number
  card?: { number: string; holderName: string; expMonth: number; expYear: number; cvv: string }
  /** A saved card's token instead of `card` (merchant-initiated: no CVV). */
  cardToken?: string
  /** Ask for a reusable token of `card` (the sandbox answers it in card.token). */
  tokenize?: boolean
  installments?: number
  postbackUrl?: string
  externalRef?: string
  metadata?: Record<string, string>
  ip?: string
}

/** A gateway transaction, with the status mapped to ours. */
export interface GatewayTransaction {
  id: string
  status: PaymentStatus
  gatewayStatus: string
  /** A card chargeback (contestação): status is REFUNDED as for a refund, but the merchant must tell them apart. */
  chargedBack: boolean
  amountCents: number
  paidAmountCents: number | null
  method: PaymentMethod
  pix: { qrcode: string; expirationDate: string | null } | null
  boleto: { url: string | null; digitableLine: string | null; dueDate: string | null } | null
  card: { lastDigits: string | null; brand: string | null; token?: string | null } | null
  secureUrl: string | null
  refusedReason: string | null
  metadata: Record<string, unknown> | null
  externalRef: string | null
  paidAt: string | null
  createdAt: string | null
  /** The refunds the gateway made of this transaction (whole or partial), oldest first. */
  refunds: GatewayRefund[]
  refundedAmountCents: number
}

/** One refund at the gateway; `externalRef` is the reference we gave when we asked for it. */
export interface GatewayRefund {
  id: string
  amountCents: number
  externalRef: string | null
  createdAt: string | null
}

export interface RefundInput {
  amountCents: number
  reason?: string
  /** Our refund's id: the gateway answers a repeated request with the same refund instead of refunding twice. */
  externalRef?: string
}

/** The gateway's statuses and what they mean for us. */
const STATUS_MAP: Record<string, PaymentStatus> = {
  WAITING_PAYMENT: 'PENDING',
  PENDING: 'PENDING',
  PROCESSING: 'PENDING',
  AUTHORIZED: 'PENDING',
  IN_ANALYSIS: 'PENDING',
  PAID: 'PAID',
  APPROVED: 'PAID',
  REFUSED: 'REFUSED',
  FAILED: 'REFUSED',
  EXPIRED: 'EXPIRED',
  CANCELED: 'CANCELLED',
  CANCELLED: 'CANCELLED',
  REFUNDED: 'REFUNDED',
  // The money is gone either way, so every rule reads it as a refund; `chargedBack` keeps the difference.
  CHARGEDBACK: 'REFUNDED',
  CHARGED_BACK: 'REFUNDED',
}

const CHARGEBACK_STATUSES = new Set(['CHARGEDBACK', 'CHARGED_BACK'])

const METHOD_MAP: Record<string, PaymentMethod> = {
  PIX: 'PIX',
  CREDIT_CARD: 'CREDIT_CARD',
  CARD: 'CREDIT_CARD',
  BOLETO: 'BOLETO',
  BANK_SLIP: 'BOLETO',
}

const str = z.string().nullish()
const wireTransaction = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.string(),
  amount: z.number().int(),
  paidAmount: z.number().int().nullish(),
  paymentMethod: z.string(),
  pix: z.object({ qrcode: z.string(), expirationDate: str }).nullish(),
  boleto: z.object({ url: str, digitableLine: str, dueDate: str }).nullish(),
  card: z.object({ lastDigits: str, brand: str, token: str }).nullish(),
  secureUrl: str,
  refusedReason: str,
  metadata: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  externalRef: str,
  paidAt: str,
  createdAt: str,
  refundedAmount: z.number().int().nullish(),
  refunds: z
    .array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        amount: z.number().int(),
        externalRef: str,
        createdAt: str,
      }),
    )
    .nullish(),
})

const wireRefund = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  amount: z.number().int().positive(),
  externalRef: str,
  createdAt: str,
})

function refundOf(r: { id: string; amount: number; externalRef?: string | null; createdAt?: string | null }) {
  return { id: r.id, amountCents: r.amount, externalRef: r.externalRef ?? null, createdAt: r.createdAt ?? null }
}

function toRefund(raw: unknown): GatewayRefund {
  const parsed = wireRefund.safeParse(raw)
  if (!parsed.success) throw new GatewayError('malformed', GATEWAY_MESSAGES.malformed)
  return refundOf(parsed.data)
}

function toTransaction(raw: unknown): GatewayTransaction {
  const parsed = wireTransaction.safeParse(raw)
  if (!parsed.success) throw new GatewayError('malformed', GATEWAY_MESSAGES.malformed)
  const t = parsed.data
  const wireStatus = t.status.toUpperCase()
  const status = STATUS_MAP[wireStatus]
  const method = METHOD_MAP[t.paymentMethod.toUpperCase()]
  if (!status || !method) throw new GatewayError('malformed', GATEWAY_MESSAGES.malformed)
  let metadata: Record<string, unknown> | null = null
  if (typeof t.metadata === 'string') {
    try {
      metadata = JSON.parse(t.metadata)
    } catch {
      metadata = null
    }
  } else metadata = t.metadata ?? null
  return {
    id: t.id,
    status,
    gatewayStatus: t.status,
    chargedBack: CHARGEBACK_STATUSES.has(wireStatus),
    amountCents: t.amount,
    paidAmountCents: t.paidAmount ?? null,
    method,
    pix: t.pix ? { qrcode: t.pix.qrcode, expirationDate: t.pix.expirationDate ?? null } : null,
    boleto: t.boleto
      ? { url: t.boleto.url ?? null, digitableLine: t.boleto.digitableLine ?? null, dueDate: t.boleto.dueDate ?? null }
      : null,
    card: t.card
      ? { lastDigits: t.card.lastDigits ?? null, brand: t.card.brand ?? null, token: t.card.token ?? null }
      : null,
    secureUrl: t.secureUrl ?? null,
    refusedReason: t.refusedReason ?? null,
    metadata,
    externalRef: t.externalRef ?? null,
    paidAt: t.paidAt ?? null,
    createdAt: t.createdAt ?? null,
    refunds: (t.refunds ?? []).map(refundOf),
    refundedAmountCents: t.refundedAmount ?? 0,
  }
}

/** The JSON body of a create call; card data goes only here, never into a log or a row. */
export function createBody(input: CreateTransactionInput): Record<string, unknown> {
  const doc = input.customer.document.replace(/\D/g, '')
  const body: Record<string, unknown> = {
    amount: input.amountCents,
    paymentMethod: input.method,
    customer: {
      name: input.customer.name,
      email: input.customer.email,
      phone: input.customer.phone.replace(/\D/g, ''),
      document: { type: doc.length === 14 ? 'CNPJ' : 'CPF', number: doc },
    },
    items: input.items.map((i) => ({
      title: i.title,
      unitPrice: i.unitPriceCents,
      quantity: i.quantity,
      tangible: i.tangible,
      externalRef: i.externalRef,
    })),
  }
  if (input.method === 'PIX') body.pix = { expiresInDays: input.pixExpiresInDays ?? 1 }
  if (input.method === 'BOLETO') body.boleto = { expiresInDays: input.boletoExpiresInDays ?? 3 }
  if (input.method === 'CREDIT_CARD' && input.card) {
    body.card = {
      number: input.card.number.replace(/\D/g, ''),
      holderName: input.card.holderName,
      expirationMonth: input.card.expMonth,
      expirationYear: input.card.expYear,
      cvv: input.card.cvv,
    }
    body.installments = input.installments ?? 1
    if (input.tokenize) body.card = { ...(body.card as object), tokenize: true }
  }
  if (input.method === 'CREDIT_CARD' && !input.card && input.cardToken) {
    body.card = { token: input.cardToken }
    body.installments = input.installments ?? 1
  }
  if (input.postbackUrl) body.postbackUrl = input.postbackUrl
  if (input.externalRef) body.externalRef = input.externalRef
  if (input.metadata) body.metadata = input.metadata
  if (input.ip) body.ip = input.ip
  return body
}

// ---- the client ------------------------------------------------------------------------------------------------

export interface GatewayClient {
  createTransaction(apiKey: string, input: CreateTransactionInput): Promise<GatewayTransaction>
  getTransaction(apiKey: string, id: string): Promise<GatewayTransaction>
  listTransactions(
    apiKey: string,
    q?: { page?: number; status?: string },
  ): Promise<{ data: GatewayTransaction[]; page: number; total: number | null }>
  /** Resolves when the key is accepted; throws GatewayError otherwise. */
  checkHealth(apiKey: string): Promise<void>
  /** Refunds all or part of a paid transaction; a refusal is a GatewayError with the gateway's message. */
  refundTransaction(apiKey: string, id: string, input: RefundInput): Promise<GatewayRefund>
}

export function authHeader(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:x`).toString('base64')}`
}

export function createGatewayClient(transport: GatewayTransport): GatewayClient {
  async function call(apiKey: string, method: 'GET' | 'POST', path: string, timeoutMs: number, body?: unknown) {
    if (!apiKey) throw new GatewayError('unauthorized', GATEWAY_MESSAGES.unauthorized, 401)
    const headers: Record<string, string> = { authorization: authHeader(apiKey), accept: 'application/json' }
    const { status, json } = await sendJson(transport, { method, path, headers, body, timeoutMs }, GATEWAY_MESSAGES)
    if (status >= 200 && status < 300) return json as { data?: unknown; pagination?: { page?: number; total?: number } }
    throw errorFor(status, json)
  }

  return {
    async createTransaction(apiKey, input) {
      const json = await call(apiKey, 'POST', '/v1/transactions', TIMEOUTS.create, createBody(input))
      return toTransaction(json.data)
    },
    async getTransaction(apiKey, id) {
      const json = await call(apiKey, 'GET', `/v1/transactions/${encodeURIComponent(id)}`, TIMEOUTS.status)
      return toTransaction(json.data)
    },
    async listTransactions(apiKey, q = {}) {
      const params = new URLSearchParams()
      if (q.page) params.set('page', String(q.page))
      if (q.status) params.set('status', q.status)
      const qs = params.size ? `?${params}` : ''
      const json = await call(apiKey, 'GET', `/v1/transactions${qs}`, TIMEOUTS.list)
      if (!Array.isArray(json.data)) throw new GatewayError('malformed', GATEWAY_MESSAGES.malformed)
      return {
        data: json.data.map(toTransaction),
        page: json.pagination?.page ?? q.page ?? 1,
        total: json.pagination?.total ?? null,
      }
    },
    async checkHealth(apiKey) {
      await call(apiKey, 'GET', '/v1/balance/available', TIMEOUTS.health)
    },
    async refundTransaction(apiKey, id, input) {
      const body: Record<string, unknown> = { amount: input.amountCents }
      if (input.reason) body.reason = input.reason
      if (input.externalRef) body.externalRef = input.externalRef
      const path = `/v1/transactions/${encodeURIComponent(id)}/refunds`
      const json = await call(apiKey, 'POST', path, TIMEOUTS.refund, body)
      return toRefund(json.data)
    },
  }
}

function serverText(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined
  const o = json as { message?: unknown; error?: unknown; errors?: unknown }
  for (const v of [o.message, o.error]) {
    if (typeof v === 'string' && v.trim()) return v
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0]
  }
  return undefined
}

/** Maps a non-2xx answer to the spec's errors (001 §8, 002 §8). */
function errorFor(status: number, json: unknown): GatewayError {
  if (status === 401 || status === 403) return new GatewayError('unauthorized', GATEWAY_MESSAGES.unauthorized, status)
  if (status === 400 || status === 422)
    return new GatewayError('invalid', serverText(json) ?? GATEWAY_MESSAGES.invalid, status)
  if (status === 404) return new GatewayError('not_found', GATEWAY_MESSAGES.notFound, status)
  if (status === 502 || status === 503 || status === 504)
    return new GatewayError('unavailable', GATEWAY_MESSAGES.unavailable, status)
  return new GatewayError('other', `Erro na transação: ${serverText(json) ?? `HTTP ${status}`}`, status)
}
