import type { DbOrTrx } from './tables'

export interface StampedCopyRow {
  order_id: string
  file_id: string
  storage_key: string
}

/** Records a copy put in the storage; a copy already recorded keeps its first date (the retention counts from it). */
export async function recordStampedCopy(db: DbOrTrx, row: StampedCopyRow & { created_at: Date }) {
  await db
    .insertInto('buyer_stamped_copies')
    .values(row)
    .onConflict((oc) => oc.columns(['order_id', 'file_id']).doNothing())
    .execute()
}

const COLUMNS = ['order_id', 'file_id', 'storage_key'] as const

export async function copiesOfOrder(db: DbOrTrx, orderId: string): Promise<StampedCopyRow[]> {
  return db.selectFrom('buyer_stamped_copies').where('order_id', '=', orderId).select(COLUMNS).execute()
}

export async function copiesOfFile(db: DbOrTrx, fileId: string): Promise<StampedCopyRow[]> {
  return db.selectFrom('buyer_stamped_copies').where('file_id', '=', fileId).select(COLUMNS).execute()
}

/** The oldest copies made before `before`, locked so two sweepers never take the same ones. */
export async function claimCopiesOlderThan(db: DbOrTrx, before: Date, limit: number): Promise<StampedCopyRow[]> {
  return db
    .selectFrom('buyer_stamped_copies')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select(COLUMNS)
    .execute()
}

export async function deleteCopy(db: DbOrTrx, row: Pick<StampedCopyRow, 'order_id' | 'file_id'>) {
  await db
    .deleteFrom('buyer_stamped_copies')
    .where('order_id', '=', row.order_id)
    .where('file_id', '=', row.file_id)
    .execute()
}
