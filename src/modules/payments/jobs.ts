import type { JobContext, JobDefinition } from '../../platform/jobs'
import { HEALTH_JOB, type HealthJobData, runHealthJob } from './config-service'
import { gatewayFor, type PaymentsModuleDeps } from './gateway'
import { RECONCILE_JOB, reconcile } from './reconcile'
import { findSandboxTransaction, postbackBody, SANDBOX_POSTBACK_JOB, sendPostback } from './sandbox'
import { CREATE_JOB, EXPIRE_JOB, executeCreate, SYNC_JOB } from './service'
import { expireTransaction, receivePostback, syncTransaction } from './status'

interface TransactionJob {
  transactionId: string
}

/**
 * The gateway calls that need no caller waiting (re-reads, expiries, health checks, a renewed PIX's creation) run here:
 * in the worker with BullMQ, in-process in embedded mode. An order's charge is created by the api process itself
 * (service.ts createCharge, charge.ts): no queue round trip on the buyer's request.
 */
export function paymentJobs(deps: PaymentsModuleDeps): JobDefinition[] {
  /** A job's context with the gateway transport the module was given. */
  const withGateway = (ctx: JobContext) => ({ ...ctx, gatewayTransport: deps.gatewayTransport })
  return [
    {
      name: CREATE_JOB,
      // Creating twice would charge twice: one try; the caller is waiting and gets the error.
      attempts: 1,
      handler: (data, ctx) => executeCreate(withGateway(ctx), (data as TransactionJob).transactionId),
    },
    {
      name: HEALTH_JOB,
      attempts: 1,
      handler: (data, ctx) => runHealthJob(ctx, data as HealthJobData, gatewayFor(withGateway(ctx))),
    },
    {
      name: SYNC_JOB,
      handler: (data, ctx) => syncTransaction(withGateway(ctx), (data as TransactionJob).transactionId),
    },
    {
      name: RECONCILE_JOB,
      attempts: 1,
      everyMs: (config) => config.RECONCILE_EVERY_MS,
      handler: (_data, ctx) => reconcile(withGateway(ctx)),
    },
    {
      // The sandbox gateway's postback (after a refund): to this server's own callback directly, elsewhere over HTTP.
      name: SANDBOX_POSTBACK_JOB,
      handler: async (data, ctx) => {
        const t = await findSandboxTransaction(ctx.db, (data as TransactionJob).transactionId)
        if (!t?.postbackUrl) return
        const body = postbackBody(t)
        const target = new URL(t.postbackUrl)
        if (target.origin === new URL(ctx.config.publicUrl).origin) return void (await receivePostback(ctx, body))
        const res = await sendPostback(target, body)
        if (!res.ok) throw new Error(`sandbox postback answered ${res.status}`)
      },
    },
    {
      name: EXPIRE_JOB,
      handler: (data, ctx) => expireTransaction(withGateway(ctx), (data as TransactionJob).transactionId),
    },
  ]
}
