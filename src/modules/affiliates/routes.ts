import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { limitOffsetQuery, storeItemParams, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  AFFILIATE_MESSAGES,
  affiliateProgramOutSchema,
  affiliateProgramSchema,
  affiliationRequestSchema,
  affiliationSchema,
  affiliationStatusSchema,
  balanceSchema,
  commissionSchema,
  coproducerInviteSchema,
  coproducerSchema,
  marketplaceItemSchema,
  payoutRequestSchema,
  payoutSchema,
  storeAffiliationSchema,
} from '../../shared/affiliates'
import { affiliatesAdminRoutes } from './admin-routes'
import { balanceOf, myCommissions, storeSales } from './commissions'
import * as coproducers from './coproducers'
import { payoutSettingsRoutes } from './payout-settings-routes'
import { myPayouts, requestPayout } from './payouts'
import * as service from './service'
import { transferWebhookRoutes } from './transfer-webhook'

const TAGS = ['affiliates']
const productParams = z.object({ storeId: z.string(), productId: z.string() })
const pageQuery = limitOffsetQuery({ maxLimit: 100, defaultLimit: 50, maxOffset: 100_000 })
const storeAffiliationsQuery = pageQuery.extend({ productId: z.string().optional() })
const myAffiliationSchema = affiliationSchema.extend({ clicks: z.number().int() })
const storeSaleSchema = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  affiliateCents: z.number().int(),
  producerCents: z.number().int(),
  reversedCents: z.number().int(),
  status: commissionSchema.shape.status,
  affiliationId: z.string().nullable(),
})

/** The producer's side (store owner; another store's ids are 404) and the affiliate's own (any account). */
export function affiliatesRoutes(clock: Clock) {
  return async (fastify: FastifyInstance) => {
    await routes(fastify, clock)
    await affiliatesAdminRoutes(clock)(fastify)
    await payoutSettingsRoutes(fastify)
    await transferWebhookRoutes(fastify)
  }
}

