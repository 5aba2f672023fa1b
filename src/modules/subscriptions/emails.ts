/**
 * The buyer's subscription e-mails (issue 36), written here from the subscription's facts and sent by notifications
 * (which subscribes to the events: subscriptions does not import it, buyers → subscriptions → notifications → buyers
 * would be a cycle) as store messages, one per subscription, cycle and kind whatever the retries: payment failed with
 * 'Atualizar cartão', cancelled, and the renewal notice of yearly plans. Each carries the signed self-service link.
 */
import { formatCents } from '../../shared/money'
import { orderPagePath } from '../../shared/order-page'
import { catalogService } from '../catalog'
import { orderingService } from '../ordering'
import { INVOICE_METHODS } from './periods'
import { selfServiceToken } from './self-service'
import type { Db } from './tables'

export type SubscriptionEmailKind = 'payment_failed' | 'canceled' | 'renewal_upcoming' | 'trial_ending'

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'cliente'
const dateBr = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

/** What a subscription e-mail says, from plain facts (also the merchant's preview with sample facts). */
export interface SubscriptionMessageFacts {
  customerName: string
  productName: string | null
  planName: string | null
  priceCents: number
  /** The yearly renewal's date (the current period's end). */
  renewsAt: Date
  /** A canceled subscription's paid access still running, if any. */
  accessUntil: Date | null
  /** The signed self-service link. */
  url: string
  /** PIX or boleto renewals: the unpaid invoice's order page (where the buyer pays), when there is one. */
  payUrl?: string | null
}

export function subscriptionMessage(kind: SubscriptionEmailKind, f: SubscriptionMessageFacts) {
  const what = `${f.productName ?? 'sua assinatura'}${f.planName ? ` (${f.planName})` : ''}`
  const product = f.productName ?? 'assinatura'
  const hello = firstName(f.customerName)
  const price = formatCents(f.priceCents)
  const url = f.url
  if (kind === 'payment_failed' && f.payUrl)
    return {
      subject: `Pagamento pendente da sua assinatura – ${product}`,
      preview: 'Pague agora para manter o acesso',
      heading: `${hello}, ainda não recebemos o pagamento da sua assinatura`,
      paragraphs: [
        `A cobrança de ${price} de ${what} venceu e ainda não foi paga.`,
        'Pague pelo link abaixo para não perder o acesso. Se já pagou, desconsidere esta mensagem.',
      ],
      button: { label: 'Pagar agora', url: f.payUrl },
    }
  if (kind === 'trial_ending')
    return {
      subject: `Seu teste grátis termina em ${dateBr(f.renewsAt)} – ${product}`,
      preview: `A primeira cobrança de ${price} será em ${dateBr(f.renewsAt)}`,
      heading: `${hello}, seu período de teste grátis está acabando`,
      paragraphs: [
        `Em ${dateBr(f.renewsAt)} termina o teste grátis de ${what} e a primeira cobrança de ${price} será feita no cartão cadastrado.`,
        'Se não quiser continuar, cancele antes dessa data pelo link abaixo e nada será cobrado.',
      ],
      button: { label: 'Gerenciar assinatura', url },
    }
  if (kind === 'payment_failed')
    return {
      subject: `Não conseguimos cobrar sua assinatura – ${product}`,
      preview: 'Atualize seu cartão para manter o acesso',
      heading: `${hello}, o pagamento da sua assinatura não foi aprovado`,
      paragraphs: [
        `A cobrança de ${price} de ${what} foi recusada pelo cartão cadastrado.`,
        'Vamos tentar de novo nos próximos dias. Para não perder o acesso, cadastre outro cartão agora.',
      ],
      button: { label: 'Atualizar cartão', url },
    }
  if (kind === 'canceled')
    return {
      subject: `Assinatura cancelada – ${product}`,
      preview: 'Sua assinatura foi cancelada',
      heading: `${hello}, sua assinatura foi cancelada`,
      paragraphs: [
        `A assinatura de ${what} foi cancelada e não haverá novas cobranças.`,
        f.accessUntil ? `Seu acesso continua até ${dateBr(f.accessUntil)}.` : 'Seu acesso foi encerrado.',
      ],
      button: { label: 'Ver assinatura', url },
    }
  return {
    subject: `Sua assinatura será renovada em ${dateBr(f.renewsAt)}`,
    preview: `Renovação de ${what} por ${price}`,
    heading: `${hello}, sua assinatura anual será renovada`,
    paragraphs: [
      `Em ${dateBr(f.renewsAt)} a assinatura de ${what} será renovada por ${price}, no cartão cadastrado.`,
      'Se quiser trocar o cartão ou cancelar antes da renovação, use o link abaixo.',
    ],
    button: { label: 'Gerenciar assinatura', url },
  }
}

