import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Json } from '../../platform/tables'
import type { IntervalUnit, PlanMethod, SubscriptionStatus } from './dto'

type Cents = ColumnType<number, number, number>
type Time = ColumnType<Date, Date | undefined, Date>
type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>

export type CycleStatus = 'SCHEDULED' | 'PENDING' | 'PAID' | 'FAILED' | 'CANCELED'
export type AttemptStatus = 'PENDING' | 'PAID' | 'SOFT_DECLINED' | 'HARD_DECLINED' | 'UNKNOWN' | 'WAITING'

export interface SubscriptionsTables {
  subscription_plans: {
    id: Generated<string>
    store_id: string
    product_id: string
    name: string
    interval_unit: IntervalUnit
    interval_count: number
    price_cents: Cents
    trial_days: number
    max_cycles: number | null
    methods: Json<PlanMethod[]>
    active: boolean
    deleted_at: NullableTime
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  subscriptions: {
    id: Generated<string>
    store_id: string
    plan_id: string
    product_id: string
    status: SubscriptionStatus
    method: PlanMethod
    price_cents: Cents
    interval_unit: IntervalUnit
    interval_count: number
    max_cycles: number | null
    customer_name: string
    customer_email: string
    customer_phone: string
    customer_document: string
    first_order_id: string
    anchor_at: Date
    current_period_start: Date
    current_period_end: Date
    trial_end: NullableTime
    access_until: NullableTime
    cancel_at_period_end: Generated<boolean>
    canceled_at: NullableTime
    past_due_since: NullableTime
    created_at: Time
    updated_at: Time
  }
  subscription_cycles: {
    id: Generated<string>
    subscription_id: string
    store_id: string
    number: number
    status: CycleStatus
    period_start: Date
    period_end: Date
    due_at: Date
    amount_cents: Cents
    order_id: string | null
    paid_at: NullableTime
    next_attempt_at: NullableTime
    retries: Generated<number>
    lease_until: NullableTime
  }
  subscription_attempts: {
    id: Generated<string>
    cycle_id: string
    number: number
    idempotency_key: string
    status: AttemptStatus
    method: string
    amount_cents: Cents
    transaction_id: string | null
    decline_reason: string | null
    created_at: Date
    finished_at: NullableTime
  }
  subscription_events: {
    id: Generated<string>
    subscription_id: string
    type: string
    data: Json<Record<string, unknown>>
    at: Date
  }
  subscription_dunning: {
    store_id: string
    retry_days: Json<number[]>
    cancel_after_days: number
    grace_days: number
    updated_at: Generated<Date>
  }
  subscription_test_clocks: {
    store_id: string
    now: Date
    updated_at: Generated<Date>
  }
}

export type Db = Kysely<SubscriptionsTables> | Transaction<SubscriptionsTables>
export type Trx = Transaction<SubscriptionsTables>
