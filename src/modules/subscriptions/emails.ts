/**
 * The buyer's subscription e-mails (issue 36), written here from the subscription's facts and sent by notifications
 * (which subscribes to the events: subscriptions does not import it, buyers → subscriptions → notifications → buyers
 * would be a cycle) as store messages, one per subscription, cycle and kind whatever the retries: payment failed with
 * 'Atualizar cartão', cancelled, and the renewal notice of yearly plans. Each carries the signed self-service link.
 */
import { formatCents } from '../../shared/money'
import { catalogService } from '../catalog'
import { selfServiceToken } from './self-service'
import type { Db } from './tables'

export type SubscriptionEmailKind = 'payment_failed' | 'canceled' | 'renewal_upcoming'

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'cliente'
const dateBr = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })

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
  const [plan, product] = await Promise.all([
    db.selectFrom('subscription_plans').select('name').where('id', '=', sub.plan_id).executeTakeFirst(),
    catalogService.findProduct(db as never, sub.store_id, sub.product_id),
  ])
  const what = `${product?.name ?? 'sua assinatura'}${plan ? ` (${plan.name})` : ''}`
  const url = selfServiceUrl(deps.publicUrl, deps.secret, sub.store_id, sub.id)
  const hello = firstName(sub.customer_name)
  const price = formatCents(Number(sub.price_cents))
  const message =
    p.kind === 'payment_failed'
      ? {
          subject: `Não conseguimos cobrar sua assinatura – ${product?.name ?? 'assinatura'}`,
          preview: 'Atualize seu cartão para manter o acesso',
          heading: `${hello}, o pagamento da sua assinatura não foi aprovado`,
          paragraphs: [
            `A cobrança de ${price} de ${what} foi recusada pelo cartão cadastrado.`,
            'Vamos tentar de novo nos próximos dias. Para não perder o acesso, cadastre outro cartão agora.',
          ],
          button: { label: 'Atualizar cartão', url },
        }
      : p.kind === 'canceled'
        ? {
            subject: `Assinatura cancelada – ${product?.name ?? 'assinatura'}`,
            preview: 'Sua assinatura foi cancelada',
            heading: `${hello}, sua assinatura foi cancelada`,
            paragraphs: [
              `A assinatura de ${what} foi cancelada e não haverá novas cobranças.`,
              sub.access_until && sub.access_until > (sub.canceled_at ?? new Date(0))
                ? `Seu acesso continua até ${dateBr(sub.access_until)}.`
                : 'Seu acesso foi encerrado.',
            ],
            button: { label: 'Ver assinatura', url },
          }
        : {
            subject: `Sua assinatura será renovada em ${dateBr(sub.current_period_end)}`,
            preview: `Renovação de ${what} por ${price}`,
            heading: `${hello}, sua assinatura anual será renovada`,
            paragraphs: [
              `Em ${dateBr(sub.current_period_end)} a assinatura de ${what} será renovada por ${price}, no cartão cadastrado.`,
              'Se quiser trocar o cartão ou cancelar antes da renovação, use o link abaixo.',
            ],
            button: { label: 'Gerenciar assinatura', url },
          }
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
