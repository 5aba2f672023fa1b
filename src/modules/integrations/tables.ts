import type { Generated, Kysely, Transaction } from 'kysely'
import type { DeliveryColumns } from '../../platform/delivery-claim'
import type { Timestamp } from '../../platform/tables'
import type { DeliveryState, UtmifyStatus } from '../../shared/integrations'
import type { WEBHOOK_DELIVERY_STATES } from '../../shared/webhooks'

type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]

export interface IntegrationsTables {
  utmify_configs: {
    store_id: string
    api_key_encrypted: string | null
    api_key_masked: string | null
    active: Generated<boolean>
    updated_at: Timestamp
  }
  utmify_deliveries: DeliveryColumns<DeliveryState> & {
    store_id: string
    order_id: string
    order_number: string
    status: UtmifyStatus
    is_test: Generated<boolean>
  }
  webhook_endpoints: {
    id: Generated<string>
    store_id: string
    url: string
    events: string[]
    description: string | null
    secret_encrypted: string
    secret_hint: string
    previous_secret_encrypted: string | null
    previous_secret_until: Date | null
    active: Generated<boolean>
    disabled_at: Date | null
    disabled_reason: string | null
    failing_since: Date | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  webhook_deliveries: DeliveryColumns<WebhookDeliveryState> & {
    endpoint_id: string
    store_id: string
    event_id: string
    event_type: string
    body: string
    duration_ms: number | null
    response_excerpt: string | null
    last_attempt_at: Date | null
    next_attempt_at: Date | null
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<IntegrationsTables>
export type Trx = Transaction<IntegrationsTables>
export type DbOrTrx = Db | Trx
