/**
 * What each message says, read at send time from the modules that own the facts (ordering's order page, the
 * checkout's look, the store's owner) through their index — notifications reads no other module's tables.
 */
import type { AppConfig } from '../../config'
import { decryptSecret } from '../../platform/crypto'
import type { Db } from '../../platform/db'
import type { JobQueue } from '../../platform/jobs'
import { type SettingsCache, throughCache } from '../../platform/settings-cache'
import { formatCents } from '../../shared/money'
import {
  normalizeOrderStatus,
  type OrderStatus,
  orderStatusLabel,
  PAID_STATUSES,
  paymentMethodLabel,
} from '../../shared/ordering-rules'
import { checkoutService } from '../checkout'
import { findUserById } from '../identity'
import { orderingService } from '../ordering'
import { storesService } from '../stores'
import { subscriptionsService } from '../subscriptions'
import { orderLines } from './lines'
import { qrPng } from './qr-png'
import { once, orderReadsOnce, type ReadMemo } from './reads'
import type { DeliveryRow } from './repository'
import type { OrderEmailData, StoreLook, StoreMessage, Template } from './templates/render'
import type { MailAttachment } from './transport'

// templates/layout's platformLook, kept here so composing never loads React (the renderer loads with the first e-mail)
const platformLook = (name: string): StoreLook => ({ storeName: name, color: '#2563EB', logoUrl: null })

export type NotifyDeps = {
  db: Db
  config: AppConfig
  jobs: JobQueue
  log: { info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void }
  /** One handler run's reads, made once (reads.ts); absent outside a handler. */
  reads?: ReadMemo
  /** Per-store settings kept across the worker's jobs (platform/settings-cache.ts); absent outside a handler. */
  settings?: SettingsCache
  /** The handler's try (its job's): a retry re-runs a batch whose messages may be out already. */
  attempt?: number
}

export interface Composed {
  to: { name: string; address: string }
  subject: string
  template: Template
  attachments: MailAttachment[]
  /** The store's display name on the From line (its address stays MAIL_FROM's). */
  fromName: string | null
  /** A one-click opt-out address (store messages that offer one, such as recovery reminders). */
  listUnsubscribe?: string | null
}

/** Not (or no longer) worth sending: the order moved on, the account is gone. Recorded as SKIPPED with the reason. */
export class NothingToSend extends Error {}

export const PIX_QR_CID = 'pix-qr@checkout'

