/**
 * Meta's Conversions API: `POST {FACEBOOK_GRAPH_URL}/{version}/{pixelId}/events` with the events and the access
 * token in the JSON body (not the URL, so no proxy or access log keeps it). A timeout, a network failure or a 5xx is
 * `unavailable` (worth a retry); a 4xx is `rejected` with Meta's own message.
 */
import { PartnerError, postToPartner } from '../../platform/partner-post'

export const GRAPH_TIMEOUT_MS = 10_000

export class GraphError extends PartnerError {
  override name = 'GraphError'
}

export interface CapiEvent {
  event_name: string
  event_time: number
  event_id: string
  action_source: 'website'
  event_source_url: string
  user_data: Record<string, string | string[]>
  custom_data: Record<string, unknown>
}

export interface CapiRequest {
  data: CapiEvent[]
  test_event_code?: string
}

export interface GraphClient {
  sendEvents(pixelId: string, accessToken: string, body: CapiRequest): Promise<{ httpStatus: number }>
}

export function graphClient(baseUrl: string, version: string, fetchImpl: typeof fetch = fetch): GraphClient {
  const root = `${baseUrl.replace(/\/+$/, '')}/${version}`
  return {
    sendEvents: (pixelId, accessToken, body) =>
      postToPartner(fetchImpl, {
        partner: 'Meta',
        url: `${root}/${encodeURIComponent(pixelId)}/events`,
        headers: {},
        body: { ...body, access_token: accessToken },
        timeoutMs: GRAPH_TIMEOUT_MS,
        // Meta answers `{ error: { message, error_user_msg?, code } }`; the user message is the clearer one.
        messageOf: (parsed) => {
          const { error } = parsed as { error?: { message?: unknown; error_user_msg?: unknown } }
          return error?.error_user_msg ?? error?.message
        },
        error: GraphError,
      }),
  }
}
