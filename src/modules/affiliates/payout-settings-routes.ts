import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { payoutSettingsOf, payoutSettingsSchema, savePayoutSettings } from './gateway-split'

const TAGS = ['affiliates']

/** The partner's own payout settings: the Asaas wallet a split at charge time pays (the session names the user). */
export async function payoutSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/me/payout-settings',
    { schema: { tags: TAGS, response: { 200: payoutSettingsSchema } }, preHandler: app.authenticate },
    async (request) => payoutSettingsOf(app.db, request.user.id),
  )
  app.put(
    '/me/payout-settings',
    {
      schema: {
        tags: TAGS,
        summary: "Saves the partner's Asaas walletId (UUID): charges of stores on Asaas pay the partner's part to it",
        body: payoutSettingsSchema,
        response: { 200: z.object({ data: payoutSettingsSchema, message: z.string() }) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({
      data: await savePayoutSettings(app.db, request.user.id, request.body),
      message: 'Dados de repasse salvos',
    }),
  )
}
