/**
 * A JSON POST to a partner's API (UTMify, Meta's Conversions API), read the same way for each: a timeout, a network
 * failure or a 5xx is `unavailable` (worth a retry); a 4xx is `rejected` with the partner's own words, which the
 * merchant reads in the delivery log.
 */
export type PartnerErrorKind = 'rejected' | 'unavailable'

export class PartnerError extends Error {
  override name = 'PartnerError'
  constructor(
    public kind: PartnerErrorKind,
    message: string,
    public httpStatus: number | null,
  ) {
    super(message)
  }
}

export interface PartnerPost<E extends PartnerError> {
  /** The partner as the merchant knows it, in the messages of a failure ('UTMify', 'Meta'). */
  partner: string
  url: string
  headers: Record<string, string>
  body: unknown
  timeoutMs: number
  /** Where the partner puts its message in a JSON error answer. */
  messageOf(parsed: unknown): unknown
  /** The client's own error class, so callers keep telling the partners apart. */
  error: new (
    kind: PartnerErrorKind,
    message: string,
    httpStatus: number | null,
  ) => E
}

/** The partner's message from an error answer: its JSON message, else the raw text, else the bare status. */
function errorText(post: PartnerPost<PartnerError>, status: number, body: string): string {
  try {
    const text = post.messageOf(JSON.parse(body))
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 500)
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 500) || `${post.partner} respondeu HTTP ${status}`
}

/** Sends the POST and answers its status, or throws the client's error (see above). */
export async function postToPartner<E extends PartnerError>(
  fetchImpl: typeof fetch,
  post: PartnerPost<E>,
): Promise<{ httpStatus: number }> {
  let res: Response
  let text: string
  try {
    res = await fetchImpl(post.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...post.headers },
      body: JSON.stringify(post.body),
      signal: AbortSignal.timeout(post.timeoutMs),
    })
    text = await res.text()
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    const message = timedOut ? `${post.partner} não respondeu a tempo` : `${post.partner} indisponível`
    throw new post.error('unavailable', message, null)
  }
  if (res.status >= 500) throw new post.error('unavailable', errorText(post, res.status, text), res.status)
  if (res.status >= 400) throw new post.error('rejected', errorText(post, res.status, text), res.status)
  return { httpStatus: res.status }
}
