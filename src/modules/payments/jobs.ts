import type { JobDefinition } from '../../platform/jobs'
import { HEALTH_JOB, type HealthJobData, runHealthJob } from './config-service'
import { gatewayFor } from './gateway'
import { RECONCILE_JOB, reconcile } from './reconcile'
import { CREATE_JOB, EXPIRE_JOB, executeCreate, SYNC_JOB } from './service'
import { expireTransaction, syncTransaction } from './status'

interface TransactionJob {
  transactionId: string
}

/**
 * The gateway calls that need no caller waiting (re-reads, expiries, health checks, a renewed PIX's creation) run here:
 * in the worker with BullMQ, in-process in embedded mode. An order's charge is created by the api process itself
 * (service.ts createCharge, charge.ts): no queue round trip on the buyer's request.
 */
export const paymentJobs: JobDefinition[] = [
  {
    name: CREATE_JOB,
    // Creating twice would charge twice: one try; the caller is waiting and gets the error.
    attempts: 1,
    handler: (data, ctx) => executeCreate(ctx, (data as TransactionJob).transactionId),
  },
  {
    name: HEALTH_JOB,
    attempts: 1,
    handler: (data, ctx) => runHealthJob(ctx, data as HealthJobData, gatewayFor(ctx)),
  },
  {
    name: SYNC_JOB,
    handler: (data, ctx) => syncTransaction(ctx, (data as TransactionJob).transactionId),
  },
  {
    name: RECONCILE_JOB,
    attempts: 1,
    everyMs: (config) => config.RECONCILE_EVERY_MS,
    handler: (_data, ctx) => reconcile(ctx),
  },
  {
    name: EXPIRE_JOB,
    handler: (data, ctx) => expireTransaction(ctx, (data as TransactionJob).transactionId),
  },
]
