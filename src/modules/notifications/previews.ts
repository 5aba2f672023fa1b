/** Every message with the store's look and a made-up order, for the merchant's previews and the screenshots. */
import type { EmailPreview, PreviewKind } from '../../shared/notifications'
import { type OrderStatus, orderStatusLabel } from '../../shared/ordering-rules'
import { subscriptionsService } from '../subscriptions'
import { accountUrl, type NotifyDeps, storeLook } from './compose'
import { orderLines } from './lines'
import { qrPng } from './qr-png'
import type { OrderEmailData, StoreLook, Template } from './templates/render'

// React and the e-mail renderer load with the first preview, not with the api (issue 35)
const renderEmail = async (t: Template) => (await import('./templates/render')).renderEmail(t)

const SAMPLE_PIX =
  '00020101021226850014br.gov.bcb.pix2563pix.example.com/qr/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca255204000053039865406129.905802BR5910LOJA TESTE6009SAO PAULO62070503***6304ABCD'

/** A physical order with a bump, a coupon, the PIX discount and freight: every line an e-mail can show. */
const SAMPLE = {
  productType: 'PHYSICAL' as const,
  paymentMethod: 'PIX' as const,
  installments: null,
  items: [
    { id: 'l1', name: 'Kit de Fotografia', quantity: 1, listTotalCents: 9700, totalCents: 8294 },
    { id: 'l2', name: 'Tripé Compacto', quantity: 1, listTotalCents: 2990, totalCents: 2556 },
  ],
  subtotalCents: 12690,
  couponCode: 'BEMVINDO',
  couponDiscountCents: 1269,
  methodDiscountCents: 571,
  methodDiscountBp: 500,
  interestRateBp: 0,
  shippingCents: 1590,
  shippingMethod: 'PAC',
  interestCents: 0,
  installmentCents: null,
  totalCents: 12440,
}

export async function sampleOrder(
  look: StoreLook,
  kind: PreviewKind,
  publicUrl: string,
  accountLink: string,
): Promise<OrderEmailData> {
  const withCode = kind === 'order_received' || kind === 'payment_reminder'
  const png = withCode ? qrPng(SAMPLE_PIX, { width: 400, margin: 1, errorCorrectionLevel: 'M' }) : undefined
  return {
    look,
    orderNumber: '#1001',
    firstName: 'Maria',
    lines: orderLines(SAMPLE),
    totalCents: SAMPLE.totalCents,
    paymentMethod: 'PIX',
    pix: png
      ? {
          code: SAMPLE_PIX,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          qrSrc: `data:image/png;base64,${png.toString('base64')}`,
        }
      : null,
    boleto: null,
    orderUrl: `${publicUrl}/pedido/exemplo?t=exemplo`,
    accountUrl: accountLink,
    access:
      kind === 'payment_approved' ? [{ productName: 'Kit de Fotografia', url: `${publicUrl}/pedido/exemplo` }] : [],
    refund:
      kind === 'order_refunded_partial'
        ? { amountCents: 2556, refundedTotalCents: 2556, partial: true, itemName: '1× Tripé Compacto' }
        : kind === 'order_refunded'
          ? { amountCents: SAMPLE.totalCents, refundedTotalCents: SAMPLE.totalCents, partial: false, itemName: null }
          : null,
    statusLabel:
      kind === 'payment_expired'
        ? ''
        : orderStatusLabel(PREVIEW_STATUS[kind] ?? 'PAID', {
            refunded: kind === 'order_refunded_partial' ? 2556 : 0,
          }),
  }
}

/** The state each preview announces, in the shared words of every other surface. */
const PREVIEW_STATUS: Partial<Record<string, OrderStatus>> = {
  order_received: 'PENDING',
  payment_reminder: 'PENDING',
  order_cancelled: 'CANCELLED',
  order_refunded: 'REFUNDED',
}

