/**
 * The buyer's e-mails of a shipment: 'Seu pedido foi enviado' (tracking link), 'Pedido entregue', and the notice that
 * a cancelled label's tracking code no longer holds.
 */
import type { z } from 'zod'
import type { JobContext } from '../../platform/jobs'
import { orderStatusLabel } from '../../shared/ordering-rules'
import { notificationsService } from '../notifications'
import { orderingService } from '../ordering'
import type { orderDelivered, orderShipped, shipmentLabelCancelled } from './events'
import { CARRIER_NOT_GIVEN } from './sales-status'

type Shipped = z.output<(typeof orderShipped)['schema']>
type Delivered = z.output<(typeof orderDelivered)['schema']>
type LabelCancelled = z.output<(typeof shipmentLabelCancelled)['schema']>

const depsOf = (ctx: JobContext) => ({ db: ctx.db, jobs: ctx.jobs, config: ctx.config, log: ctx.log })
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'cliente'

function orderUrl(ctx: JobContext, orderId: string) {
  const t = orderingService.orderPageToken(ctx.config.APP_SECRET, orderId)
  return `${ctx.config.publicUrl}/pedido/${encodeURIComponent(orderId)}?t=${encodeURIComponent(t)}`
}

export async function sendShipped(ctx: JobContext, p: Shipped): Promise<void> {
  const code = p.trackingCode
    ? `Código de rastreio: ${p.trackingCode} (${p.carrier}).`
    : p.carrier === CARRIER_NOT_GIVEN
      ? 'A loja ainda não informou a transportadora; acompanhe pela página do pedido.'
      : `Transportadora: ${p.carrier}.`
  await notificationsService.sendStoreMessage(depsOf(ctx), {
    storeId: p.storeId,
    // Once per shipment: a label cancelled before posting and the next one each tell the buyer their own code.
    subjectId: `${p.orderId}:${p.shipmentId}`,
    kind: 'fulfilment.shipped',
    to: { name: p.customer.name, email: p.customer.email },
    subject: `Seu pedido ${p.orderNumber} foi enviado`,
    message: {
      preview: p.trackingCode ? `Acompanhe a entrega pelo código ${p.trackingCode}` : 'Seu pedido está a caminho',
      heading: `${firstName(p.customer.name)}, seu pedido foi enviado!`,
      // The shared label: the merchant's screens and the CSV name this state the same way.
      paragraphs: [
        `Status do pedido: ${orderStatusLabel('SHIPPED')}`,
        `O pedido ${p.orderNumber} saiu para entrega.`,
        code,
      ],
      button: p.trackingUrl
        ? { label: 'Rastrear pedido', url: p.trackingUrl }
        : { label: 'Ver pedido', url: orderUrl(ctx, p.orderId) },
    },
  })
}

export async function sendDelivered(ctx: JobContext, p: Delivered): Promise<void> {
  await notificationsService.sendStoreMessage(depsOf(ctx), {
    storeId: p.storeId,
    subjectId: p.orderId,
    kind: 'fulfilment.delivered',
    to: { name: p.customer.name, email: p.customer.email },
    subject: `Pedido ${p.orderNumber} entregue`,
    message: {
      preview: 'Seu pedido chegou. Conte o que achou!',
      heading: `${firstName(p.customer.name)}, seu pedido foi entregue!`,
      paragraphs: [
        `Status do pedido: ${orderStatusLabel('DELIVERED')}`,
        `A transportadora confirmou a entrega do pedido ${p.orderNumber}.`,
        'Gostou? Sua avaliação ajuda outros compradores.',
      ],
      // The review invitation lives here for a physical product (not on the paid page): the order page shows the
      // form once delivered, and #avaliar lands on it.
      button: { label: 'Avaliar minha compra', url: `${orderUrl(ctx, p.orderId)}#avaliar` },
    },
  })
}

/**
 * A label the buyer had a tracking code for was cancelled: that code will never move, so they hear it from the store
 * before they chase it. No code sent, nothing to take back: no e-mail. Once per shipment.
 */
export async function sendLabelCancelled(ctx: JobContext, p: LabelCancelled): Promise<void> {
  if (!p.trackingCode) return
  await notificationsService.sendStoreMessage(depsOf(ctx), {
    storeId: p.storeId,
    subjectId: `${p.orderId}:${p.shipmentId}`,
    kind: 'fulfilment.label_cancelled',
    to: { name: p.customer.name, email: p.customer.email },
    subject: `Pedido ${p.orderNumber}: o código de rastreio ${p.trackingCode} não vale mais`,
    message: {
      preview: `O código ${p.trackingCode} foi cancelado pela loja`,
      heading: `${firstName(p.customer.name)}, o código de rastreio do seu pedido mudou`,
      paragraphs: [
        `A loja cancelou a etiqueta de envio do pedido ${p.orderNumber}: o código de rastreio ${p.trackingCode} (${p.carrier}) não vale mais.`,
        'Seu pedido continua confirmado. Quando ele for enviado, você receberá um novo código de rastreio por e-mail.',
        `Status do pedido: ${orderStatusLabel('PAID')}`,
      ],
      button: { label: 'Ver pedido', url: orderUrl(ctx, p.orderId) },
    },
  })
}
