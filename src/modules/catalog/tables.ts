import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
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
    weight_grams: Generated<number | null>
    height_cm: Generated<number | null>
    width_cm: Generated<number | null>
    length_cm: Generated<number | null>
    stamp_pdfs: Generated<boolean>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  product_files: {
    id: Generated<string>
    store_id: string
    product_id: string
    name: string
    content_type: string
    size_bytes: ColumnType<number, number, number>
    storage_key: string
    position: Generated<number>
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<CatalogTables>
export type Trx = Transaction<CatalogTables>
export type DbOrTrx = Db | Trx
