import type { Generated, Kysely, Transaction } from 'kysely'
import type { Json, Timestamp } from '../../platform/tables'
import type { ZipRule } from '../../shared/checkout'

export interface CheckoutTables {
  shipping_options: {
    id: Generated<string>
    store_id: string
    name: string
    description: string | null
    base_price_cents: number
    free_shipping_threshold_cents: number | null
    estimated_days: number
    active: Generated<boolean>
    zip_code_rules: Json<ZipRule[]>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  shipping_settings: {
    store_id: string
    fallback_enabled: boolean
    updated_at: Timestamp
  }
  checkout_customizations: {
    store_id: string
    primary_color: string
    secondary_color: string
    background_color: string
    accent_color: string
    font_family: string
    button_radius: number
    show_store_logo: boolean
    custom_logo_url: string | null
    custom_banner_url: string | null
    custom_header_html: string | null
    custom_footer_html: string | null
    custom_css: string | null
    checkout_title: string | null
    thank_you_title: string | null
    thank_you_message: string | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<CheckoutTables>
export type Trx = Transaction<CheckoutTables>
export type DbOrTrx = Db | Trx
