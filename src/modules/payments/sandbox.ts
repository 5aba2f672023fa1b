/**
 * The built-in AtivoPay sandbox: the same HTTP contract as the gateway (see gateway-client.ts), kept in the
 * payment_sandbox_transactions table so the api and worker processes see the same state. Keys starting
 * `sk_sandbox_` are accepted; every other key is 401. Off in production.
 *
 * Test cards: 4111 1111 1111 1111 is approved; 4000 0000 0000 0002 is refused; a number failing the Luhn check
 * is a validation error. Any future expiry and any 3-4 digit CVV.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { AppConfig } from '../../config'
import { saoPauloDay } from '../../shared/dates'
import { buildBarcode, digitableLine } from './boleto'
import { buildBrCode } from './brcode'
import type { WireRequest, WireResponse } from './gateway-client'
import type { Db } from './tables'

export const SANDBOX_PREFIX = '/sandbox/ativopay'
export const SANDBOX_KEY_PREFIX = 'sk_sandbox_'
export const SANDBOX_CARDS = { approved: '4111111111111111', refused: '4000000000000002' } as const
export const SANDBOX_BANK_CODE = '999'
const MERCHANT = { name: 'AtivoPay Sandbox', city: 'Sao Paulo' }

export function sandboxEnabled(config: Pick<AppConfig, 'ATIVOPAY_API_URL' | 'NODE_ENV'>): boolean {
  return !config.ATIVOPAY_API_URL && config.NODE_ENV !== 'production'
}

type SandboxRow = Awaited<ReturnType<typeof findRow>>

const json = (status: number, body: unknown): WireResponse => ({ status, body: JSON.stringify(body) })

function accountOf(headers: Record<string, string | undefined>): string | undefined {
  const auth = headers.authorization ?? ''
  let key: string | undefined
  if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
  else if (auth.startsWith('Bearer ')) key = auth.slice(7)
  key ??= headers['x-api-key']
  if (!key?.startsWith(SANDBOX_KEY_PREFIX) || key.length < SANDBOX_KEY_PREFIX.length + 4) return undefined
  return createHash('sha256').update(key).digest('hex')
}

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

function cardBrand(number: string): string {
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
    .object({
      number: z.string(),
      holderName: z.string().min(1),
      expirationMonth: z.number().int().min(1).max(12),
      expirationYear: z.number().int(),
      cvv: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
    })
    .optional(),
  installments: z.number().int().min(1).max(24).optional(),
  postbackUrl: z.string().url().optional(),
  externalRef: z.string().optional(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  ip: z.string().optional(),
})

function toWire(row: NonNullable<SandboxRow>) {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    paidAmount: row.status === 'PAID' ? row.amount : 0,
    paymentMethod: row.payment_method,
    installments: row.installments,
    pix: row.pix_qrcode
      ? { qrcode: row.pix_qrcode, expirationDate: row.pix_expiration_date?.toISOString() ?? null }
      : null,
    boleto: row.boleto_digitable_line
      ? {
          url: row.boleto_url,
          digitableLine: row.boleto_digitable_line,
          barcode: row.boleto_barcode,
          dueDate: row.boleto_due_date,
        }
      : null,
    card: row.card_last_digits ? { lastDigits: row.card_last_digits, brand: row.card_brand } : null,
    secureUrl: row.boleto_url,
    refusedReason: row.refused_reason,
    postbackUrl: row.postback_url,
    metadata: row.metadata,
    externalRef: row.external_ref,
    customer: row.customer,
    items: row.items,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export type SandboxWireTransaction = ReturnType<typeof toWire>

async function findRow(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  return db.selectFrom('payment_sandbox_transactions').selectAll().where('id', '=', id).executeTakeFirst()
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Serves one request of the gateway contract (the HTTP routes and the in-process transport both land here). */
export async function handleSandboxRequest(
  deps: { db: Db; config: Pick<AppConfig, 'publicUrl'> },
  req: Pick<WireRequest, 'method' | 'path' | 'headers' | 'body'>,
): Promise<WireResponse> {
  const url = new URL(req.path, 'http://sandbox')
  const account = accountOf(req.headers)
  if (!account) return json(401, { message: 'Unauthorized: chave de API inválida' })
  const { db } = deps

  if (req.method === 'POST' && url.pathname === '/v1/transactions') {
    let raw: unknown
    try {
      raw = JSON.parse(req.body ?? '')
    } catch {
      return json(400, { message: 'JSON inválido' })
    }
    return create(deps, account, raw)
  }
  if (req.method === 'GET' && url.pathname === '/v1/transactions') {
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
    const pageSize = 20
    let q = db.selectFrom('payment_sandbox_transactions').where('account', '=', account)
    const status = url.searchParams.get('status')
    if (status) q = q.where('status', '=', status.toUpperCase())
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    return json(200, { data: rows.map(toWire), pagination: { page, pageSize, total: Number(n) } })
  }
  const one = url.pathname.match(/^\/v1\/transactions\/([^/]+)$/)
  if (req.method === 'GET' && one) {
    const row = await findRow(db, decodeURIComponent(one[1]!))
    if (!row || row.account !== account) return json(404, { message: 'Transação não encontrada' })
    return json(200, { data: toWire(row) })
  }
  if (req.method === 'GET' && url.pathname === '/v1/balance/available') {
    const { amount } = await db
      .selectFrom('payment_sandbox_transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
      .where('account', '=', account)
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow()
    return json(200, { data: { amount: Number(amount), recipientId: account.slice(0, 12) } })
  }
  return json(404, { message: 'Rota não encontrada' })
}

async function create(
  deps: { db: Db; config: Pick<AppConfig, 'publicUrl'> },
  account: string,
  raw: unknown,
): Promise<WireResponse> {
  const parsed = createSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return json(400, { message: `${issue.path.join('.')}: ${issue.message}` })
  }
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
    if (!card) return json(400, { message: 'card: dados do cartão são obrigatórios' })
    const number = card.number.replace(/\D/g, '')
    if (!luhnValid(number)) return json(400, { message: 'Número do cartão inválido' })
    const end = new Date(
      Date.UTC(card.expirationYear < 100 ? 2000 + card.expirationYear : card.expirationYear, card.expirationMonth, 1),
    )
    if (end <= now) return json(400, { message: 'Cartão expirado' })
    const refused = number === SANDBOX_CARDS.refused
    extra = {
      card_last_digits: number.slice(-4),
      card_brand: cardBrand(number),
      installments: input.installments ?? 1,
      ...(refused
        ? { status: 'REFUSED', refused_reason: 'Transação recusada pelo emissor (cartão de teste)' }
        : { status: 'PAID', paid_at: now }),
    }
  }
  const inserted = await deps.db
    .insertInto('payment_sandbox_transactions')
    .values({ ...row, status: 'WAITING_PAYMENT', ...extra })
    .returningAll()
    .executeTakeFirstOrThrow()
  return json(200, { data: toWire(inserted) })
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
  const row = await findRow(db, id)
  if (!row) return { ok: false, status: 404, message: 'Transação não encontrada' }
  const { from, to } = ACTIONS[action]
  if (row.status !== from) return { ok: false, status: 409, message: `${NOT_IN[from]} (status ${row.status})` }
  const now = new Date()
  const updated = await db
    .updateTable('payment_sandbox_transactions')
    .set({
      status: to,
      updated_at: now,
      // A refund or chargeback keeps when it was paid: the gateway still reports it.
      paid_at: action === 'pay' ? now : from === 'PAID' ? row.paid_at : null,
      refused_reason: action === 'refuse' ? 'Pagamento recusado (simulação)' : null,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
  if (!updated) return { ok: false, status: 409, message: 'Transação alterada por outra operação' }
  return { ok: true, transaction: toWire(updated) }
}

export async function findSandboxBoleto(db: Db, id: string) {
  const row = await findRow(db, id)
  return row?.boleto_digitable_line ? toWire(row) : undefined
}

/** The body the gateway POSTs to a postbackUrl. */
export function postbackBody(t: SandboxWireTransaction) {
  return { id: crypto.randomUUID(), type: 'transaction', objectId: t.id, url: t.postbackUrl, data: t }
}
