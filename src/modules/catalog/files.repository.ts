import { type Selectable, sql } from 'kysely'
import type { CatalogTables, DbOrTrx } from './tables'

export type ProductFileRow = Selectable<CatalogTables['product_files']>

export async function listFiles(db: DbOrTrx, storeId: string, productId: string): Promise<ProductFileRow[]> {
  return db
    .selectFrom('product_files')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('created_at')
    .selectAll()
    .execute()
}

/** Files of several products (the buyer's library), in each product's order. */
export async function listFilesOfProducts(db: DbOrTrx, productIds: string[]): Promise<ProductFileRow[]> {
  if (productIds.length === 0) return []
  return db
    .selectFrom('product_files')
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('created_at')
    .selectAll()
    .execute()
}

export async function findFile(db: DbOrTrx, fileId: string): Promise<ProductFileRow | undefined> {
  return db.selectFrom('product_files').where('id', '=', fileId).selectAll().executeTakeFirst()
}

export async function insertFile(
  db: DbOrTrx,
  row: Omit<ProductFileRow, 'id' | 'created_at' | 'position'>,
): Promise<ProductFileRow> {
  return db
    .insertInto('product_files')
    .values({
      ...row,
      // appended after the product's last file
      position: sql<number>`(select coalesce(max(position), -1) + 1 from product_files where product_id = ${row.product_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteFile(
  db: DbOrTrx,
  storeId: string,
  productId: string,
  fileId: string,
): Promise<ProductFileRow | undefined> {
  return db
    .deleteFrom('product_files')
    .where('id', '=', fileId)
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .returningAll()
    .executeTakeFirst()
}

/** Deletes every file row of a product (before the product itself), answering the deleted rows. */
export async function deleteFilesOfProduct(db: DbOrTrx, storeId: string, productId: string): Promise<ProductFileRow[]> {
  return db
    .deleteFrom('product_files')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .returningAll()
    .execute()
}

/** Writes the positions in the order given; the caller has checked the ids are exactly the product's files. */
export async function setPositions(db: DbOrTrx, productId: string, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable('product_files')
      .set({ position })
      .where('id', '=', id)
      .where('product_id', '=', productId)
      .execute()
  }
}

export async function setStampPdfs(db: DbOrTrx, storeId: string, productId: string, on: boolean): Promise<void> {
  await db
    .updateTable('products')
    .set({ stamp_pdfs: on })
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .execute()
}
