import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { limitOffsetQuery } from '../../platform/route-schemas'
import {
  AFFILIATE_MESSAGES,
  adminPayoutSchema,
  PAYOUT_STATUSES,
  payoutRejectSchema,
  platformFeeSchema,
} from '../../shared/affiliates'
import { consistencyProblems } from './commissions'
import { platformFee, savePlatformFee } from './fees'
import { PAYOUT_TRANSFER_JOB } from './payout-transfers'
import { decidePayout, listPayouts } from './payouts-admin'
import type { TransferJob } from './transfer-webhook'

const TAGS = ['affiliates', 'admin']
const listQuery = limitOffsetQuery({ maxLimit: 100, defaultLimit: 50, maxOffset: 100_000 }).extend({
  status: z.enum(PAYOUT_STATUSES).optional(),
})
const idParams = z.object({ id: z.string() })
const decided = z.object({ data: adminPayoutSchema, message: z.string() })
const problemsSchema = z.object({
  unbalancedTransactions: z.array(z.string()),
  ordersNotSummingToNet: z.array(z.string()),
  commissionsNotMatchingLedger: z.array(z.string()),
})

/** The platform admin's side: payout requests of every account, and the books' consistency check on demand. */
export function affiliatesAdminRoutes(clock: Clock) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    const admin = app.requireRole('ADMIN')
    const deps = () => ({ db: app.db, clock })

    app.get(
      '/admin/affiliate-payouts',
      {
        schema: { tags: TAGS, querystring: listQuery, response: { 200: z.array(adminPayoutSchema) } },
        preHandler: admin,
      },
      async (request) => {
        const { status, ...page } = request.query
        return listPayouts(app.db, { status }, page)
      },
    )

    app.post(
      '/admin/affiliate-payouts/:id/approve',
      {
        schema: {
          tags: TAGS,
          summary: "Approves a payout; with the platform's Asaas key set, it is sent as a PIX transfer (PROCESSING)",
          params: idParams,
          response: { 200: decided },
        },
        preHandler: admin,
      },
      async (request) => {
        const byTransfer = Boolean(app.config.PLATFORM_ASAAS_API_KEY)
        const data = await decidePayout({ ...deps(), byTransfer }, request.user.id, request.params.id, {
          action: 'approve',
        })
        if (data.status !== 'PROCESSING') return { data, message: AFFILIATE_MESSAGES.payoutApproved }
        // After the commit: the worker posts the transfer (the periodic read does, should this enqueue be lost).
        const job: TransferJob = { payoutId: data.id }
        await app.jobs.enqueue(PAYOUT_TRANSFER_JOB, job, { jobId: `payout-transfer-${data.id}` })
        return { data, message: AFFILIATE_MESSAGES.payoutTransferring }
      },
    )

    app.post(
      '/admin/affiliate-payouts/:id/pay',
      {
        schema: {
          tags: TAGS,
          summary: 'Marks an approved payout as paid (the PIX left)',
          params: idParams,
          response: { 200: decided },
        },
        preHandler: admin,
      },
      async (request) => ({
        data: await decidePayout(deps(), request.user.id, request.params.id, { action: 'pay' }),
        message: AFFILIATE_MESSAGES.payoutPaid,
      }),
    )

    app.post(
      '/admin/affiliate-payouts/:id/reject',
      {
        schema: {
          tags: TAGS,
          summary: 'Refuses a payout: its amount goes back to the available balance through a ledger entry',
          params: idParams,
          body: payoutRejectSchema,
          response: { 200: decided },
        },
        preHandler: admin,
      },
      async (request) => ({
        data: await decidePayout(deps(), request.user.id, request.params.id, { action: 'reject', ...request.body }),
        message: AFFILIATE_MESSAGES.payoutRejected,
      }),
    )

    app.get(
      '/admin/affiliates/consistency',
      {
        schema: {
          tags: TAGS,
          summary: 'The ledger consistency check on demand: every list is empty when the books are right',
          response: { 200: problemsSchema },
        },
        preHandler: admin,
      },
      async () => consistencyProblems(app.db),
    )

    app.get(
      '/admin/affiliates/platform-fee',
      { schema: { tags: TAGS, response: { 200: platformFeeSchema } }, preHandler: admin },
      async () => platformFee(app.db),
    )

    app.put(
      '/admin/affiliates/platform-fee',
      {
        schema: {
          tags: TAGS,
          summary:
            "The platform's fee on split orders, withheld with the gateway's before the split (orders paid after)",
          body: platformFeeSchema,
          response: { 200: z.object({ data: platformFeeSchema, message: z.string() }) },
        },
        preHandler: admin,
      },
      async (request) => ({
        data: await savePlatformFee(app.db, request.user.id, request.body),
        message: AFFILIATE_MESSAGES.platformFeeSaved,
      }),
    )
  }
}
