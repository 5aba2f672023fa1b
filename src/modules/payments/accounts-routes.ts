import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { storeItemParams, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  accountHealthSchema,
  paymentAccountInputSchema,
  paymentAccountPatchSchema,
  paymentAccountSchema,
} from '../../shared/payment-accounts'
import * as service from './accounts-service'
import { receiveAsaasEvent } from './asaas-webhook'
import type { PaymentsModuleDeps } from './gateway'
import { forgetSavedCard, savedCardsOf } from './saved-cards'

const TAGS = ['payments']

const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
})

/** The owner's gateway accounts, a buyer's saved cards, and Asaas's webhook. */
export async function accountRoutes(fastify: FastifyInstance, module: PaymentsModuleDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const deps = { db: app.db, config: app.config, jobs: app.jobs, log: app.log, ...module }
  const base = '/stores/:storeId/payment-accounts'

  app.get(
    base,
    {
      schema: { tags: TAGS, params: storeParams, response: { 200: z.array(paymentAccountSchema) } },
      preHandler: ownStore,
    },
    async (request) => service.listAccounts(deps, request.store!.id),
  )
  app.post(
    base,
    {
      schema: {
        tags: TAGS,
        params: storeParams,
        body: paymentAccountInputSchema,
        response: { 201: paymentAccountSchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAccount(deps, request.store!.id, request.body)),
  )
  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags: TAGS,
        params: storeItemParams,
        body: paymentAccountPatchSchema,
        response: { 200: paymentAccountSchema },
      },
      preHandler: ownStore,
    },
    async (request) => service.updateAccount(deps, request.store!.id, request.params.id, request.body),
  )
  app.delete(
    `${base}/:id`,
    { schema: { tags: TAGS, params: storeItemParams }, preHandler: ownStore },
    async (request, reply) => {
      await service.deleteAccount(deps, request.store!.id, request.params.id)
      return reply.status(204).send()
    },
  )
  app.post(
    `${base}/:id/move`,
    {
      schema: {
        tags: TAGS,
        params: storeItemParams,
        body: z.object({ direction: z.enum(['up', 'down']) }),
        response: { 200: z.array(paymentAccountSchema) },
      },
      preHandler: ownStore,
    },
    async (request) => service.moveAccount(deps, request.store!.id, request.params.id, request.body.direction),
  )
  app.post(
    `${base}/:id/test`,
    { schema: { tags: TAGS, params: storeItemParams, response: { 200: accountHealthSchema } }, preHandler: ownStore },
    async (request) => service.testAccount(deps, request.store!.id, request.params.id),
  )

  app.get(
    '/stores/:storeId/saved-cards',
    {
      schema: {
        tags: TAGS,
        params: storeParams,
        querystring: z.object({ email: z.string().email('E-mail inválido').max(254) }),
        response: { 200: z.array(savedCardSchema) },
      },
      preHandler: ownStore,
    },
    async (request) => savedCardsOf(deps, { storeId: request.store!.id, buyerEmail: request.query.email }),
  )
  app.delete(
    '/stores/:storeId/saved-cards/:id',
    { schema: { tags: TAGS, params: storeItemParams }, preHandler: ownStore },
    async (request, reply) => {
      await forgetSavedCard(deps, request.store!.id, request.params.id)
      return reply.status(204).send()
    },
  )

  // Public: Asaas calls it. 401 without the merchant's token; the body only names which charge to re-read.
  app.post(
    '/payment/asaas/webhook/:accountId',
    {
      schema: {
        tags: TAGS,
        params: z.object({ accountId: z.string().max(100) }),
        body: z.unknown(),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const token = request.headers['asaas-access-token']
      const outcome = await receiveAsaasEvent(
        { ...deps, log: request.log },
        request.params.accountId,
        typeof token === 'string' ? token : undefined,
        request.body,
      )
      if (outcome === 'unauthorized') throw new AppError(401, 'Token do webhook inválido')
      return { received: true as const }
    },
  )
}
