import type { Clock } from '../../platform/clock'
import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { createStorage } from '../../platform/storage'
import { productFileRemoved } from '../catalog'
import { orderRefunded } from '../ordering'
import {
  removeCopiesOfFile,
  removeCopiesOfOrder,
  STAMPED_SWEEP_EVERY_MS,
  STAMPED_SWEEP_JOB,
  type StampedCopyDeps,
  sweepStampedCopies,
} from './stamped-copies'

/** The worker has no app: its storage is made from the same config the api's is (same folder or bucket). */
const copyDeps = (ctx: JobContext, clock: Clock): StampedCopyDeps => ({
  db: ctx.db,
  storage: createStorage(ctx.config, clock),
  clock,
})

/** Stamped copies go when access ends for good (whole refund or chargeback) or the file itself is removed. */
export function buyerSubscriptions(clock: Clock) {
  return [
    subscribe(orderRefunded, 'buyers.stamped-copies-on-refund', async (payload, ctx) => {
      if (payload.partial) return
      await removeCopiesOfOrder(copyDeps(ctx, clock), payload.orderId)
    }),
    subscribe(productFileRemoved, 'buyers.stamped-copies-on-file-removed', async (payload, ctx) => {
      await removeCopiesOfFile(copyDeps(ctx, clock), payload.fileId)
    }),
  ]
}

export function buyerJobs(clock: Clock): JobDefinition[] {
  return [
    {
      name: STAMPED_SWEEP_JOB,
      attempts: 1,
      everyMs: STAMPED_SWEEP_EVERY_MS,
      handler: async (_data, ctx) => {
        const removed = await sweepStampedCopies(copyDeps(ctx, clock))
        if (removed > 0) ctx.log.info({ removed }, 'stamped copies past retention deleted')
        return { removed }
      },
    },
  ]
}
