import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'
import type { OrderPaymentMethod, OrderStatus } from '../../shared/ordering'
import type { TrackingParams } from '../../shared/tracking'

export interface ShippingAddress {
  street: string
  number: string
  complement: string | null
  neighborhood: string | null
  city: string
  state: string
  zipCode: string
}

export interface AttemptItem {
  productId: string
  name: string
  quantity: number
  unitPriceCents: number
  bumpId?: string | null
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface OrderingTables {
  order_counters: { store_id: string; last_number: number }
  orders: {
    id: Generated<string>
    store_id: string
    order_number: number
    status: Generated<OrderStatus>
    product_type: 'PHYSICAL' | 'DIGITAL'
    customer_name: string
    customer_email: string
    customer_phone: string
    customer_document: string
    shipping_address: ColumnType<ShippingAddress | null, string | null, string | null>
    shipping_option_id: string | null
    shipping_method: string | null
    estimated_delivery: string | null
    subtotal_cents: number
    shipping_cents: Generated<number>
    total_cents: number
    /** The price's steps (src/shared/pricing.ts): total = subtotal − discounts + shipping + interest. */
    coupon_code: Generated<string | null>
    coupon_discount_cents: Generated<number>
    method_discount_cents: Generated<number>
    interest_cents: Generated<number>
    method_discount_bp: Generated<number>
    interest_rate_bp: Generated<number>
    installment_cents: Generated<number | null>
    payment_method: OrderPaymentMethod
    installments: number | null
    transaction_id: string | null
    gateway_id: string | null
    pix_code: string | null
    pix_expires_at: NullableTimestamp
    payment_url: string | null
    boleto_url: string | null
    boleto_line: string | null
    sandbox: Generated<boolean>
    stock_released: Generated<boolean>
    notes: string | null
    paid_at: NullableTimestamp
    cancelled_at: NullableTimestamp
    /** A payment landed after the order was cancelled: it stays CANCELLED, flagged for the merchant (service.ts). */
    paid_after_cancel_at: NullableTimestamp
    paid_after_cancel_transaction_id: Generated<string | null>
    /** REFUNDED because the buyer's card was charged back, not refunded (order.refunded `chargeback`). */
    charged_back: Generated<boolean>
    /** What was refunded so far (order_refunds SUCCEEDED); REFUNDED when it reaches total_cents. */
    refunded_cents: Generated<number>
    /** Attribution captured at checkout (UTM parameters, Meta click ids); see src/shared/tracking.ts. */
    tracking: ColumnType<TrackingParams, string | undefined, string>
    client_ip: string | null
    user_agent: string | null
    /** The recovery module's checkout session the order was placed from, if the page reported one. */
    checkout_session_id: Generated<string | null>
    /** An order placed from this one on the buyer's behalf (derived-order.ts): a funnel's offer, a renewal. */
    parent_order_id: Generated<string | null>
    /** Why it was derived (unique per parent): one child per funnel step or renewal cycle. */
    derived_key: Generated<string | null>
    /** Subscriptions (issue 36): the plan a checkout order subscribes to; a renewal's subscription and cycle. */
    plan_id: Generated<string | null>
    /** The buyer chose PIX Automático for a plan that also takes the plain PIX (the order page shows the mandate). */
    pix_automatic: Generated<boolean>
    subscription_id: Generated<string | null>
    cycle_number: Generated<number | null>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  /** A refused card attempt: not an order (issue 26); listed as 'Recusado' on the recovery screen. */
  checkout_attempts: {
    id: Generated<string>
    store_id: string
    product_id: string | null
    status: Generated<'REFUSED'>
    customer_name: string
    customer_email: string
    customer_phone: string
    total_cents: number
    payment_method: OrderPaymentMethod
    transaction_id: string | null
    items: ColumnType<AttemptItem[], string, string>
    tracking: ColumnType<TrackingParams, string, string>
    checkout_session_id: string | null
    created_at: Generated<Date>
  }
  order_items: {
    id: Generated<string>
    order_id: string
    product_id: string
    name: string
    image_url: string | null
    quantity: number
    unit_price_cents: number
    total_cents: number
    /** The line's share of the order's discounts (coupon and payment method). */
    discount_cents: Generated<number>
    /** The order bump (marketing) this line came from; null for the checkout's own product. */
    bump_id: Generated<string | null>
    /** The line was refunded (refund-order.ts): its stock came back and its digital access stopped. */
    refunded_at: NullableTimestamp
  }
  order_refunds: {
    id: Generated<string>
    order_id: string
    store_id: string
    item_id: string | null
    amount_cents: number
    reason: string
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED'
    gateway_refund_id: string | null
    error_message: string | null
    requested_by: string | null
    created_at: Generated<Date>
    completed_at: NullableTimestamp
  }
  order_idempotency_keys: {
    scope: string
    key: string
    fingerprint: string
    status_code: number | null
    response: ColumnType<unknown, string | null | undefined, string | null>
    /** The order this key produced, written in the order's own transaction. */
    order_id: Generated<string | null>
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<OrderingTables>
export type Trx = Transaction<OrderingTables>
export type DbOrTrx = Db | Trx
