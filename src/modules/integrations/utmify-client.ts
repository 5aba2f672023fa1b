/**
 * The UTMify client: `POST {UTMFY_API_URL}/orders` with the `x-api-token` header and the order body UTMify documents.
 * A timeout, a network failure or a 5xx is `unavailable` (worth a retry); a 4xx is `rejected` with UTMify's own text.
 */
import type { UtmfyOrderBody } from './payload'

export const UTMFY_TIMEOUT_MS = 10_000

export type UtmifyErrorKind = 'rejected' | 'unavailable'

export class UtmifyError extends Error {
  override name = 'UtmifyError'
  constructor(
    public kind: UtmifyErrorKind,
    message: string,
    public httpStatus: number | null,
  ) {
    super(message)
  }
}

/** UTMify answers errors as JSON with a message (or plain text); the message is what the merchant sees. */
function errorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown }
    const text = parsed.message ?? parsed.error
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 500)
  } catch {
    // not JSON: fall through to the raw text
  }
  const raw = body.trim().slice(0, 500)
  return raw || `UTMify respondeu HTTP ${status}`
}

export interface UtmifyClient {
  sendOrder(apiToken: string, body: UtmfyOrderBody): Promise<{ httpStatus: number }>
}

export function utmifyClient(baseUrl: string, fetchImpl: typeof fetch = fetch): UtmifyClient {
  const url = `${baseUrl.replace(/\/+$/, '')}/orders`
  return {
    async sendOrder(apiToken, body) {
      let res: Response
      let text: string
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-token': apiToken },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(UTMFY_TIMEOUT_MS),
        })
        text = await res.text()
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        throw new UtmifyError('unavailable', timedOut ? 'UTMify não respondeu a tempo' : 'UTMify indisponível', null)
      }
      if (res.status >= 500) throw new UtmifyError('unavailable', errorText(res.status, text), res.status)
      if (res.status >= 400) throw new UtmifyError('rejected', errorText(res.status, text), res.status)
      return { httpStatus: res.status }
    },
  }
}
