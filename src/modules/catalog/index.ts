import type { AliasableExpression } from 'kysely'
import type { DbOrTrx as AnyDbOrTrx, Trx as AnyTrx } from '../../platform/db'
import type { ComposedColumns } from '../database'
import type { StoreFiguresSource } from '../identity'
import type { AppModule } from '../types'
import { seedCatalogDemo } from './demo'
import type { CatalogProduct, Deliverable } from './dto'
import * as files from './files'
import * as repository from './repository'
import { catalogRoutes, uploadsStaticRoutes } from './routes'
import type { CatalogDeps } from './service'
import * as service from './service'

export type { CatalogProduct, Deliverable } from './dto'
export { productFileRemoved } from './events'
export { type CatalogDeps, PRODUCT_NOT_FOUND } from './service'
export { legacyImagesSource } from './uploads'

/** What other modules may ask of the catalog; they never read its tables. */
export const catalogService: {
  /** undefined for a non-uuid id, an unknown id, or a product of another store. */
  findProduct(db: AnyDbOrTrx, storeId: string, productId: string): Promise<CatalogProduct | undefined>
  /**
   * findProduct plus one column another module computes for the same store in the same statement (the checkout reads
   * the product and the store's payment setup in one round trip); the column never sees the product's row.
   */
  findProductWith<T>(
    db: AnyDbOrTrx,
    storeId: string,
    productId: string,
    alongside: (eb: ComposedColumns) => AliasableExpression<T>,
  ): Promise<{ product: CatalogProduct; alongside: T } | undefined>
  findProducts(db: AnyDbOrTrx, storeId: string, productIds: string[]): Promise<CatalogProduct[]>
  /** Atomic `stock = stock - qty where stock >= qty`; true when taken; always true for DIGITAL. */
  reserveStock(trx: AnyTrx, productId: string, quantity: number): Promise<boolean>
  releaseStock(trx: AnyTrx, productId: string, quantity: number): Promise<void>
  countProducts(db: AnyDbOrTrx, storeId: string): Promise<number>
  /** productCount and the newest products per store, for the admin's user details. */
  storeFigures: StoreFiguresSource
  /** Products by type and how many can be bought now (digital, or physical in stock): the store's readiness. */
  countSellable(
    db: AnyDbOrTrx,
    storeId: string,
  ): Promise<{ total: number; digital: number; physical: number; physicalInStock: number }>
  /** The uploaded files of these products (any store), in each product's order: the buyer's library. */
  deliverablesOf(db: AnyDbOrTrx, productIds: string[]): Promise<Deliverable[]>
  /** One uploaded file by id (undefined for a non-uuid or unknown id); access is the caller's rule. */
  findDeliverable(db: AnyDbOrTrx, fileId: string): Promise<Deliverable | undefined>
} = {
  findProduct: service.findProduct,
  findProductWith: service.findProductWith,
  findProducts: service.findProducts,
  reserveStock: service.reserveStock,
  releaseStock: service.releaseStock,
  countProducts: repository.countProducts,
  storeFigures: service.storeFigures,
  countSellable: repository.countSellable,
  deliverablesOf: files.deliverablesOf,
  findDeliverable: files.findDeliverable,
}

/** The catalog with what other modules tell it (the composition wires shipping's rule in). */
export function catalogModuleWith(deps: CatalogDeps): AppModule {
  return { ...catalogModule, routes: (app) => catalogRoutes(app, deps) }
}

export const catalogModule: AppModule = {
  name: 'catalog',
  routes: (app) => catalogRoutes(app),
  rootRoutes: uploadsStaticRoutes,
  seedDemo: seedCatalogDemo,
}