export const selfServiceUrl = (publicUrl: string, secret: string, storeId: string, id: string) =>
  `${publicUrl}/assinatura?token=${encodeURIComponent(selfServiceToken(secret, storeId, id))}`

/** What notifications' `sendStoreMessage` takes (the same shape, kept plain here). */
export interface SubscriptionEmail {
  storeId: string
  subjectId: string
  kind: `subscriptions.${SubscriptionEmailKind}`
  to: { name: string; email: string }
  subject: string
  message: { preview: string; heading: string; paragraphs: string[]; button: { label: string; url: string } }
}

export async function subscriptionEmail(
  deps: { db: Db; publicUrl: string; secret: string },
  p: { kind: SubscriptionEmailKind; storeId: string; subscriptionId: string; cycleNumber: number | null },
): Promise<SubscriptionEmail | undefined> {
  const { db } = deps
  const sub = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', p.subscriptionId)
    .where('store_id', '=', p.storeId)
    .executeTakeFirst()
  if (!sub) return undefined
  // A PIX or boleto renewal left unpaid: its order page, where the buyer pays (or gets a new PIX code).
  const invoice =
    p.kind === 'payment_failed' && INVOICE_METHODS.includes(sub.method)
      ? await db
          .selectFrom('subscription_cycles')
          .select('order_id')
          .where('subscription_id', '=', sub.id)
          .where('status', '=', 'FAILED')
          .where('order_id', 'is not', null)
          .orderBy('number', 'desc')
          .executeTakeFirst()
      : undefined
  const payUrl = invoice?.order_id
    ? `${deps.publicUrl}${orderPagePath(invoice.order_id, orderingService.orderPageToken(deps.secret, invoice.order_id))}`
    : null
  const [plan, product] = await Promise.all([
    db.selectFrom('subscription_plans').select('name').where('id', '=', sub.plan_id).executeTakeFirst(),
    catalogService.findProduct(db as never, sub.store_id, sub.product_id),
  ])
  const message = subscriptionMessage(p.kind, {
    customerName: sub.customer_name,
    productName: product?.name ?? null,
    planName: plan?.name ?? null,
    priceCents: Number(sub.price_cents),
    // In a trial the current period ends with it: the first charge's date.
    renewsAt: sub.current_period_end,
    accessUntil: sub.access_until && sub.access_until > (sub.canceled_at ?? new Date(0)) ? sub.access_until : null,
    url: selfServiceUrl(deps.publicUrl, deps.secret, sub.store_id, sub.id),
    payUrl,
  })
  const { subject, ...body } = message
  return {
    storeId: sub.store_id,
    subjectId: `${sub.id}:${p.cycleNumber ?? 0}`,
    kind: `subscriptions.${p.kind}`,
    to: { name: sub.customer_name, email: sub.customer_email },
    subject,
    message: body,
  }
}

/**
 * A PIX or boleto renewal's order: what its one 'pedido recebido' e-mail (sent by notifications for any PIX or boleto
 * order) says about the subscription, so it reads as the plan's renewal — plan, cycle, period and due date — not as a
 * new purchase. Undefined for any other order (a first order, a card renewal, an order of no subscription).
 */
export interface RenewalInvoice {
  productName: string | null
  planName: string | null
  cycleNumber: number
  periodStart: string
  periodEnd: string
  dueAt: string
}

export async function renewalInvoiceOf(db: Db, orderId: string): Promise<RenewalInvoice | undefined> {
  const row = await db
    .selectFrom('subscription_cycles as c')
    .innerJoin('subscriptions as s', 's.id', 'c.subscription_id')
    .leftJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .select([
      'c.number',
      'c.period_start',
      'c.period_end',
      'c.due_at',
      's.store_id',
      's.product_id',
      's.method',
      'p.name as plan_name',
    ])
    .where('c.order_id', '=', orderId)
    .where('c.number', '>', 1)
    .executeTakeFirst()
  if (!row || !INVOICE_METHODS.includes(row.method)) return undefined
  const product = await catalogService.findProduct(db as never, row.store_id, row.product_id)
  return {
    productName: product?.name ?? null,
    planName: row.plan_name,
    cycleNumber: row.number,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    dueAt: row.due_at.toISOString(),
  }
}
