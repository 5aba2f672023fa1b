import { type AliasableExpression, expressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { ComposedColumns, Database } from '../database'
import type { CatalogTables, DbOrTrx } from './tables'

export type ProductRow = Selectable<CatalogTables['products']>
export type NewProduct = Insertable<CatalogTables['products']>
export type ProductPatch = Updateable<CatalogTables['products']>

export async function findProduct(db: DbOrTrx, storeId: string, productId: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .executeTakeFirst()
}

/** findProduct with one more column, named `alongside`, that another module computes in the same statement. */
export async function findProductWith<T>(
  db: DbOrTrx,
  storeId: string,
  productId: string,
  alongside: (eb: ComposedColumns) => AliasableExpression<T>,
): Promise<(ProductRow & { alongside: T }) | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .select(alongside(expressionBuilder<Database, never>()).as('alongside'))
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .$castTo<ProductRow & { alongside: T }>()
    .executeTakeFirst()
}

export async function findProducts(db: DbOrTrx, storeId: string, productIds: string[]): Promise<ProductRow[]> {
  if (productIds.length === 0) return []
  return db.selectFrom('products').selectAll().where('store_id', '=', storeId).where('id', 'in', productIds).execute()
}

export async function listProducts(
  db: DbOrTrx,
  storeId: string,
  page: { limit?: number; offset?: number } = {},
): Promise<ProductRow[]> {
  let q = db
    .selectFrom('products')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
  if (page.limit !== undefined) q = q.limit(page.limit)
  if (page.offset) q = q.offset(page.offset)
  return q.execute()
}

export async function insertProduct(db: DbOrTrx, product: NewProduct): Promise<ProductRow> {
  return db.insertInto('products').values(product).returningAll().executeTakeFirstOrThrow()
}

export async function updateProduct(
  db: DbOrTrx,
  storeId: string,
  productId: string,
  patch: ProductPatch,
): Promise<ProductRow | undefined> {
  return db
    .updateTable('products')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteProduct(db: DbOrTrx, storeId: string, productId: string): Promise<ProductRow | undefined> {
  return db
    .deleteFrom('products')
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .returningAll()
    .executeTakeFirst()
}

/** Takes stock only if enough is left, in one statement, so two buyers never get the last unit. */
export async function takeStock(db: DbOrTrx, productId: string, quantity: number): Promise<boolean> {
  const row = await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: new Date() }))
    .where('id', '=', productId)
    .where('type', '=', 'PHYSICAL')
    .where('stock', '>=', quantity)
    .returning('id')
    .executeTakeFirst()
  if (row) return true
  const product = await db.selectFrom('products').select('type').where('id', '=', productId).executeTakeFirst()
  return product?.type === 'DIGITAL'
}

export async function giveBackStock(db: DbOrTrx, productId: string, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: new Date() }))
    .where('id', '=', productId)
    .where('type', '=', 'PHYSICAL')
    .execute()
}

/** Per store: how many products and the three newest, for the admin user-details view. */
export async function storeProductFigures(db: DbOrTrx, storeIds: string[]) {
  if (storeIds.length === 0) return { counts: [], recent: [] }
  const counts = await db
    .selectFrom('products')
    .select(['store_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('store_id', 'in', storeIds)
    .groupBy('store_id')
    .execute()
  const recent = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('products')
        .select([
          'id',
          'store_id',
          'name',
          'price_cents',
          'created_at',
          (e) =>
            e.fn
              .agg<number>('row_number')
              .over((o) => o.partitionBy('store_id').orderBy('created_at', 'desc').orderBy('id', 'desc'))
              .as('rn'),
        ])
        .where('store_id', 'in', storeIds)
        .as('p'),
    )
    .select(['id', 'store_id', 'name', 'price_cents'])
    .where('rn', '<=', 3)
    .orderBy('store_id')
    .orderBy('rn')
    .execute()
  return { counts, recent }
}

export async function countProducts(db: DbOrTrx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow()
  return row.n
}

/** How many products a store has, and how many a buyer can buy now (digital, or physical with stock), by type. */
export async function countSellable(db: DbOrTrx, storeId: string) {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('type', '=', 'DIGITAL').as('digital'),
      eb.fn.countAll<number>().filterWhere('type', '=', 'PHYSICAL').as('physical'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('type', '=', 'PHYSICAL'), w('stock', '>', 0)]))
        .as('physicalInStock'),
    ])
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow()
  return {
    total: Number(row.total),
    digital: Number(row.digital),
    physical: Number(row.physical),
    physicalInStock: Number(row.physicalInStock),
  }
}
