import type { Product, PublicProduct } from '../../shared/catalog'
import { toReais } from '../../shared/money'
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
  }
}

/** What the buyer and the merchant both see of a product: the merchant's answer adds stock, files and dates. */
function toShownProduct(row: ProductRow) {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    price: toReais(row.price_cents),
    type: row.type,
    imageUrl: row.image_url,
  }
}

export function toProductDto(row: ProductRow): Product {
  return {
    ...toShownProduct(row),
    stock: row.stock,
    digitalFileUrl: row.digital_file_url,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toPublicProductDto(row: ProductRow): PublicProduct {
  return {
    ...toShownProduct(row),
    ...(row.type === 'PHYSICAL' && (row.stock ?? 0) <= 0 ? { soldOut: true as const } : {}),
  }
}
