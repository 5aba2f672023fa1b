import type { DbOrTrx } from './tables'

/**
 * PENDING order charges old enough to ask the gateway about, not yet expired and due by their own backoff, oldest
 * first (the partial index on created_at where status = 'PENDING' serves it).
 */
export async function listDueForReconcile(db: DbOrTrx, opts: { createdBefore: Date; now: Date; limit: number }) {
  return db
    .selectFrom('payment_transactions')
    .select(['id', 'reconcile_attempts'])
    .where('status', '=', 'PENDING')
    .where('purpose', '=', 'ORDER')
    .where('gateway_id', 'is not', null)
    .where('created_at', '<', opts.createdBefore)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', opts.now)]))
    .where((eb) => eb.or([eb('reconcile_after', 'is', null), eb('reconcile_after', '<=', opts.now)]))
    .orderBy('created_at')
    .limit(opts.limit)
    .execute()
}

/** Books the next ask before this one is made, so a run that dies half-way does not ask the same charges at once. */
export async function scheduleReconcile(db: DbOrTrx, id: string, attempts: number, after: Date) {
  await db
    .updateTable('payment_transactions')
    .set({ reconcile_attempts: attempts, reconcile_after: after })
    .where('id', '=', id)
    .execute()
}