async function routes(fastify: FastifyInstance, clock: Clock) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owner = requireStoreOwner(fastify)

  app.get(
    '/stores/:storeId/products/:productId/affiliate-program',
    { schema: { tags: TAGS, params: productParams, response: { 200: affiliateProgramOutSchema } }, preHandler: owner },
    async (request) => service.readProgram(app.db, request.store!.id, request.params.productId),
  )

  app.put(
    '/stores/:storeId/products/:productId/affiliate-program',
    {
      schema: {
        tags: TAGS,
        summary: 'Opens (or closes) the product to affiliates; a change applies to orders placed after it',
        params: productParams,
        body: affiliateProgramSchema,
        response: { 200: affiliateProgramOutSchema },
      },
      preHandler: owner,
    },
    async (request) => service.saveProgram(app.db, request.store!.id, request.params.productId, request.body),
  )

  app.get(
    '/stores/:storeId/affiliations',
    {
      schema: {
        tags: TAGS,
        params: storeParams,
        querystring: storeAffiliationsQuery,
        response: { 200: z.array(storeAffiliationSchema) },
      },
      preHandler: owner,
    },
    async (request) => {
      const { productId, ...page } = request.query
      return service.storeAffiliations(app.db, request.store!.id, page, { productId })
    },
  )

  app.patch(
    '/stores/:storeId/affiliations/:id',
    {
      schema: {
        tags: TAGS,
        params: storeItemParams,
        body: affiliationStatusSchema,
        response: { 200: storeAffiliationSchema },
      },
      preHandler: owner,
    },
    async (request) => service.changeAffiliation(app.db, request.store!.id, request.params.id, request.body.status),
  )

  app.get(
    '/stores/:storeId/affiliate-sales',
    {
      schema: {
        tags: TAGS,
        summary: "The store's attributed sales with their split (affiliate and producer shares)",
        params: storeParams,
        querystring: pageQuery,
        response: { 200: z.array(storeSaleSchema) },
      },
      preHandler: owner,
    },
    async (request) => storeSales(app.db, request.store!.id, request.query),
  )

  app.get(
    '/affiliate-marketplace',
    { schema: { tags: TAGS, querystring: pageQuery, response: { 200: z.array(marketplaceItemSchema) } } },
    async (request) => service.marketplace(app.db, request.query),
  )

  app.post(
    '/affiliations',
    {
      schema: {
        tags: TAGS,
        summary: 'Asks to promote a product: PENDING, or ACTIVE when the program approves itself',
        body: affiliationRequestSchema,
        response: { 201: z.object({ data: affiliationSchema, message: z.string() }) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const data = await service.requestAffiliation(app.db, request.user.id, request.body.productId)
      const message = data.status === 'ACTIVE' ? AFFILIATE_MESSAGES.approved : AFFILIATE_MESSAGES.requested
      return reply.status(201).send({ data, message })
    },
  )

  app.get(
    '/me/affiliations',
    {
      schema: { tags: TAGS, querystring: pageQuery, response: { 200: z.array(myAffiliationSchema) } },
      preHandler: app.authenticate,
    },
    async (request) => service.myAffiliations(app.db, request.user.id, request.query),
  )

  app.get(
    '/me/commissions',
    {
      schema: { tags: TAGS, querystring: pageQuery, response: { 200: z.array(commissionSchema) } },
      preHandler: app.authenticate,
    },
    async (request) => myCommissions(app.db, request.user.id, request.query),
  )

  app.get(
    '/me/balance',
    { schema: { tags: TAGS, response: { 200: balanceSchema } }, preHandler: app.authenticate },
    async (request) => balanceOf(app.db, request.user.id),
  )

  app.post(
    '/me/payouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Asks for (part of) the available balance by PIX; refused above it or while the balance is negative',
        body: payoutRequestSchema,
        response: { 201: z.object({ data: payoutSchema, message: z.string() }) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const data = await requestPayout({ db: app.db, clock }, request.user.id, request.body)
      return reply.status(201).send({ data, message: AFFILIATE_MESSAGES.payoutRequested })
    },
  )

  app.get(
    '/me/payouts',
    {
      schema: { tags: TAGS, querystring: pageQuery, response: { 200: z.array(payoutSchema) } },
      preHandler: app.authenticate,
    },
    async (request) => myPayouts(app.db, request.user.id, request.query),
  )

  app.post(
    '/stores/:storeId/products/:productId/coproducers',
    {
      schema: {
        tags: TAGS,
        summary: "Invites an e-mail to a share of the product's sales (of what is left after the affiliate)",
        params: productParams,
        body: coproducerInviteSchema,
        response: { 201: z.object({ data: coproducerSchema, message: z.string() }) },
      },
      preHandler: owner,
    },
    async (request, reply) => {
      const data = await coproducers.inviteCoproducer(app.db, request.store!.id, request.params.productId, request.body)
      return reply.status(201).send({ data, message: AFFILIATE_MESSAGES.coproducerInvited })
    },
  )

  app.get(
    '/stores/:storeId/products/:productId/coproducers',
    { schema: { tags: TAGS, params: productParams, response: { 200: z.array(coproducerSchema) } }, preHandler: owner },
    async (request) => coproducers.listCoproducers(app.db, request.store!.id, request.params.productId),
  )

  app.delete(
    '/stores/:storeId/coproducers/:id',
    { schema: { tags: TAGS, params: storeItemParams, response: { 204: z.null() } }, preHandler: owner },
    async (request, reply) => {
      await coproducers.removeCoproducer(app.db, request.store!.id, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/me/coproductions',
    { schema: { tags: TAGS, response: { 200: z.array(coproducerSchema) } }, preHandler: app.authenticate },
    async (request) => coproducers.myInvitations(app.db, request.user.email),
  )

  app.post(
    '/me/coproductions/:id/accept',
    {
      schema: {
        tags: TAGS,
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ data: coproducerSchema, message: z.string() }) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({
      data: await coproducers.acceptCoproduction(app.db, request.user, request.params.id),
      message: AFFILIATE_MESSAGES.coproducerAccepted,
    }),
  )
}
