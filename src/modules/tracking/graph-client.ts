/**
 * Meta's Conversions API: `POST {FACEBOOK_GRAPH_URL}/{version}/{pixelId}/events` with the events and the access
 * token in the JSON body (not the URL, so no proxy or access log keeps it). A timeout, a network failure or a 5xx is
 * `unavailable` (worth a retry); a 4xx is `rejected` with Meta's own message.
 */
export const GRAPH_TIMEOUT_MS = 10_000

export type GraphErrorKind = 'rejected' | 'unavailable'

export class GraphError extends Error {
  override name = 'GraphError'
  constructor(
    public kind: GraphErrorKind,
    message: string,
    public httpStatus: number | null,
  ) {
    super(message)
  }
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

/** Meta answers `{ error: { message, error_user_msg?, code } }`; the user message is the clearer one. */
function errorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; error_user_msg?: unknown } }
    const text = parsed.error?.error_user_msg ?? parsed.error?.message
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 500)
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 500) || `Meta respondeu HTTP ${status}`
}

export interface GraphClient {
  sendEvents(pixelId: string, accessToken: string, body: CapiRequest): Promise<{ httpStatus: number }>
}

export function graphClient(baseUrl: string, version: string, fetchImpl: typeof fetch = fetch): GraphClient {
  const root = `${baseUrl.replace(/\/+$/, '')}/${version}`
  return {
    async sendEvents(pixelId, accessToken, body) {
      let res: Response
      let text: string
      try {
        res = await fetchImpl(`${root}/${encodeURIComponent(pixelId)}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, access_token: accessToken }),
          signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
        })
        text = await res.text()
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        throw new GraphError('unavailable', timedOut ? 'Meta não respondeu a tempo' : 'Meta indisponível', null)
      }
      if (res.status >= 500) throw new GraphError('unavailable', errorText(res.status, text), res.status)
      if (res.status >= 400) throw new GraphError('rejected', errorText(res.status, text), res.status)
      return { httpStatus: res.status }
    },
  }
}
