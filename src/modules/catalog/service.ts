import type { AliasableExpression } from 'kysely'
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import type { Storage } from '../../platform/storage'
import { type ProductValues, productInputSchema, productPatchSchema } from '../../shared/catalog'
import { isUuid } from '../../shared/ids'
import { ME_MESSAGES } from '../../shared/melhor-envio'
import { toReais } from '../../shared/money'
import type { ComposedColumns } from '../database'
import { type CatalogProduct, toCatalogProduct } from './dto'
import { productFileRemoved } from './events'
import { deleteFilesOfProduct } from './files.repository'
import * as repo from './repository'
import type { Db, DbOrTrx, Trx } from './tables'

export const PRODUCT_NOT_FOUND = 'Produto não encontrado'

/** A zod failure as the API's 400: the first message on top, one message per field. */
export function validationError(error: z.ZodError): AppError {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) errors[issue.path.join('.') || '_'] ??= issue.message
  return new AppError(400, Object.values(errors)[0] ?? 'Dados inválidos', errors)
}

function parseProduct(raw: unknown): ProductValues {
  const parsed = productInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

export async function findProductRow(db: DbOrTrx, storeId: string, productId: string) {
  if (!isUuid(storeId) || !isUuid(productId)) return undefined
  return repo.findProduct(db, storeId, productId)
}

/** findProduct and, in the same round trip, a column another module reads for the same store (see index.ts). */
export async function findProductWith<T>(
  db: DbOrTrx,
  storeId: string,
  productId: string,
  alongside: (eb: ComposedColumns) => AliasableExpression<T>,
): Promise<{ product: CatalogProduct; alongside: T } | undefined> {
  if (!isUuid(storeId) || !isUuid(productId)) return undefined
  const row = await repo.findProductWith(db, storeId, productId, alongside)
  if (!row) return undefined
  const { alongside: extra, ...product } = row
  return { product: toCatalogProduct(product), alongside: extra }
}

export async function findProduct(db: DbOrTrx, storeId: string, productId: string) {
  const row = await findProductRow(db, storeId, productId)
  return row && toCatalogProduct(row)
}

export async function findProducts(db: DbOrTrx, storeId: string, productIds: string[]) {
  const ids = [...new Set(productIds.filter(isUuid))]
  if (!isUuid(storeId) || ids.length === 0) return []
  return (await repo.findProducts(db, storeId, ids)).map(toCatalogProduct)
}

function checkQuantity(quantity: number) {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new Error(`invalid stock quantity: ${quantity}`)
}

export async function reserveStock(trx: Trx, productId: string, quantity: number): Promise<boolean> {
  checkQuantity(quantity)
  if (!isUuid(productId)) return false
  return repo.takeStock(trx, productId, quantity)
}

export async function releaseStock(trx: Trx, productId: string, quantity: number): Promise<void> {
  checkQuantity(quantity)
  if (isUuid(productId)) await repo.giveBackStock(trx, productId, quantity)
}

export async function listProducts(db: DbOrTrx, storeId: string, page: { limit?: number; offset?: number }) {
  return repo.listProducts(db, storeId, page)
}

/** What the composition hands the catalog from other modules (it imports none of them). */
export interface CatalogDeps {
  /** Whether the store quotes real carriers (shipping's Melhor Envio): its physical products then need a size. */
  needsDimensions?: (db: Db, storeId: string) => Promise<boolean>
}

const DIMENSION_FIELDS = ['weightGrams', 'heightCm', 'widthCm', 'lengthCm'] as const

/** 400 for a physical product without weight and size in a store that quotes real carriers (issue 38 §1). */
async function checkDimensions(db: Db, deps: CatalogDeps, storeId: string, input: ProductValues) {
  if (input.type !== 'PHYSICAL' || !deps.needsDimensions) return
  const missing = DIMENSION_FIELDS.filter((f) => !input[f])
  if (missing.length === 0 || !(await deps.needsDimensions(db, storeId))) return
  throw new AppError(
    400,
    ME_MESSAGES.dimensionsRequired,
    Object.fromEntries(missing.map((f) => [f, 'Obrigatório quando a loja cota o frete com as transportadoras'])),
  )
}

/** Creates a product from form fields (JSON or multipart strings); `imageUrl` wins over the field when given. */
export async function createProduct(
  db: Db,
  storeId: string,
  raw: Record<string, unknown>,
  imageUrl?: string,
  deps: CatalogDeps = {},
) {
  const input = parseProduct(imageUrl ? { ...raw, imageUrl } : raw)
  await checkDimensions(db, deps, storeId, input)
  return repo.insertProduct(db, { store_id: storeId, ...toColumns(input) })
}

/** PATCH and PUT: the fields sent replace the stored ones, then the whole product is checked again. */
export async function updateProduct(
  db: Db,
  storeId: string,
  productId: string,
  raw: Record<string, unknown>,
  imageUrl?: string,
  deps: CatalogDeps = {},
) {
  const patch = productPatchSchema.safeParse(raw)
  if (!patch.success) throw validationError(patch.error)
  return db.transaction().execute(async (trx) => {
    const current = await findProductRow(trx, storeId, productId)
    if (!current) throw new AppError(404, PRODUCT_NOT_FOUND)
    const merged: Record<string, unknown> = {
      name: current.name,
      description: current.description,
      price: toReais(current.price_cents),
      type: current.type,
      stock: current.stock,
      imageUrl: current.image_url,
      digitalFileUrl: current.digital_file_url,
      weightGrams: current.weight_grams,
      heightCm: current.height_cm,
      widthCm: current.width_cm,
      lengthCm: current.length_cm,
    }
    for (const [key, value] of Object.entries(patch.data)) if (value !== undefined) merged[key] = value
    if (imageUrl) merged.imageUrl = imageUrl
    const input = parseProduct(merged)
    await checkDimensions(db, deps, storeId, input)
    const row = await repo.updateProduct(trx, storeId, productId, toColumns(input))
    if (!row) throw new AppError(404, PRODUCT_NOT_FOUND)
    return row
  })
}

/**
 * Deletes the product and its deliverables' rows in one transaction (each file announced as removed, so buyers'
 * stamped copies of it go too), then their stored objects.
 */
export async function deleteProduct(db: Db, storage: Storage, storeId: string, productId: string) {
  if (!isUuid(productId)) throw new AppError(404, PRODUCT_NOT_FOUND)
  const keys = await db.transaction().execute(async (trx) => {
    const files = await deleteFilesOfProduct(trx, storeId, productId)
    for (const f of files) await publish(trx, productFileRemoved, { fileId: f.id, productId, storeId })
    const row = await repo.deleteProduct(trx, storeId, productId)
    if (!row) throw new AppError(404, PRODUCT_NOT_FOUND)
    return files.map((f) => f.storage_key)
  })
  await Promise.all(keys.map((k) => storage.delete(k)))
}

function toColumns(input: ProductValues) {
  return {
    name: input.name,
    description: input.description,
    price_cents: input.priceCents,
    type: input.type,
    stock: input.stock,
    image_url: input.imageUrl,
    digital_file_url: input.digitalFileUrl,
    weight_grams: input.weightGrams,
    height_cm: input.heightCm,
    width_cm: input.widthCm,
    length_cm: input.lengthCm,
  }
}

/** productCount and the three newest products per store, for the admin's user-details view. */
export async function storeFigures(db: DbOrTrx, storeIds: string[]) {
  const { counts, recent } = await repo.storeProductFigures(db, storeIds)
  const out = new Map<string, { productCount: number; products: { id: string; name: string; priceCents: number }[] }>()
  for (const id of storeIds) out.set(id, { productCount: 0, products: [] })
  for (const c of counts) out.get(c.store_id)!.productCount = Number(c.n)
  for (const p of recent) out.get(p.store_id)!.products.push({ id: p.id, name: p.name, priceCents: p.price_cents })
  return out
}
