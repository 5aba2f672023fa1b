/**
 * The built-in AtivoPay sandbox: the same HTTP contract as the gateway (see gateway-client.ts), kept in the
 * payment_sandbox_transactions table so the api and worker processes see the same state. Keys starting
 * `sk_sandbox_` are accepted; every other key is 401. Off in production.
 *
 * Test cards: 4111 1111 1111 1111 is approved; 4000 0000 0000 0002 is refused; 4000 0000 0000 5126 is approved
 * but its refunds are refused (as a real acquirer may); 4000 0000 0000 0341 and 4000 0000 0000 0069 are approved
 * once and then refused on their saved token (a soft decline; an expired card); a number failing the Luhn check is a validation error. Any
 * future expiry and any 3-4 digit CVV.
 *
 * Refunds (POST /v1/transactions/:id/refunds { amount, reason?, externalRef? }) answer at once and, like the real
 * gateway, POST the transaction with its `refunds` to its postbackUrl a moment later (SANDBOX_POSTBACK_JOB).
 *
 * This file holds the sandbox's rules (creating, refunding, simulating); sandbox-contract.ts routes the contract's
 * requests here and sandbox.repository.ts keeps its rows.
 */
import { z } from 'zod'
import type { AppConfig } from '../../config'
import type { JobQueue } from '../../platform/jobs'
import { saoPauloDay } from '../../shared/dates'
import { buildBarcode, digitableLine } from './boleto'
import { buildBrCode } from './brcode'
import { type SandboxWireTransaction, toSandboxWire } from './dto'
import type { WireResponse } from './gateway-client'
import * as repo from './sandbox.repository'
import type { Db } from './tables'

export const SANDBOX_PREFIX = '/sandbox/ativopay'
export const SANDBOX_KEY_PREFIX = 'sk_sandbox_'
export const SANDBOX_CARDS = {
  approved: '4111111111111111',
  refused: '4000000000000002',
  refundRefused: '4000000000005126',
  /** Renewals (issue 36): the first charge is approved, every later one on its saved token soft-declined. */
  renewalSoftDecline: '4000000000000341',
  /** Renewals: the first charge is approved, every later one on its saved token a hard decline (expired card). */
  renewalHardDecline: '4000000000000069',
} as const

/** What a saved token of a renewal test card answers (merchant-initiated charges only). */
const TOKEN_REFUSALS: Record<string, string> = {
  [SANDBOX_CARDS.renewalSoftDecline.slice(-4)]: 'Saldo insuficiente (cartão de teste)',
  [SANDBOX_CARDS.renewalHardDecline.slice(-4)]: 'Cartão expirado (cartão de teste)',
}
/** The job that sends the sandbox's postbacks, after its answer as a real gateway does. */
export const SANDBOX_POSTBACK_JOB = 'payments.sandbox-postback'
export const SANDBOX_REFUND_MESSAGES = {
  notPaid: 'Só é possível estornar uma transação paga',
  tooMuch: 'Valor do estorno maior que o saldo da transação',
  refused: 'Estorno recusado pela adquirente (cartão de teste)',
} as const
export const SANDBOX_BANK_CODE = '999'
const MERCHANT = { name: 'AtivoPay Sandbox', city: 'Sao Paulo' }

export function sandboxEnabled(config: Pick<AppConfig, 'ATIVOPAY_API_URL' | 'NODE_ENV'>): boolean {
  return !config.ATIVOPAY_API_URL && config.NODE_ENV !== 'production'
}

/** An answer of the gateway contract. */
export const wire = (status: number, body: unknown): WireResponse => ({ status, body: JSON.stringify(body) })

