/** Shipments of physical orders (issue 38): the merchant's input, the answers and the Portuguese labels. */
import { z } from 'zod'

export const SHIPMENT_STATUSES = ['BUYING', 'SHIPPED', 'DELIVERED', 'FAILED'] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** The lines of a shipment's history beside shipped and delivered (cancelled labels, purchases that died half-way). */
export const SHIPMENT_EVENT_KINDS = ['LABEL_CANCELLED', 'LABEL_RECOVERED', 'LABEL_NOT_BOUGHT'] as const
export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number]

/** The badge of a shipment on the order screen. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  BUYING: 'Gerando etiqueta',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  FAILED: 'Falha na etiqueta',
}

export const FULFILMENT_MESSAGES = {
  trackingCode: 'Código de rastreio deve ter de 4 a 50 letras, números, "-" ou "."',
  carrier: 'Informe a transportadora',
  alreadyShipped: 'Este pedido já tem um envio.',
  notMelhorEnvio: 'O comprador não escolheu uma transportadora do Melhor Envio: informe o código de rastreio.',
  notConnected: 'Conecte o Melhor Envio em Opções de Frete para gerar etiquetas.',
  buying: 'A etiqueta deste pedido já está sendo gerada.',
  noLabel: 'Este envio não tem etiqueta.',
  notFound: 'Pedido não encontrado',
  labelBought: 'Etiqueta gerada! O pedido foi marcado como enviado.',
  manualSaved: 'Código de rastreio salvo! O pedido foi marcado como enviado.',
  delivered: 'Pedido marcado como entregue.',
  cannotCancel: 'Só a etiqueta do Melhor Envio de um pedido enviado e ainda não entregue pode ser cancelada.',
  cancelling: 'O cancelamento desta etiqueta já está em andamento.',
  cancelUnavailable: 'Melhor Envio indisponível: tente cancelar a etiqueta novamente em alguns minutos.',
  labelCancelled:
    'Etiqueta cancelada. O valor volta à sua carteira do Melhor Envio em até 12 horas e o pedido voltou para Pago.',
} as const

/** Printable ASCII letters, digits and a few separators: never a control character, never over 50. */
const TRACKING_CODE = /^[A-Za-z0-9][A-Za-z0-9.\-/ ]{2,48}[A-Za-z0-9]$/

export const shipmentInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('LABEL') }),
    z.object({
      kind: z.literal('MANUAL'),
      carrier: z
        .string({ error: FULFILMENT_MESSAGES.carrier })
        .trim()
        .min(1, FULFILMENT_MESSAGES.carrier)
        .max(60, FULFILMENT_MESSAGES.carrier)
        .refine((v) => !/[\p{Cc}]/u.test(v), FULFILMENT_MESSAGES.carrier),
      trackingCode: z
        .string({ error: FULFILMENT_MESSAGES.trackingCode })
        .trim()
        .refine((v) => TRACKING_CODE.test(v), FULFILMENT_MESSAGES.trackingCode),
    }),
  ],
  { error: 'Informe "LABEL" para gerar a etiqueta ou "MANUAL" com transportadora e código' },
)
export type ShipmentInput = z.input<typeof shipmentInputSchema>

export const shipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(['LABEL', 'MANUAL']),
  status: z.enum(SHIPMENT_STATUSES),
  carrier: z.string(),
  trackingCode: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  hasLabel: z.boolean(),
  error: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
})
export type Shipment = z.infer<typeof shipmentSchema>

export const shipmentEventSchema = z.object({
  kind: z.enum(SHIPMENT_EVENT_KINDS),
  message: z.string(),
  at: z.string(),
})
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>

/**
 * What the order screen asks: the shipment (or null), whether 'Gerar etiqueta' can work for this order, and the
 * shipment's history, oldest first (a cancelled label leaves its line here once its row is gone).
 */
export const orderShipmentSchema = z.object({
  shipment: shipmentSchema.nullable(),
  canBuyLabel: z.boolean(),
  history: z.array(shipmentEventSchema),
})
export type OrderShipment = z.infer<typeof orderShipmentSchema>

/** The buyer's view on the order page: carrier, code and link only. */
export const buyerShipmentSchema = z.object({
  shipment: z
    .object({
      status: z.enum(SHIPMENT_STATUSES),
      statusLabel: z.string(),
      carrier: z.string(),
      trackingCode: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    })
    .nullable(),
})
export type BuyerShipment = z.infer<typeof buyerShipmentSchema>

/** Where a buyer follows a code: Melhor Envio's public tracking page takes any carrier's code it sold. */
export function trackingUrlFor(carrier: string, code: string): string {
  const c = encodeURIComponent(code)
  if (/correios|sedex|pac/i.test(carrier)) return `https://rastreamento.correios.com.br/app/index.php?objeto=${c}`
  return `https://www.melhorrastreio.com.br/rastreio/${c}`
}
