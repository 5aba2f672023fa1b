import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { storeItemParams, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookPatchSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../shared/webhooks'
import * as webhooks from './webhooks'

const TAGS = ['webhooks']

/** The store owner's webhook endpoints (Standard Webhooks), their delivery log, resend and test. */
export async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const deps = { db: app.db, config: app.config, jobs: app.jobs }
  const params = storeParams
  const base = '/stores/:storeId/webhooks'

  app.post(
    base,
    {
      schema: {
        tags: TAGS,
        summary: 'Registers an endpoint; the answer carries its signing secret, shown only here',
        params,
        body: webhookInputSchema,
        response: { 201: webhookWithSecretSchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.createWebhook(deps, request.store!.id, request.body)),
  )

  app.get(
    base,
    { schema: { tags: TAGS, params, response: { 200: z.array(webhookSchema) } }, preHandler: ownStore },
    async (request) => webhooks.listWebhooks(deps, request.store!.id),
  )

  app.patch(
    `${base}/:id`,
    {
      schema: { tags: TAGS, params: storeItemParams, body: webhookPatchSchema, response: { 200: webhookSchema } },
      preHandler: ownStore,
    },
    async (request) => webhooks.updateWebhook(deps, request.store!.id, request.params.id, request.body),
  )

  app.delete(
    `${base}/:id`,
    { schema: { tags: TAGS, params: storeItemParams }, preHandler: ownStore },
    async (request, reply) => {
      await webhooks.deleteWebhook(deps, request.store!.id, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    `${base}/:id/rotate-secret`,
    {
      schema: {
        tags: TAGS,
        summary: 'A new signing secret (shown once); the previous one still signs beside it for 24 h',
        params: storeItemParams,
        response: { 200: webhookWithSecretSchema },
      },
      preHandler: ownStore,
    },
    async (request) => webhooks.rotateSecret(deps, request.store!.id, request.params.id),
  )

  app.get(
    `${base}/:id/deliveries`,
    {
      schema: {
        tags: TAGS,
        params: storeItemParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: webhookDeliveryListSchema },
      },
      preHandler: ownStore,
    },
    async (request) =>
      webhooks.listWebhookDeliveries(
        deps,
        request.store!.id,
        request.params.id,
        request.query.page,
        request.query.limit,
      ),
  )

  app.post(
    `${base}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        tags: TAGS,
        summary: "'Reenviar': the same message (same webhook-id) once more",
        params: storeItemParams.extend({ deliveryId: z.string() }),
        response: { 202: webhookDeliverySchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await webhooks.resendDelivery(deps, request.store!.id, request.params.id, request.params.deliveryId)),
  )

  app.post(
    `${base}/:id/test`,
    {
      schema: {
        tags: TAGS,
        summary: "'Enviar teste': a webhook.test message through the same signed, logged path",
        params: storeItemParams,
        response: { 202: webhookDeliverySchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(deps, request.store!.id, request.params.id)),
  )
}