/** A stable random-looking EVP key per sandbox account, as a real receiver would have. */
function pixKeyFor(account: string): string {
  const h = account.slice(0, 32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  if (/^(636368|438935|504175|451416|636297|5067|4576|4011|506699)/.test(number)) return 'elo'
  return 'unknown'
}

const createSchema = z.object({
  amount: z.number().int().min(1, 'amount deve ser maior que zero'),
  paymentMethod: z.enum(['PIX', 'CREDIT_CARD', 'BOLETO', 'pix', 'credit_card', 'boleto']),
  customer: z.object({
    name: z.string().min(1, 'customer.name é obrigatório'),
    email: z.string().email('customer.email inválido'),
    phone: z.string().optional(),
    document: z.object({
      type: z.string().transform((v) => v.toUpperCase()),
      number: z.string().regex(/^(\d{11}|\d{14})$/, 'customer.document.number inválido'),
    }),
  }),
  items: z
    .array(
      z.object({
        title: z.string().min(1),
        unitPrice: z.number().int().min(0),
        quantity: z.number().int().min(1),
        tangible: z.boolean(),
        externalRef: z.string().optional(),
      }),
    )
    .min(1, 'items é obrigatório'),
  pix: z.object({ expiresInDays: z.number().int().min(1).max(30) }).optional(),
  boleto: z.object({ expiresInDays: z.number().int().min(1).max(30) }).optional(),
  card: z
    .union([
      z.object({
        number: z.string(),
        holderName: z.string().min(1),
        expirationMonth: z.number().int().min(1).max(12),
        expirationYear: z.number().int(),
        cvv: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
        /** Keep the card: the answer carries card.token, chargeable later by this account without the CVV. */
        tokenize: z.boolean().optional(),
      }),
      z.object({ token: z.string().min(1).max(100) }),
    ])
    .optional(),
  installments: z.number().int().min(1).max(24).optional(),
  postbackUrl: z.string().url().optional(),
  externalRef: z.string().optional(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  ip: z.string().optional(),
})

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export interface SandboxDeps {
  db: Db
  config: Pick<AppConfig, 'publicUrl'>
  /** Where the sandbox queues the postbacks it sends after answering (none: no postback, as with no postbackUrl). */
  jobs?: Pick<JobQueue, 'enqueue'>
}

/** The input of a contract call, or the 400 the gateway answers, naming the first field at fault. */
function parseInput<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { ok: true; data: z.output<S> } | { ok: false; error: WireResponse } {
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { ok: true, data: parsed.data }
  const issue = parsed.error.issues[0]!
  return { ok: false, error: wire(400, { message: `${issue.path.join('.')}: ${issue.message}` }) }
}

const refundSchema = z.object({
  amount: z.number().int().min(1, 'amount deve ser maior que zero'),
  reason: z.string().max(500).optional(),
  externalRef: z.string().max(100).optional(),
})

/**
 * A refund of a paid transaction, whole or partial. A repeated externalRef answers the refund it already made
 * (how a caller's retry never refunds twice); a refund of everything left turns the transaction REFUNDED.
 */
export async function refundSandboxCharge(
  deps: SandboxDeps,
  account: string,
  id: string,
  raw: unknown,
): Promise<WireResponse> {
  const parsed = parseInput(refundSchema, raw)
  if (!parsed.ok) return parsed.error
  const input = parsed.data
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockSandboxRow(trx, id)
    if (!row || row.account !== account) return wire(404, { message: 'Transação não encontrada' })
    const earlier = input.externalRef ? row.refunds.find((r) => r.externalRef === input.externalRef) : undefined
    if (earlier) return wire(200, { data: { ...earlier, transactionId: row.id } })
    if (row.status !== 'PAID')
      return wire(409, { message: `${SANDBOX_REFUND_MESSAGES.notPaid} (status ${row.status})` })
    if (row.card_last_digits === SANDBOX_CARDS.refundRefused.slice(-4) && row.card_brand === 'visa')
      return wire(422, { message: SANDBOX_REFUND_MESSAGES.refused })
    const left = row.amount - row.refunded_amount
    if (input.amount > left) return wire(422, { message: SANDBOX_REFUND_MESSAGES.tooMuch })
    const made = {
      id: crypto.randomUUID(),
      amount: input.amount,
      reason: input.reason ?? null,
      externalRef: input.externalRef ?? null,
      status: 'REFUNDED' as const,
      createdAt: new Date().toISOString(),
    }
    await repo.recordSandboxRefunds(trx, id, {
      refunds: [...row.refunds, made],
      refundedAmount: row.refunded_amount + input.amount,
      status: input.amount === left ? 'REFUNDED' : 'PAID',
    })
    return { made, postbackUrl: row.postback_url }
  })
  if ('status' in outcome) return outcome
  if (outcome.postbackUrl && deps.jobs)
    await deps.jobs.enqueue(
      SANDBOX_POSTBACK_JOB,
      { transactionId: id },
      { jobId: `sandbox-postback-${outcome.made.id}` },
    )
  return wire(200, { data: { ...outcome.made, transactionId: id } })
}

