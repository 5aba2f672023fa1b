import type { Generated } from 'kysely'
import type { Timestamp } from '../../platform/tables'

export type ProductType = 'PHYSICAL' | 'DIGITAL'

export interface CatalogTables {
  products: {
    id: Generated<string>
    store_id: string
    name: string
    description: string | null
    price_cents: number
    type: ProductType
    stock: number | null
    image_url: string | null
    digital_file_url: string | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
}
