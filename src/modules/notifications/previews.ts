/** Every message with the store's look and a made-up order, for the merchant's previews and the screenshots. */
import QRCode from 'qrcode'
import type { EmailPreview, PreviewKind } from '../../shared/notifications'
import { type NotifyDeps, storeLook } from './compose'
import { type OrderEmailData, renderEmail, type StoreLook, type Template } from './templates/render'

const SAMPLE_PIX =
  '00020101021226850014br.gov.bcb.pix2563pix.example.com/qr/v2/cobv/9d36b84f-c70b-478f-b95c-12729b90ca255204000053039865406129.905802BR5910LOJA TESTE6009SAO PAULO62070503***6304ABCD'

export async function sampleOrder(look: StoreLook, kind: PreviewKind, publicUrl: string): Promise<OrderEmailData> {
  const withCode = kind === 'order_received' || kind === 'payment_reminder'
  const png = withCode ? await QRCode.toBuffer(SAMPLE_PIX, { type: 'png', width: 400, margin: 1 }) : undefined
  return {
    look,
    orderNumber: '#1001',
    firstName: 'Maria',
    items: [
      { name: 'Curso de Fotografia', quantity: 1, totalCents: 9700 },
      { name: 'E-book Bônus', quantity: 1, totalCents: 2990 },
    ],
    shippingCents: 0,
    totalCents: 12690,
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
    access:
      kind === 'payment_approved' ? [{ productName: 'Curso de Fotografia', url: `${publicUrl}/pedido/exemplo` }] : [],
  }
}

const SUBJECTS: Record<PreviewKind, string> = {
  order_received: 'Recebemos seu pedido #1001',
  payment_approved: 'Pagamento aprovado – pedido #1001',
  payment_reminder: 'Seu PIX vence em breve – pedido #1001',
  payment_expired: 'O prazo de pagamento do pedido #1001 terminou',
  order_cancelled: 'Pedido #1001 cancelado',
  order_refunded: 'Reembolso do pedido #1001',
  new_sale: 'Nova venda aprovada: R$ 126,90 – pedido #1001',
}

export async function previewTemplate(look: StoreLook, kind: PreviewKind, publicUrl: string): Promise<Template> {
  const data = await sampleOrder(look, kind, publicUrl)
  if (kind === 'new_sale')
    return {
      kind,
      data: {
        look,
        orderNumber: data.orderNumber,
        buyerName: 'Maria Silva',
        items: data.items,
        totalCents: data.totalCents,
        paymentLabel: 'PIX',
        paidAt: new Date().toISOString(),
        salesUrl: `${publicUrl}/sales`,
      },
    }
  return { kind, data } as Template
}

export async function preview(deps: NotifyDeps, storeId: string, kind: PreviewKind): Promise<EmailPreview> {
  const look = await storeLook(deps, storeId)
  const rendered = await renderEmail(await previewTemplate(look, kind, deps.config.publicUrl))
  return { kind, subject: SUBJECTS[kind], ...rendered }
}