/** A charge as the gateway creates it: a PIX or boleto waits for its payer, a test card is decided at once. */
export async function createSandboxCharge(deps: SandboxDeps, account: string, raw: unknown): Promise<WireResponse> {
  const parsed = parseInput(createSchema, raw)
  if (!parsed.ok) return parsed.error
  const input = parsed.data
  const method = input.paymentMethod.toUpperCase() as 'PIX' | 'CREDIT_CARD' | 'BOLETO'
  const id = crypto.randomUUID()
  const now = new Date()
  const row = {
    id,
    account,
    amount: input.amount,
    payment_method: method,
    customer: JSON.stringify({ ...input.customer }),
    items: JSON.stringify(input.items),
    metadata: input.metadata === undefined ? null : JSON.stringify(input.metadata),
    external_ref: input.externalRef ?? null,
    ip: input.ip ?? null,
    postback_url: input.postbackUrl ?? null,
    updated_at: now,
  }
  let extra: Partial<{
    status: string
    pix_qrcode: string
    pix_expiration_date: Date
    boleto_url: string
    boleto_digitable_line: string
    boleto_barcode: string
    boleto_due_date: string
    card_last_digits: string
    card_brand: string
    installments: number
    refused_reason: string
    paid_at: Date
    card_token: string
  }> = {}

  if (method === 'PIX') {
    const days = input.pix?.expiresInDays ?? 1
    extra = {
      status: 'WAITING_PAYMENT',
      pix_qrcode: buildBrCode({
        pixKey: pixKeyFor(account),
        merchantName: MERCHANT.name,
        merchantCity: MERCHANT.city,
        amountCents: input.amount,
        txid: id,
        singleUse: true,
      }),
      pix_expiration_date: new Date(now.getTime() + days * 86_400_000),
    }
  } else if (method === 'BOLETO') {
    const dueDate = addDays(saoPauloDay(now), input.boleto?.expiresInDays ?? 3)
    const freeField = BigInt(`0x${id.replaceAll('-', '')}`)
      .toString()
      .padStart(25, '0')
      .slice(-25)
    const barcode = buildBarcode({ bankCode: SANDBOX_BANK_CODE, amountCents: input.amount, dueDate, freeField })
    extra = {
      status: 'WAITING_PAYMENT',
      boleto_barcode: barcode,
      boleto_digitable_line: digitableLine(barcode),
      boleto_due_date: dueDate,
      boleto_url: `${deps.config.publicUrl}${SANDBOX_PREFIX}/v1/boletos/${id}`,
    }
  } else {
    const card = input.card
    if (!card) return wire(400, { message: 'card: dados do cartão são obrigatórios' })
    if ('token' in card) {
      const saved = await repo.findSandboxToken(deps.db, account, card.token)
      if (!saved) return wire(400, { message: 'card.token: token inválido para esta conta' })
      const refusal = saved.card_brand === 'visa' ? TOKEN_REFUSALS[saved.card_last_digits ?? ''] : undefined
      extra = {
        card_last_digits: saved.card_last_digits!,
        card_brand: saved.card_brand!,
        installments: input.installments ?? 1,
        ...(refusal ? { status: 'REFUSED', refused_reason: refusal } : { status: 'PAID', paid_at: now }),
      }
      const inserted = await repo.insertSandboxRow(deps.db, { ...row, status: 'WAITING_PAYMENT', ...extra })
      return wire(200, { data: toSandboxWire(inserted) })
    }
    const number = card.number.replace(/\D/g, '')
    if (!luhnValid(number)) return wire(400, { message: 'Número do cartão inválido' })
    const end = new Date(
      Date.UTC(card.expirationYear < 100 ? 2000 + card.expirationYear : card.expirationYear, card.expirationMonth, 1),
    )
    if (end <= now) return wire(400, { message: 'Cartão expirado' })
    const refused = number === SANDBOX_CARDS.refused
    extra = {
      card_last_digits: number.slice(-4),
      card_brand: cardBrand(number),
      installments: input.installments ?? 1,
      ...(refused
        ? { status: 'REFUSED', refused_reason: 'Transação recusada pelo emissor (cartão de teste)' }
        : { status: 'PAID', paid_at: now }),
      ...(card.tokenize && !refused ? { card_token: `tok_sandbox_${crypto.randomUUID()}` } : {}),
    }
  }
  const inserted = await repo.insertSandboxRow(deps.db, { ...row, status: 'WAITING_PAYMENT', ...extra })
  return wire(200, { data: toSandboxWire(inserted) })
}

