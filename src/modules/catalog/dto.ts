import type { Product, PublicProduct } from '../../shared/catalog'
import type { ProductFile } from '../../shared/deliverables'
import { toReais } from '../../shared/money'
import type { ProductFileRow } from './files.repository'
import type { ProductRow } from './repository'

/** What other modules know of a product (cents, no timestamps). */
export interface CatalogProduct {
  id: string
  storeId: string
  name: string
  description: string | null
  priceCents: number
  type: 'PHYSICAL' | 'DIGITAL'
  stock: number | null
  imageUrl: string | null
  digitalFileUrl: string | null
  /** Logistics for a freight quote; null until the merchant fills them. */
  weightGrams: number | null
  heightCm: number | null
  widthCm: number | null
  lengthCm: number | null
  /** PDFs of this product are stamped with the buyer's name and e-mail when downloaded. */
  stampPdfs: boolean
}

export function toCatalogProduct(row: ProductRow): CatalogProduct {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    type: row.type,
    stock: row.stock,
    imageUrl: row.image_url,
    digitalFileUrl: row.digital_file_url,
    weightGrams: row.weight_grams,
    heightCm: row.height_cm,
    widthCm: row.width_cm,
    lengthCm: row.length_cm,
    stampPdfs: row.stamp_pdfs,
  }
}

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    price: toReais(row.price_cents),
    type: row.type,
    stock: row.stock,
    imageUrl: row.image_url,
    digitalFileUrl: row.digital_file_url,
    weightGrams: row.weight_grams,
    heightCm: row.height_cm,
    widthCm: row.width_cm,
    lengthCm: row.length_cm,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** The buyer's view: the merchant's without stock, the file behind the purchase and the dates; sold out flagged. */
export function toPublicProductDto(row: ProductRow): PublicProduct {
  const { stock: _stock, digitalFileUrl: _file, createdAt: _created, updatedAt: _updated, ...rest } = toProductDto(row)
  const { weightGrams: _w, heightCm: _h, widthCm: _wd, lengthCm: _l, ...shown } = rest
  return {
    ...shown,
    ...(row.type === 'PHYSICAL' && (row.stock ?? 0) <= 0 ? { soldOut: true as const } : {}),
  }
}

export function toProductFileDto(row: ProductFileRow): ProductFile {
  return {
    id: row.id,
    productId: row.product_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size_bytes,
    position: row.position,
    createdAt: row.created_at.toISOString(),
  }
}

/** An uploaded file as other modules know it (the buyers module signs its download). */
export interface Deliverable {
  id: string
  storeId: string
  productId: string
  name: string
  contentType: string
  size: number
  storageKey: string
}

export function toDeliverable(row: ProductFileRow): Deliverable {
  return {
    id: row.id,
    storeId: row.store_id,
    productId: row.product_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size_bytes,
    storageKey: row.storage_key,
  }
}
