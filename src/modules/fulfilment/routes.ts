import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  buyerShipmentSchema,
  FULFILMENT_MESSAGES as MSG,
  orderShipmentSchema,
  shipmentInputSchema,
  shipmentSchema,
} from '../../shared/fulfilment'
import { isUuid } from '../../shared/ids'
import { orderingService } from '../ordering'
import { cancelLabel } from './cancel-label'
import { toBuyerShipment, toShipmentDto, toShipmentEventDto } from './dto'
import * as service from './service'

const tags = ['orders']
const params = z.object({ storeId: z.string(), orderId: z.string() })

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function found<T>(row: T | undefined): T {
  if (!row) throw new AppError(404, MSG.notFound)
  return row
}

export async function fulfilmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const deps = () => ({ db: app.db, config: app.config, now: () => app.clock.now() })

  app.get(
    '/stores/:storeId/orders/:orderId/shipment',
    {
      schema: {
        tags,
        summary: "The order's shipment (or null) for the order screen",
        params,
        response: { 200: orderShipmentSchema },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const order = found(await orderingService.shippableOrder(app.db, request.store!.id, request.params.orderId))
      const shipment = await service.findShipment(app.db, order.id)
      return {
        shipment: shipment ? toShipmentDto(shipment) : null,
        canBuyLabel: order.productType === 'PHYSICAL' && (await service.canBuyLabel(deps(), order)),
        history: (await service.shipmentHistory(app.db, order.storeId, order.id)).map(toShipmentEventDto),
      }
    },
  )

  app.post(
    '/stores/:storeId/orders/:orderId/shipments',
    {
      schema: {
        tags,
        summary:
          "Ships a paid physical order: { kind: 'LABEL' } buys the Melhor Envio label, { kind: 'MANUAL', carrier, trackingCode } records a code",
        params,
        body: shipmentInputSchema,
        response: { 201: shipmentSchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) => {
      const row = await service.createShipment(deps(), request.store!.id, request.params.orderId, request.body)
      return reply.status(201).send(toShipmentDto(found(row)))
    },
  )

  app.post(
    '/stores/:storeId/orders/:orderId/shipments/delivered',
    {
      schema: {
        tags,
        summary: 'The merchant marks a shipped order delivered',
        params,
        response: { 200: shipmentSchema },
      },
      preHandler: ownStore,
    },
    async (request) => toShipmentDto(found(await service.deliver(deps(), request.store!.id, request.params.orderId))),
  )

  app.post(
    '/stores/:storeId/orders/:orderId/shipments/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancels a Melhor Envio label bought by mistake, before it is posted: the order is PAID again and ready for another label or a tracking code',
        params,
        response: { 200: z.object({ message: z.string() }) },
      },
      preHandler: ownStore,
    },
    async (request) => {
      await cancelLabel(deps(), request.store!.id, request.params.orderId)
      return { message: MSG.labelCancelled }
    },
  )

  app.get(
    '/stores/:storeId/orders/:orderId/shipments/label',
    { schema: { tags, summary: "The label's PDF", params }, preHandler: ownStore },
    async (request, reply) => {
      if (!isUuid(request.params.orderId)) throw new AppError(404, MSG.noLabel)
      const pdf = await service.findLabel(app.db, request.store!.id, request.params.orderId)
      if (!pdf) throw new AppError(404, MSG.noLabel)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="etiqueta.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )

  // The buyer's order page: the holder of the page's link (its token) sees the carrier, the code and the link.
  app.get(
    '/orders/:orderId/shipment',
    {
      schema: {
        tags,
        params: z.object({ orderId: z.string() }),
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: { 200: buyerShipmentSchema },
      },
      preHandler: app.rateLimit({ max: 120, timeWindow: 60_000 }),
    },
    async (request) => {
      const { orderId } = request.params
      const t = request.query.t ?? ''
      if (!isUuid(orderId) || !sameToken(t, orderingService.orderPageToken(app.config.APP_SECRET, orderId)))
        throw new AppError(404, MSG.notFound)
      return toBuyerShipment(await service.findShipment(app.db, orderId))
    },
  )
}