export const SANDBOX_ACTIONS = ['pay', 'refuse', 'expire', 'refund', 'chargeback'] as const
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number]

/** Which wire status each simulation needs and leaves: the payer acts on a waiting charge, the bank on a paid one. */
const ACTIONS: Record<SandboxAction, { from: 'WAITING_PAYMENT' | 'PAID'; to: string }> = {
  pay: { from: 'WAITING_PAYMENT', to: 'PAID' },
  refuse: { from: 'WAITING_PAYMENT', to: 'REFUSED' },
  expire: { from: 'WAITING_PAYMENT', to: 'EXPIRED' },
  refund: { from: 'PAID', to: 'REFUNDED' },
  chargeback: { from: 'PAID', to: 'CHARGEDBACK' },
}

const NOT_IN: Record<'WAITING_PAYMENT' | 'PAID', string> = {
  WAITING_PAYMENT: 'Transação não está aguardando pagamento',
  PAID: 'Só é possível estornar ou contestar uma transação paga',
}

/**
 * Simulates what happens at the gateway: the payer pays, the bank refuses, time runs out; later the merchant
 * refunds a paid charge or the buyer's card issuer charges it back.
 */
export async function applySandboxAction(
  db: Db,
  id: string,
  action: SandboxAction,
): Promise<{ ok: true; transaction: SandboxWireTransaction } | { ok: false; status: number; message: string }> {
  const row = await repo.findSandboxRow(db, id)
  if (!row) return { ok: false, status: 404, message: 'Transação não encontrada' }
  const { from, to } = ACTIONS[action]
  if (row.status !== from) return { ok: false, status: 409, message: `${NOT_IN[from]} (status ${row.status})` }
  const now = new Date()
  const updated = await repo.moveSandboxStatus(db, id, from, {
    status: to,
    updated_at: now,
    // A refund or chargeback keeps when it was paid: the gateway still reports it.
    paid_at: action === 'pay' ? now : from === 'PAID' ? row.paid_at : null,
    refused_reason: action === 'refuse' ? 'Pagamento recusado (simulação)' : null,
  })
  if (!updated) return { ok: false, status: 409, message: 'Transação alterada por outra operação' }
  return { ok: true, transaction: toSandboxWire(updated) }
}

/** A sandbox transaction in its wire shape, for its postback. */
export async function findSandboxTransaction(db: Db, id: string) {
  const row = await repo.findSandboxRow(db, id)
  return row ? toSandboxWire(row) : undefined
}

export async function findSandboxBoleto(db: Db, id: string) {
  const row = await repo.findSandboxRow(db, id)
  return row?.boleto_digitable_line ? toSandboxWire(row) : undefined
}

/** The body the gateway POSTs to a postbackUrl. */
export function postbackBody(t: SandboxWireTransaction) {
  return { id: crypto.randomUUID(), type: 'transaction', objectId: t.id, url: t.postbackUrl, data: t }
}

/** A postback to another server, over HTTP (10 s). */
export function sendPostback(target: URL, body: ReturnType<typeof postbackBody>): Promise<Response> {
  return fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
}
