/**
 * The UTMify client: `POST {UTMIFY_API_URL}/orders` with the `x-api-token` header and the order body UTMify documents.
 * A timeout, a network failure or a 5xx is `unavailable` (worth a retry); a 4xx is `rejected` with UTMify's own text.
 */
import { PartnerError, postToPartner } from '../../platform/partner-post'
import type { UtmifyOrderBody } from './payload'

export const UTMIFY_TIMEOUT_MS = 10_000

export class UtmifyError extends PartnerError {
  override name = 'UtmifyError'
}

export interface UtmifyClient {
  sendOrder(apiToken: string, body: UtmifyOrderBody): Promise<{ httpStatus: number }>
}

export function utmifyClient(baseUrl: string, fetchImpl: typeof fetch = fetch): UtmifyClient {
  const url = `${baseUrl.replace(/\/+$/, '')}/orders`
  return {
    sendOrder: (apiToken, body) =>
      postToPartner(fetchImpl, {
        partner: 'UTMify',
        url,
        headers: { 'x-api-token': apiToken },
        body,
        timeoutMs: UTMIFY_TIMEOUT_MS,
        // UTMify answers errors as JSON with a message (or plain text).
        messageOf: (parsed) => {
          const { message, error } = parsed as { message?: unknown; error?: unknown }
          return message ?? error
        },
        error: UtmifyError,
      }),
  }
}
