/**
 * The platform's Asaas account's transfer webhook (docs.asaas.com "Eventos para transferências"): POST with header
 * `asaas-access-token` (compared with PLATFORM_ASAAS_WEBHOOK_TOKEN, as the merchants' payment webhooks compare
 * theirs) and { id, event, transfer: { id, status, externalReference, failReason… } }. The ending events are queued
 * for a re-read of the transfer from Asaas (payout-transfers.ts syncTransfer); the body is never believed.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { PAYOUT_TRANSFER_JOB } from './payout-transfers'

/** The events after which a transfer may have ended (the others are acknowledged and ignored). */
const ENDING = /^TRANSFER_(DONE|FAILED|CANCELLED|BLOCKED)$/

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  event: z.string().max(100),
  transfer: z.object({ id: z.string().min(1).max(100) }).optional(),
})

function sameToken(given: string, want: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(want)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** What the payout-transfer job is given: a payout to send (or read), or a transfer an Asaas event named. */
export const transferJobSchema = z.union([
  z.object({ payoutId: z.string().uuid() }),
  z.object({ transferId: z.string().min(1).max(100) }),
])
export type TransferJob = z.infer<typeof transferJobSchema>

export async function transferWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/affiliates/asaas/transfers/webhook',
    {
      schema: {
        tags: ['affiliates'],
        summary: "Asaas's transfer events of the platform's account (affiliate payouts)",
        body: z.unknown(),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      const want = app.config.PLATFORM_ASAAS_WEBHOOK_TOKEN
      const token = request.headers['asaas-access-token']
      if (!want || typeof token !== 'string' || !sameToken(token, want))
        throw new AppError(401, 'Token do webhook inválido')
      const parsed = eventSchema.safeParse(request.body)
      if (parsed.success && ENDING.test(parsed.data.event) && parsed.data.transfer) {
        const job: TransferJob = { transferId: parsed.data.transfer.id }
        // One re-read per event (Asaas delivers at least once: a repeated event id is the same job).
        await app.jobs.enqueue(PAYOUT_TRANSFER_JOB, job, {
          jobId: `payout-transfer-event-${parsed.data.id.replace(/[^\w-]/g, '-')}`,
        })
      }
      return { received: true as const }
    },
  )
}
