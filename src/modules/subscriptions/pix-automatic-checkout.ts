/**
 * The checkout's PIX Automático (issue 36, Journey 3): a buyer's order for a plan offering 'pix_automatic' asks for
 * the mandate's QR, which pays that order (cycle 1) and grants the authorisation for the next cycles.
 *
 *   POST /api/checkout/orders/:orderId/pix-automatic { token, planId }
 *     token: the order page's (the buyer's only credential there); the order must be the plan's product, PENDING,
 *     by PIX, at the plan's price. Asking twice answers the same mandate.
 *     → { authorizationId, gatewayId, status, qrcode, qrExpiresAt, firstAmountCents, amountCents }
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { saoPauloDay } from '../../shared/dates'
import { orderingService } from '../ordering'
import { type PixFrequency, paymentsService } from '../payments'
import { billingNow } from './billing-clock'
import { mandateOfOrder, type PixBillingDeps, recordMandate } from './pix-automatic-billing'
import { findPlan } from './plans'

export const PIX_CHECKOUT_MESSAGES = {
  orderNotFound: 'Pedido não encontrado',
  notPending: 'Este pedido não espera pagamento',
  notPix: 'O Pix Automático paga um pedido por PIX',
  planNotFound: 'Plano não encontrado',
  notOffered: 'Este plano não aceita Pix Automático',
  frequency: 'A periodicidade deste plano não é aceita pelo Pix Automático',
} as const

const bodySchema = z.object({
  token: z.string().min(1, PIX_CHECKOUT_MESSAGES.orderNotFound),
  planId: z.string().uuid(PIX_CHECKOUT_MESSAGES.planNotFound),
})
const mandateSchema = z.object({
  authorizationId: z.string(),
  gatewayId: z.string(),
  status: z.string(),
  qrcode: z.string().nullable(),
  qrExpiresAt: z.string().nullable(),
  firstAmountCents: z.number().int(),
  amountCents: z.number().int().nullable(),
})
const errorSchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})

/** The BCB's frequencies: a plan of another period cannot be billed by PIX Automático. */
export function pixFrequencyOf(unit: string, count: number): PixFrequency | undefined {
  if (unit === 'WEEK' && count === 1) return 'WEEKLY'
  if (unit === 'YEAR' && count === 1) return 'ANNUALLY'
  if (unit !== 'MONTH') return undefined
  return ({ 1: 'MONTHLY', 3: 'QUARTERLY', 6: 'SEMIANNUALLY', 12: 'ANNUALLY' } as const)[count as 1]
}

export async function requestPixMandate(
  deps: PixBillingDeps & { secret: string },
  input: { orderId: string; token: string; planId: string },
): Promise<z.infer<typeof mandateSchema>> {
  const { db } = deps
  const notFound = () => new AppError(404, PIX_CHECKOUT_MESSAGES.orderNotFound)
  if (!orderingService.verifyOrderPageToken(deps.secret, input.orderId, input.token)) throw notFound()
  const order = await orderingService.orderSnapshot(db as never, input.orderId)
  if (!order) throw notFound()
  const plan = await findPlan(db, order.storeId, input.planId)
  if (!plan || plan.product_id !== order.items[0]?.productId || !plan.active)
    throw new AppError(404, PIX_CHECKOUT_MESSAGES.planNotFound, { planId: PIX_CHECKOUT_MESSAGES.planNotFound })
  const p = deps.payments
  const existing = await mandateOfOrder(db, order.storeId, order.id)
  if (existing) {
    const auth = await paymentsService.pixAuthorizationOf(p, { storeId: order.storeId, id: existing.authorization_id })
    return view(auth)
  }
  if (!plan.methods.includes('pix_automatic')) throw new AppError(422, PIX_CHECKOUT_MESSAGES.notOffered)
  if (order.status !== 'PENDING') throw new AppError(409, PIX_CHECKOUT_MESSAGES.notPending)
  if (order.paymentMethod !== 'PIX') throw new AppError(422, PIX_CHECKOUT_MESSAGES.notPix)
  const frequency = pixFrequencyOf(plan.interval_unit, plan.interval_count)
  if (!frequency) throw new AppError(422, PIX_CHECKOUT_MESSAGES.frequency)
  const now = await billingNow(db, deps.clock, order.storeId)
  const auth = await paymentsService.createPixAuthorization(p, {
    storeId: order.storeId,
    contractRef: order.id.replaceAll('-', ''),
    description: `Assinatura ${plan.name}`.slice(0, 35),
    customer: {
      name: order.customer.name,
      email: order.customer.email,
      document: order.customer.document.replace(/\D/g, ''),
      phone: order.customer.phone.replace(/\D/g, ''),
    },
    frequency,
    startDate: saoPauloDay(now),
    amountCents: Number(plan.price_cents),
    firstAmountCents: order.totalCents,
    orderRef: order.id,
    now,
  })
  await recordMandate(db, {
    first_order_id: order.id,
    store_id: order.storeId,
    plan_id: plan.id,
    authorization_id: auth.id,
  })
  return view(auth)
}

const view = (a: {
  id: string
  gatewayId: string
  status: string
  qrcode: string | null
  qrExpiresAt: string | null
  firstAmountCents: number
  amountCents: number | null
}) => ({
  authorizationId: a.id,
  gatewayId: a.gatewayId,
  status: a.status,
  qrcode: a.qrcode,
  qrExpiresAt: a.qrExpiresAt,
  firstAmountCents: a.firstAmountCents,
  amountCents: a.amountCents,
})

export async function pixAutomaticCheckoutRoutes(fastify: FastifyInstance, deps: () => PixBillingDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/checkout/orders/:orderId/pix-automatic',
    {
      schema: {
        tags: ['subscriptions'],
        params: z.object({ orderId: z.string() }),
        body: bodySchema,
        response: { 200: mandateSchema, '4xx': errorSchema },
      },
    },
    async (request) =>
      requestPixMandate(
        { ...deps(), secret: app.config.APP_SECRET },
        { orderId: request.params.orderId, ...request.body },
      ),
  )
}
