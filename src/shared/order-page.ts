/**
 * The buyer's order page (/pedido/:orderId?t=<token>): what the server answers to the holder of the order's token.
 * Amounts in reais; dates ISO. Never the buyer's e-mail, phone, CPF or address: the link can be shared.
 */
import { z } from 'zod'
import { paymentInstructionFields } from './fields'
import { digitalAccessSchema, ORDER_STATUSES, orderPricingFields } from './ordering'

export const orderPageItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  imageUrl: z.string().nullable(),
})

export const orderPagePaymentSchema = z.object({
  status: z.enum(['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED']),
  method: z.enum(['PIX', 'CREDIT_CARD', 'BOLETO']),
  ...paymentInstructionFields,
  /** YYYY-MM-DD. */
  boletoDueDate: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  installments: z.number().nullable(),
  /** Only against the built-in sandbox: the gateway id 'Simular pagamento' needs. */
  sandboxGatewayId: z.string().nullable(),
  /** The PIX expired and the order may get a new code ('Gerar novo código'). */
  canRenew: z.boolean(),
})

export const orderPageSchema = z.object({
  order: z.object({
    id: z.string(),
    storeId: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    productType: z.enum(['PHYSICAL', 'DIGITAL']),
    paymentMethod: z.string(),
    customerName: z.string(),
    items: z.array(orderPageItemSchema),
    subtotal: z.number(),
    shippingCost: z.number(),
    ...orderPricingFields,
    shippingMethod: z.string().nullable(),
    estimatedDelivery: z.string().nullable(),
    total: z.number(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  }),
  payment: orderPagePaymentSchema.nullable(),
  digitalAccess: digitalAccessSchema.optional(),
  /** marketing: once paid, the access to each digital product added as an order bump. */
  bumpAccess: z.array(digitalAccessSchema).optional(),
  /** reviews: once paid, the signed token that makes the buyer's review a verified purchase. */
  reviewToken: z.string().optional(),
  /** subscriptions: an unpaid PIX order for a plan billed by PIX Automático; its page shows the mandate's QR. */
  pixAutomaticPlanId: z.string().optional(),
})
export type OrderPage = z.infer<typeof orderPageSchema>
export type OrderPagePayment = z.infer<typeof orderPagePaymentSchema>

/** The buyer-side path of an order page. */
export function orderPagePath(orderId: string, token: string): string {
  return `/pedido/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`
}
