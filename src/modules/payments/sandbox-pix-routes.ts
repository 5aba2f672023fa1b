import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock'
import type { GatewayDeps } from './gateway'
import { receivePixNotice } from './pix-automatic-notices'
import { SANDBOX_PIX_ACTIONS, simulateSandboxPix } from './sandbox-pix-automatic'

/**
 * The sandbox's PIX Automático simulations (outside production), what a payer does in the bank app:
 *   POST /sandbox/pix-automatic/authorizations/:id/pay                 pays the QR: first charge + mandate ACTIVE
 *   POST /sandbox/pix-automatic/authorizations/:id/revoke              'Simular revogação' (payer cancels)
 *   POST /sandbox/pix-automatic/authorizations/:id/insufficient-funds  every debit of the mandate fails
 *   POST /sandbox/pix-automatic/authorizations/:id/funds-ok            debits succeed again
 * `:id` is the sandbox's authorisation id (`gatewayId`). The change is then notified as a webhook would be: ours is
 * re-read and, when it changed, announced on the bus. Scheduled debits settle on their date (pix-automatic-clock.ts).
 */
export function sandboxPixRoutes(clock: Clock) {
  return async (fastify: FastifyInstance) => {
    if (fastify.config.NODE_ENV === 'production') return
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    app.post(
      '/sandbox/pix-automatic/authorizations/:id/:action',
      {
        schema: {
          tags: ['sandbox'],
          params: z.object({ id: z.string().max(100), action: z.enum(SANDBOX_PIX_ACTIONS) }),
          response: {
            200: z.object({ id: z.string(), status: z.string(), insufficientFunds: z.boolean() }),
            '4xx': z.object({ statusCode: z.number(), message: z.string() }),
          },
        },
      },
      async (request, reply) => {
        const now = clock.now()
        const r = await simulateSandboxPix(fastify.db, request.params.id, request.params.action, now)
        if (!r.ok) return reply.status(r.status).send({ statusCode: r.status, message: r.message })
        const deps = { db: fastify.db, config: fastify.config, clock: { now: () => now } } as unknown as GatewayDeps
        await receivePixNotice(deps, { authorizationGatewayId: r.row.id })
        return { id: r.row.id, status: r.row.status, insufficientFunds: r.row.insufficient_funds }
      },
    )
  }
}
