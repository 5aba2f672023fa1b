import type { PlatformDb as Db } from './db'
import type { JobDefinition } from './jobs'

/** Sent events stay a week (enough to look into a delivery question), finished embedded jobs as long as BullMQ's. */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600_000
export const COMPLETED_JOBS_KEEP_MS = 3600_000
export const FAILED_JOBS_KEEP_MS = 30 * 24 * 3600_000
export const PURGE_EVERY_MS = 10 * 60_000
/** Rows per delete statement: a short lock per batch instead of one long delete on a big table. */
const BATCH = 5000

export interface PurgeResult {
  outbox: number
  jobs: number
}

/** Deletes sent outbox rows and finished `jobs` rows older than their retention; never a pending one. */
export async function purgeOld(db: Db, now = new Date()): Promise<PurgeResult> {
  const before = (ms: number) => new Date(now.getTime() - ms)
  const outbox = await deleteInBatches(() =>
    db
      .deleteFrom('outbox')
      .where(
        'id',
        'in',
        db
          .selectFrom('outbox')
          .select('id')
          .where('relayed_at', 'is not', null)
          .where('relayed_at', '<', before(OUTBOX_KEEP_MS))
          .limit(BATCH),
      )
      .executeTakeFirst(),
  )
  const jobs = await deleteInBatches(() =>
    db
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        db
          .selectFrom('jobs')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'completed'), eb('updated_at', '<', before(COMPLETED_JOBS_KEEP_MS))]),
              eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', before(FAILED_JOBS_KEEP_MS))]),
            ]),
          )
          .limit(BATCH),
      )
      .executeTakeFirst(),
  )
  return { outbox, jobs }
}

async function deleteInBatches(run: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0
  for (;;) {
    const n = Number((await run()).numDeletedRows)
    total += n
    if (n < BATCH) return total
  }
}

/** The periodic purge, run by whichever worker takes it. */
export const purgeJob: JobDefinition<unknown, PurgeResult> = {
  name: 'platform.purge',
  everyMs: PURGE_EVERY_MS,
  attempts: 1,
  handler: async (_data, ctx) => {
    const result = await purgeOld(ctx.db)
    if (result.outbox + result.jobs > 0) ctx.log.info(result, 'purged old outbox rows and jobs')
    return result
  },
}
