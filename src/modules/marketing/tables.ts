import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { BumpDiscountType, BumpPosition, BumpTemplate } from '../../shared/marketing'

/** A funnel's step as stored (src/shared/funnels.ts funnelStepSchema). */
export interface StoredFunnelStep {
  key: string
  kind: 'upsell' | 'downsell'
  productId: string
  priceCents: number
  headline: string
  description: string
  maxInstallments: number
  onAccept: string | null
  onDecline: string | null
}

export interface MarketingTables {
  funnels: {
    id: Generated<string>
    store_id: string
    name: string
    active: Generated<boolean>
    trigger_product_ids: ColumnType<string[], string[] | undefined, string[]>
    steps: ColumnType<StoredFunnelStep[], string, string>
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  funnel_sessions: {
    parent_order_id: string
    funnel_id: string
    store_id: string
    current_step: string | null
    notice: string | null
    closes_at: Date
    created_at: Generated<Date>
  }
  funnel_step_events: {
    parent_order_id: string
    step_key: string
    kind: 'VIEW' | 'ACCEPT' | 'DECLINE'
    funnel_id: string
    child_order_id: string | null
    outcome: 'PLACING' | 'PLACED' | 'REFUSED' | 'SOLD_OUT' | null
    paid_cents: Generated<number>
    /** Refunded or charged back of the child so far (order.refunded's running total); revenue is paid − this. */
    refunded_cents: Generated<number>
    /** ACCEPT: the tap's Idempotency-Key and the fingerprint of the body it came with (migration 0365). */
    idempotency_key: ColumnType<string | null, string | null | undefined, string | null>
    request_fingerprint: ColumnType<string | null, string | null | undefined, string | null>
    created_at: Generated<Date>
  }

  order_bumps: {
    id: Generated<string>
    store_id: string
    product_id: string
    title: string
    description: string | null
    discount_type: BumpDiscountType
    /** Cents for FIXED, basis points (percent × 100) for PERCENTAGE, null for NONE. */
    discount_value: number | null
    original_price_cents: number | null
    position: BumpPosition
    template: BumpTemplate
    button_text: string | null
    button_color: string
    active: boolean
    min_cart_cents: number | null
    max_cart_cents: number | null
    show_on_products: ColumnType<string[], string[] | undefined, string[]>
    display_count: Generated<number>
    add_count: Generated<number>
    conversion_count: Generated<number>
    revenue_cents: Generated<number>
    paid_conversion_count: Generated<number>
    paid_revenue_cents: Generated<number>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  order_bump_visits: {
    bump_id: string
    visit_key: string
    kind: 'DISPLAY' | 'ADD'
    created_at: Generated<Date>
  }
  order_bump_orders: {
    order_id: string
    bump_id: string
    store_id: string
    revenue_cents: number
    placed_counted: Generated<boolean>
    paid_counted: Generated<boolean>
    created_at: Generated<Date>
  }
  upsells: {
    id: Generated<string>
    store_id: string
    title: string
    redirect_url: string
    description: string | null
    delay_seconds: number
    show_countdown: boolean
    template: BumpTemplate
    button_text: string
    button_color: string
    skip_text: string
    active: boolean
    display_count: Generated<number>
    click_count: Generated<number>
    skip_count: Generated<number>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  upsell_visits: {
    upsell_id: string
    visit_key: string
    kind: 'DISPLAY' | 'CLICK' | 'SKIP'
    created_at: Generated<Date>
  }
  coupons: {
    id: Generated<string>
    store_id: string
    code: string
    discount_type: 'PERCENTAGE' | 'FIXED'
    /** Basis points for PERCENTAGE, cents for FIXED. */
    discount_value: number
    min_order_cents: number | null
    starts_at: Date | null
    ends_at: Date | null
    max_uses: number | null
    max_uses_per_email: number | null
    product_ids: ColumnType<string[], string[] | undefined, string[]>
    applies_to_bumps: boolean
    active: boolean
    uses_count: Generated<number>
    paid_count: Generated<number>
    revenue_cents: Generated<number>
    discount_given_cents: Generated<number>
    deleted_at: Date | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  coupon_redemptions: {
    order_id: string
    coupon_id: string
    store_id: string
    email: string
    discount_cents: number
    order_total_cents: number
    released_at: Date | null
    paid_at: Date | null
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<MarketingTables>
export type Trx = Transaction<MarketingTables>
export type DbOrTrx = Db | Trx
