import { UTMIFY_PLATFORM, type UtmifyConfig, type UtmifyDelivery } from '../../shared/integrations'
import type { Webhook, WebhookDelivery } from '../../shared/webhooks'
import type * as repo from './repository'
import type * as webhooksRepo from './webhooks.repository'

export function toConfigDto(storeId: string, row: repo.UtmifyConfigRow | undefined): UtmifyConfig {
  return {
    storeId,
    utmfyApiKey: row?.api_key_masked ?? '',
    hasApiKey: Boolean(row?.api_key_encrypted),
    utmfyActive: row?.active ?? false,
    platform: UTMIFY_PLATFORM,
  }
}

export function toDeliveryDto(row: repo.DeliveryRow): UtmifyDelivery {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    status: row.status,
    state: row.state,
    attempts: row.attempts,
    httpStatus: row.http_status,
    error: row.error,
    isTest: row.is_test,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }
}

/** The Standard Webhooks message id of a delivery (`webhook-id`), stable across its retries. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`

export function toWebhookDto(row: webhooksRepo.EndpointRow): Webhook {
  const overlap = row.previous_secret_until && row.previous_secret_until > new Date() ? row.previous_secret_until : null
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    active: row.active,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    secretHint: `whsec_…${row.secret_hint}`,
    previousSecretUntil: overlap?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }
}

export function toWebhookDeliveryDto(row: webhooksRepo.WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: messageIdOf(row.id),
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    httpStatus: row.http_status,
    durationMs: row.duration_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  }
}
