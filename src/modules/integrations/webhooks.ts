/** Merchant webhook endpoints: registration, events, the secret (shown once, rotatable), the log, resend and test. */
import type { AppConfig } from '../../config'
import { decryptSecret, encryptSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import type { JobQueue } from '../../platform/jobs'
import { isUuid } from '../../shared/ids'
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookWithSecret,
  webhookInputSchema,
  webhookPatchSchema,
} from '../../shared/webhooks'
import { toWebhookDeliveryDto, toWebhookDto } from './dto'
import type { Db } from './tables'
import { checkWebhookUrl, newWebhookSecret } from './webhook-http'
import * as repo from './webhooks.repository'

export type WebhookDeps = { db: Db; config: AppConfig; jobs: Pick<JobQueue, 'enqueue'> }

export const WEBHOOK_DELIVER_JOB = 'integrations.webhook-deliver'
/** The old secret keeps signing, beside the new one, this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000

async function checkedUrl(deps: WebhookDeps, url: string): Promise<string> {
  const problem = await checkWebhookUrl(url, deps.config.NODE_ENV === 'production')
  if (problem) throw new AppError(400, problem, { url: problem })
  return url
}

function secretColumns(deps: WebhookDeps, secret: string) {
  return { secret_encrypted: encryptSecret(deps.config.APP_SECRET, secret), secret_hint: secret.slice(-4) }
}

async function ownEndpoint(deps: WebhookDeps, storeId: string, id: string) {
  const row = isUuid(id) ? await repo.findEndpoint(deps.db, storeId, id) : undefined
  if (!row) throw new AppError(404, WEBHOOK_MESSAGES.notFound)
  return row
}

export async function createWebhook(deps: WebhookDeps, storeId: string, raw: unknown): Promise<WebhookWithSecret> {
  const input = webhookInputSchema.parse(raw)
  const url = await checkedUrl(deps, input.url)
  const secret = newWebhookSecret()
  const row = await repo.insertEndpoint(deps.db, {
    store_id: storeId,
    url,
    events: [...new Set(input.events)],
    description: input.description || null,
    ...secretColumns(deps, secret),
    updated_at: new Date(),
  })
  return { ...toWebhookDto(row), secret }
}

export async function listWebhooks(deps: WebhookDeps, storeId: string): Promise<Webhook[]> {
  return (await repo.listEndpoints(deps.db, storeId)).map(toWebhookDto)
}

/** Changes the URL, the events or turns it on/off; turning a disabled endpoint on clears its notice. */
export async function updateWebhook(deps: WebhookDeps, storeId: string, id: string, raw: unknown): Promise<Webhook> {
  const input = webhookPatchSchema.parse(raw)
  const row = await ownEndpoint(deps, storeId, id)
  const url = input.url !== undefined ? await checkedUrl(deps, input.url) : row.url
  const updated = await repo.updateEndpoint(deps.db, row.id, {
    url,
    ...(input.events ? { events: [...new Set(input.events)] } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
    ...(input.active !== undefined
      ? {
          active: input.active,
          ...(input.active ? { disabled_at: null, disabled_reason: null, failing_since: null } : {}),
        }
      : {}),
  })
  return toWebhookDto(updated!)
}

export async function deleteWebhook(deps: WebhookDeps, storeId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteEndpoint(deps.db, storeId, id)))
    throw new AppError(404, WEBHOOK_MESSAGES.notFound)
}

/** A new secret, shown once; the old one still signs beside it for 24 h so receivers can switch without a gap. */
export async function rotateSecret(deps: WebhookDeps, storeId: string, id: string): Promise<WebhookWithSecret> {
  const row = await ownEndpoint(deps, storeId, id)
  const secret = newWebhookSecret()
  const updated = await repo.updateEndpoint(deps.db, row.id, {
    ...secretColumns(deps, secret),
    previous_secret_encrypted: row.secret_encrypted,
    previous_secret_until: new Date(Date.now() + ROTATION_OVERLAP_MS),
  })
  return { ...toWebhookDto(updated!), secret }
}

/** The secrets that sign a message now: the current one, and the previous one during its overlap. */
export function signingSecrets(config: AppConfig, row: repo.EndpointRow, now = new Date()): string[] {
  const secrets = [decryptSecret(config.APP_SECRET, row.secret_encrypted)]
  if (row.previous_secret_encrypted && row.previous_secret_until && row.previous_secret_until > now)
    secrets.push(decryptSecret(config.APP_SECRET, row.previous_secret_encrypted))
  return secrets
}

export async function listWebhookDeliveries(
  deps: WebhookDeps,
  storeId: string,
  id: string,
  page: number,
  limit: number,
): Promise<WebhookDeliveryList> {
  const row = await ownEndpoint(deps, storeId, id)
  const { rows, total } = await repo.listDeliveries(deps.db, row.id, page, limit)
  return { deliveries: rows.map(toWebhookDeliveryDto), page, total }
}

export async function queueDelivery(deps: Pick<WebhookDeps, 'jobs'>, row: repo.WebhookDeliveryRow, tag: string) {
  await deps.jobs.enqueue(WEBHOOK_DELIVER_JOB, { deliveryId: row.id }, { jobId: `webhook-${row.id}-${tag}` })
}

/** 'Reenviar': the same message (same webhook-id and body) once more, freshly signed. */
export async function resendDelivery(
  deps: WebhookDeps,
  storeId: string,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(deps, storeId, id)
  const delivery = isUuid(deliveryId) ? await repo.findDelivery(deps.db, deliveryId) : undefined
  if (!delivery || delivery.endpoint_id !== endpoint.id) throw new AppError(404, WEBHOOK_MESSAGES.deliveryNotFound)
  const reopened = (await repo.reopenDelivery(deps.db, delivery.id)) ?? delivery
  await queueDelivery(deps, reopened, `resend-${Date.now()}`)
  return toWebhookDeliveryDto(reopened)
}

/** 'Enviar teste': a `webhook.test` message through the same path as real events (signed, logged, retried). */
export async function sendTest(deps: WebhookDeps, storeId: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(deps, storeId, id)
  const eventId = `test-${crypto.randomUUID()}`
  const body = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: { message: 'Teste de webhook enviado pelo painel', endpointId: endpoint.id, storeId },
  })
  const [row] = await repo.insertDeliveries(deps.db, [
    { endpoint_id: endpoint.id, store_id: storeId, event_id: eventId, event_type: WEBHOOK_TEST_EVENT, body },
  ])
  await queueDelivery(deps, row!, 'a0')
  return toWebhookDeliveryDto(row!)
}
