import type { Clock } from '../../platform/clock'
import type { Storage } from '../../platform/storage'
import * as repo from './stamped-copies.repository'
import type { Db, DbOrTrx } from './tables'

/** A stamped copy older than this is deleted by the sweep; the buyer's next download stamps a new one. */
export const STAMPED_COPY_KEEP_MS = 30 * 86_400_000
export const STAMPED_SWEEP_EVERY_MS = 6 * 3600_000
export const STAMPED_SWEEP_JOB = 'buyers.stamped-copies-sweep'
const SWEEP_BATCH = 200

export interface StampedCopyDeps {
  db: Db
  storage: Storage
  clock: Clock
}

/**
 * Object first, row after: a crash between the two leaves a row whose object is gone (the next run deletes nothing
 * and drops the row), never an object nobody can find.
 */
async function remove(deps: { db: DbOrTrx; storage: Storage }, rows: repo.StampedCopyRow[]): Promise<number> {
  for (const row of rows) {
    await deps.storage.delete(row.storage_key)
    await repo.deleteCopy(deps.db, row)
  }
  return rows.length
}

/** A whole refund or chargeback: the order's copies go (access has ended; nothing of it should stay licensed). */
export async function removeCopiesOfOrder(deps: Pick<StampedCopyDeps, 'db' | 'storage'>, orderId: string) {
  return remove(deps, await repo.copiesOfOrder(deps.db, orderId))
}

/** The merchant removed the product file: every buyer's copy of it goes. */
export async function removeCopiesOfFile(deps: Pick<StampedCopyDeps, 'db' | 'storage'>, fileId: string) {
  return remove(deps, await repo.copiesOfFile(deps.db, fileId))
}

/** Deletes copies older than STAMPED_COPY_KEEP_MS by the clock, in batches claimed with SKIP LOCKED. */
export async function sweepStampedCopies(deps: StampedCopyDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - STAMPED_COPY_KEEP_MS)
  let total = 0
  for (;;) {
    const n = await deps.db.transaction().execute(async (trx) => {
      const rows = await repo.claimCopiesOlderThan(trx, before, SWEEP_BATCH)
      return remove({ db: trx, storage: deps.storage }, rows)
    })
    total += n
    if (n < SWEEP_BATCH) return total
  }
}