/** The store's look from its checkout customisation; the logo only as an absolute URL. */
export async function storeLook(deps: NotifyDeps, storeId: string): Promise<StoreLook> {
  // The store and its customisation: once per change across the worker's jobs (platform/settings-cache.ts).
  const c = await throughCache(deps.settings, `store-look:${storeId}`, () =>
    checkoutService.publicCustomization(deps.db, storeId),
  )
  const raw = c.showStoreLogo ? c.customLogoUrl : null
  const logoUrl = raw
    ? /^https?:\/\//.test(raw)
      ? raw
      : raw.startsWith('/')
        ? `${deps.config.publicUrl}${raw}`
        : null
    : null
  const color = /^#[0-9a-f]{6}$/i.test(c.primaryColor) ? c.primaryColor : '#3B82F6'
  return { storeName: c.storeName || 'Loja', color, logoUrl }
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'cliente'

/** 'Minhas compras': the buyer area, where a buyer finds every order of theirs. */
export const accountUrl = (config: AppConfig) => `${config.publicUrl}/minha-conta`

/** What an 'order_refunded' delivery carries besides its order: the refund's own figures (jobs.ts). */
export interface RefundPayload {
  orderId: string
  amountCents: number
  refundedTotalCents: number
  partial: boolean
  itemId: string | null
}

const isRefundPayload = (p: Record<string, unknown>): p is Record<string, unknown> & RefundPayload =>
  typeof p.orderId === 'string' && typeof p.amountCents === 'number' && typeof p.refundedTotalCents === 'number'

/** The delivery's order: its subject, or the order a refund delivery names (a partial refund's subject is the refund). */
export const orderIdOf = (row: Pick<DeliveryRow, 'subject_id' | 'payload'>) =>
  isRefundPayload(row.payload) ? row.payload.orderId : row.subject_id

const ORDER_SUBJECTS: Record<string, (n: string, pix: boolean) => string> = {
  order_received: (n) => `Recebemos seu pedido ${n}`,
  payment_approved: (n) => `Pagamento aprovado – pedido ${n}`,
  payment_reminder: (n, pix) => `${pix ? 'Seu PIX' : 'Seu boleto'} vence em breve – pedido ${n}`,
  payment_expired: (n, pix) =>
    pix ? `Seu PIX do pedido ${n} expirou` : `O prazo de pagamento do pedido ${n} terminou`,
  order_cancelled: (n) => `Pedido ${n} cancelado`,
  order_refunded: (n) => `Reembolso do pedido ${n}`,
}

const dateBr = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

/** 'Renovação da sua assinatura Clube do Livro (Mensal) – vence em 28/02/2027'. */
function renewalSubject(r: NonNullable<OrderEmailData['renewal']>) {
  const what = `${r.productName ?? ''}${r.planName ? ` (${r.planName})` : ''}`.trim()
  return `Renovação da sua assinatura${what ? ` ${what}` : ''} – vence em ${dateBr(r.dueAt)}`
}

/** The state each order message announces (a partial refund names the order's current paid state). */
const KIND_STATUS: Record<string, OrderStatus> = {
  order_received: 'PENDING',
  payment_reminder: 'PENDING',
  payment_approved: 'PAID',
  order_cancelled: 'CANCELLED',
  order_refunded: 'REFUNDED',
}

/** '' for the expired PIX: that message offers a new code, so it must not read as a cancelled order. */
function messageStatusLabel(kind: string, current: OrderStatus, refund: RefundPayload | null): string {
  if (kind === 'payment_expired') return ''
  if (kind === 'order_refunded' && refund?.partial && PAID_STATUSES.includes(current))
    return orderStatusLabel(current, { refunded: refund.refundedTotalCents })
  return orderStatusLabel(KIND_STATUS[kind] ?? current)
}

/** Whether the order, as it stands now, still calls for this message. */
function stillRelevant(kind: string, status: string, paymentStatus: string | undefined, partial: boolean): boolean {
  switch (kind) {
    case 'order_received':
      return status === 'PENDING'
    case 'payment_reminder':
      return status === 'PENDING' && paymentStatus === 'PENDING'
    case 'payment_approved':
      return PAID_STATUSES.includes(status as never) || status === 'REFUNDED'
    case 'payment_expired':
    case 'order_cancelled':
      return status === 'CANCELLED'
    case 'order_refunded':
      // A partial refund leaves the order paid (or refunded later on by the rest): its notice still holds.
      return status === 'REFUNDED' || (partial && PAID_STATUSES.includes(status as never))
    default:
      return false
  }
}

/** The order e-mail's data and its attachments; `qr` says how the PIX image is referenced (cid in a message). */
export async function orderEmailData(
  deps: NotifyDeps,
  row: Pick<DeliveryRow, 'subject_id' | 'kind' | 'payload'>,
  qr: 'cid' | 'data',
): Promise<{ data: OrderEmailData; attachments: MailAttachment[]; email: string; name: string; storeId: string }> {
  const { kind } = row
  const orderId = orderIdOf(row)
  const refundOf = kind === 'order_refunded' && isRefundPayload(row.payload) ? row.payload : null
  // The handler that queued this message may have read it a moment ago (jobs.ts orderReceived): the same read.
  const { snapshot, page } = (await orderReadsOnce(deps, orderId)) ?? {}
  if (!snapshot || !page) throw new NothingToSend('Pedido não encontrado')
  // A subscription's PIX or boleto renewal: the same one message, worded as the plan's renewal (read for renewals
  // only: every other order's message costs no subscription read).
  const renewal =
    kind === 'order_received' && (snapshot.cycleNumber ?? 1) > 1
      ? await subscriptionsService.renewalInvoiceOf(deps.db, orderId)
      : undefined
  if (!stillRelevant(kind, snapshot.status, page.payment?.status, refundOf?.partial ?? false))
    throw new NothingToSend(`Pedido em outro status (${snapshot.status})`)
  const token = orderingService.orderPageToken(deps.config.APP_SECRET, orderId)
  const orderUrl = `${deps.config.publicUrl}/pedido/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`
  const payment = page.payment
  const attachments: MailAttachment[] = []
  let pix: OrderEmailData['pix'] = null
  const showCode = kind === 'order_received' || kind === 'payment_reminder'
  if (showCode && payment?.method === 'PIX' && payment.pixCode) {
    const png = qrPng(payment.pixCode, { width: 400, margin: 1, errorCorrectionLevel: 'M' })
    attachments.push({ filename: 'pix-qrcode.png', cid: PIX_QR_CID, contentType: 'image/png', content: png })
    pix = {
      code: payment.pixCode,
      expiresAt: payment.pixExpiresAt,
      qrSrc: qr === 'cid' ? `cid:${PIX_QR_CID}` : `data:image/png;base64,${png.toString('base64')}`,
    }
  }
  const boleto =
    showCode && payment?.method === 'BOLETO' && payment.boletoLine
      ? { line: payment.boletoLine, dueDate: payment.boletoDueDate, url: payment.boletoUrl }
      : null
  const access = [...(page.digitalAccess ? [page.digitalAccess] : []), ...(page.bumpAccess ?? [])].map((a) => ({
    productName: a.productName,
    url: a.url.startsWith('/') ? `${deps.config.publicUrl}${a.url}` : a.url,
    inArea: a.inArea === true,
  }))
  const data: OrderEmailData = {
    look: await storeLook(deps, snapshot.storeId),
    orderNumber: snapshot.orderNumber,
    firstName: firstName(snapshot.customer.name),
    lines: orderLines(snapshot),
    totalCents: snapshot.totalCents,
    paymentMethod: payment?.method ?? (snapshot.paymentMethod === 'BANK_SLIP' ? 'BOLETO' : snapshot.paymentMethod),
    pix,
    boleto,
    orderUrl,
    accountUrl: accountUrl(deps.config),
    access: kind === 'payment_approved' ? access : [],
    refund:
      kind === 'order_refunded'
        ? refundOf
          ? {
              amountCents: refundOf.amountCents,
              refundedTotalCents: refundOf.refundedTotalCents,
              partial: refundOf.partial,
              itemName: itemLabel(snapshot.items.find((i) => i.id === refundOf.itemId)),
            }
          : null
        : null,
    statusLabel: messageStatusLabel(kind, normalizeOrderStatus(snapshot.status), refundOf),
    renewal: renewal ?? null,
  }
  return { data, attachments, email: snapshot.customer.email, name: snapshot.customer.name, storeId: snapshot.storeId }
}

const itemLabel = (i: { quantity: number; name: string } | undefined) => (i ? `${i.quantity}× ${i.name}` : null)

/** The delivery address as the merchant ships to it, one line per row. */
function addressLines(a: NonNullable<Awaited<ReturnType<typeof orderingService.orderSnapshot>>>['shippingAddress']) {
  if (!a) return null
  const street = [a.street, a.number].filter(Boolean).join(', ') + (a.complement ? ` – ${a.complement}` : '')
  const cep = a.zipCode.replace(/^(\d{5})(\d{3})$/, '$1-$2')
  return [street, [a.neighborhood, `${a.city}/${a.state}`].filter(Boolean).join(' – '), `CEP ${cep}`]
}

/** The store owner's address, for 'Nova venda aprovada'. */
export async function storeOwner(deps: NotifyDeps, storeId: string) {
  // Asked by the handler and again by the message it sends: once per run (and once per batch of the store's orders).
  return once(deps.reads, `store-owner:${storeId}`, async () => {
    const store = await storesService.findStoreById(deps.db, storeId)
    const owner = store ? await findUserById(deps.db, store.user_id) : undefined
    return owner && owner.status === 'ACTIVE' ? owner : undefined
  })
}

/** Everything a delivery row needs to become a message, by kind. */
export async function compose(deps: NotifyDeps, row: DeliveryRow): Promise<Composed> {
  if (row.kind in ORDER_SUBJECTS) {
    const o = await orderEmailData(deps, row, 'cid')
    return {
      to: { name: o.name, address: o.email },
      subject: o.data.renewal
        ? renewalSubject(o.data.renewal)
        : ORDER_SUBJECTS[row.kind](o.data.orderNumber, o.data.paymentMethod === 'PIX'),
      template: { kind: row.kind as 'order_received', data: o.data },
      attachments: o.attachments,
      fromName: o.data.look.storeName,
    }
  }
  if (row.kind === 'new_sale') {
    // In a handler run the order was read for the buyer's message already (reads.ts); a resend reads it alone.
    const snapshot = deps.reads
      ? (await orderReadsOnce(deps, row.subject_id))?.snapshot
      : await orderingService.orderSnapshot(deps.db, row.subject_id)
    if (!snapshot?.paidAt) throw new NothingToSend('Pedido não encontrado ou não pago')
    const owner = await storeOwner(deps, snapshot.storeId)
    if (!owner) throw new NothingToSend('Conta do lojista indisponível')
    const look = await storeLook(deps, snapshot.storeId)
    return {
      to: { name: owner.name, address: owner.email },
      subject: `Nova venda aprovada: ${formatCents(snapshot.totalCents)} – pedido ${snapshot.orderNumber}`,
      template: {
        kind: 'new_sale',
        data: {
          look,
          orderNumber: snapshot.orderNumber,
          buyerName: snapshot.customer.name,
          buyerEmail: snapshot.customer.email,
          lines: orderLines(snapshot),
          totalCents: snapshot.totalCents,
          paymentLabel: paymentMethodLabel(snapshot.paymentMethod),
          paidAt: snapshot.paidAt.toISOString(),
          address: addressLines(snapshot.shippingAddress),
          salesUrl: `${deps.config.publicUrl}/sales`,
        },
      },
      attachments: [],
      fromName: null,
    }
  }
  if (row.kind === 'password_reset') {
    const p = row.payload as { tokenEncrypted?: string; name?: string; expiresAt?: string }
    if (!p.tokenEncrypted || !p.expiresAt || new Date(p.expiresAt).getTime() < Date.now())
      throw new NothingToSend('Link de redefinição expirado antes do envio')
    const token = decryptSecret(deps.config.APP_SECRET, p.tokenEncrypted)
    const look = platformLook(deps.config.PLATFORM_NAME)
    return {
      to: { name: p.name ?? '', address: row.recipient },
      subject: 'Redefinição de senha',
      template: {
        kind: 'password_reset',
        data: {
          look,
          firstName: firstName(p.name ?? ''),
          resetUrl: `${deps.config.publicUrl}/redefinir-senha?token=${encodeURIComponent(token)}`,
        },
      },
      attachments: [],
      fromName: look.storeName,
    }
  }
  if (row.kind === 'buyer_login') return buyerLoginMessage(deps, row)
  if (row.kind.includes('.') && row.store_id) {
    const p = row.payload as { subject?: string; name?: string; message?: StoreMessage; listUnsubscribe?: string }
    if (!p.subject || !p.message) throw new NothingToSend('Mensagem vazia')
    const look = await storeLook(deps, row.store_id)
    return {
      to: { name: p.name ?? '', address: row.recipient },
      subject: p.subject,
      template: {
        kind: 'store_message',
        data: {
          look,
          message: p.message,
          accountUrl: accountUrl(deps.config),
          ...(p.listUnsubscribe ? { unsubscribeUrl: p.listUnsubscribe } : {}),
        },
      },
      attachments: [],
      fromName: look.storeName,
      listUnsubscribe: p.listUnsubscribe ?? null,
    }
  }
  throw new NothingToSend(`Tipo de mensagem desconhecido: ${row.kind}`)
}

/** 'Acesse suas compras': the buyer's single-use sign-in link, from the platform (the area spans every store). */
function buyerLoginMessage(deps: NotifyDeps, row: DeliveryRow): Composed {
  const p = row.payload as { tokenEncrypted?: string; expiresAt?: string }
  if (!p.tokenEncrypted || !p.expiresAt || new Date(p.expiresAt).getTime() < Date.now())
    throw new NothingToSend('Link de acesso expirado antes do envio')
  const token = decryptSecret(deps.config.APP_SECRET, p.tokenEncrypted)
  const look = platformLook(deps.config.PLATFORM_NAME)
  return {
    to: { name: '', address: row.recipient },
    subject: 'Seu link de acesso às suas compras',
    template: {
      kind: 'buyer_login',
      data: { look, loginUrl: `${deps.config.publicUrl}/minha-conta/entrar?token=${encodeURIComponent(token)}` },
    },
    attachments: [],
    fromName: look.storeName,
  }
}