const SUBJECTS: Record<PreviewKind, string> = {
  order_received: 'Recebemos seu pedido #1001',
  payment_approved: 'Pagamento aprovado – pedido #1001',
  payment_reminder: 'Seu PIX vence em breve – pedido #1001',
  payment_expired: 'Seu PIX do pedido #1001 expirou',
  order_cancelled: 'Pedido #1001 cancelado',
  order_refunded: 'Reembolso do pedido #1001',
  order_refunded_partial: 'Reembolso do pedido #1001',
  new_sale: 'Nova venda aprovada: R$ 124,40 – pedido #1001',
  recovery_reminder: 'Você esqueceu algo na loja',
  // The subscription e-mails' subjects come from their own sample (subscriptions writes them).
  subscription_payment_failed: '',
  subscription_canceled: '',
  subscription_renewal_upcoming: '',
  subscription_trial_ending: '',
}

const SUBSCRIPTION_PREVIEWS = {
  subscription_payment_failed: 'payment_failed',
  subscription_canceled: 'canceled',
  subscription_renewal_upcoming: 'renewal_upcoming',
  subscription_trial_ending: 'trial_ending',
} as const
const isSubscriptionPreview = (kind: PreviewKind): kind is keyof typeof SUBSCRIPTION_PREVIEWS =>
  kind in SUBSCRIPTION_PREVIEWS
const subscriptionSample = (kind: PreviewKind, publicUrl: string) =>
  isSubscriptionPreview(kind) ? subscriptionsService.sampleEmail(SUBSCRIPTION_PREVIEWS[kind], publicUrl) : undefined

export async function previewTemplate(
  look: StoreLook,
  kind: PreviewKind,
  publicUrl: string,
  accountLink = `${publicUrl}/minha-conta`,
): Promise<Template> {
  if (isSubscriptionPreview(kind)) {
    const { subject: _subject, ...message } = subscriptionsService.sampleEmail(SUBSCRIPTION_PREVIEWS[kind], publicUrl)
    return { kind: 'store_message', data: { look, accountUrl: accountLink, message } }
  }
  const data = await sampleOrder(look, kind, publicUrl, accountLink)
  if (kind === 'new_sale')
    return {
      kind,
      data: {
        look,
        orderNumber: data.orderNumber,
        buyerName: 'Maria Silva',
        buyerEmail: 'maria@example.com',
        lines: data.lines,
        totalCents: data.totalCents,
        paymentLabel: 'PIX',
        paidAt: new Date().toISOString(),
        address: ['Rua das Flores, 123 – Apto 4', 'Centro – São Paulo/SP', 'CEP 01001-000'],
        salesUrl: `${publicUrl}/sales`,
      },
    }
  if (kind === 'recovery_reminder')
    return {
      kind: 'store_message',
      data: {
        look,
        accountUrl: accountLink,
        unsubscribeUrl: `${publicUrl}/descadastro?t=exemplo`,
        message: {
          preview: 'Sua compra de Kit de Fotografia ficou pela metade.',
          heading: 'Olá, Maria!',
          paragraphs: [
            'Sua compra de Kit de Fotografia ficou pela metade.',
            'Guardamos os seus dados: é só continuar de onde parou.',
            'Valor dos produtos: R$ 126,90',
          ],
          button: { label: 'Continuar a compra', url: `${publicUrl}/checkout/exemplo` },
          footer: `Você recebeu este lembrete porque começou uma compra em ${look.storeName} e pediu para ser lembrado.`,
        },
      },
    }
  if (kind === 'order_refunded_partial') return { kind: 'order_refunded', data }
  return { kind, data }
}

export async function preview(deps: NotifyDeps, storeId: string, kind: PreviewKind): Promise<EmailPreview> {
  const look = await storeLook(deps, storeId)
  const rendered = await renderEmail(await previewTemplate(look, kind, deps.config.publicUrl, accountUrl(deps.config)))
  return { kind, subject: subscriptionSample(kind, deps.config.publicUrl)?.subject ?? SUBJECTS[kind], ...rendered }
}
