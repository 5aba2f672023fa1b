/**
 * The HTTP layer under every gateway client (AtivoPay's gateway-client.ts, Asaas's asaas-adapter.ts): the transport
 * (HTTP, or a direct call for the built-in sandbox), what a network failure means for a charge, typed errors with
 * Portuguese messages, and one JSON exchange.
 */
export type GatewayErrorKind = 'unauthorized' | 'invalid' | 'unavailable' | 'malformed' | 'not_found' | 'other'

export class GatewayError extends Error {
  override name = 'GatewayError'
  constructor(
    public kind: GatewayErrorKind,
    message: string,
    public httpStatus?: number,
    /** The request never reached the gateway (refused, reset before sending, DNS): nothing can have been created. */
    public connectFailed?: boolean,
  ) {
    super(message)
  }

  /** A plain object that survives a job boundary (BullMQ keeps only strings of thrown errors). */
  toJSON(): SerializedGatewayError {
    return { kind: this.kind, message: this.message, httpStatus: this.httpStatus, connectFailed: this.connectFailed }
  }

  static from(e: SerializedGatewayError) {
    return new GatewayError(e.kind, e.message, e.httpStatus, e.connectFailed)
  }
}

export interface SerializedGatewayError {
  kind: GatewayErrorKind
  message: string
  httpStatus?: number
  connectFailed?: boolean
}

// ---- transport -------------------------------------------------------------------------------------------------

export interface WireRequest {
  /** DELETE: Asaas removes a payment or ends a PIX Automático authorisation with it. */
  method: 'GET' | 'POST' | 'DELETE'
  /** Path below the base, starting with /v1. */
  path: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
}

export interface WireResponse {
  status: number
  body: string
}

/** How requests reach the gateway: HTTP in general, a direct call for the built-in sandbox. */
export type GatewayTransport = (req: WireRequest) => Promise<WireResponse>

/**
 * Network trouble of any kind (refused, reset, DNS, timeout): the gateway is unavailable. `mayHaveArrived`: a
 * timeout or a connection cut after sending — the gateway may have acted on it, so nobody may assume nothing was
 * created. A refused connection or an unknown host never reached it.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    public mayHaveArrived = true,
  ) {
    super(message)
  }
}

const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

export function httpTransport(baseUrl: string, fetchImpl: typeof fetch = fetch): GatewayTransport {
  const base = baseUrl.replace(/\/+$/, '')
  return async (req) => {
    let res: Response
    try {
      res = await fetchImpl(`${base}${req.path}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: AbortSignal.timeout(req.timeoutMs),
      })
      return { status: res.status, body: await res.text() }
    } catch (err) {
      const code = (err as { cause?: { code?: unknown } }).cause?.code
      throw new TransportError(
        err instanceof Error ? err.message : String(err),
        !(typeof code === 'string' && NEVER_SENT.has(code)),
      )
    }
  }
}

/** One JSON exchange: the answer's status and parsed body (undefined when empty or not JSON), whatever the status. */
export async function sendJson(
  transport: GatewayTransport,
  req: Omit<WireRequest, 'body'> & { body?: unknown },
  messages: { unavailable: string; malformed: string },
): Promise<{ status: number; json: unknown }> {
  const headers = req.body === undefined ? req.headers : { ...req.headers, 'content-type': 'application/json' }
  let res: WireResponse
  try {
    res = await transport({
      ...req,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    })
  } catch (err) {
    if (err instanceof GatewayError) throw err
    const connectFailed = err instanceof TransportError && !err.mayHaveArrived
    throw new GatewayError('unavailable', messages.unavailable, undefined, connectFailed)
  }
  let json: unknown
  try {
    json = res.body ? JSON.parse(res.body) : undefined
  } catch {
    json = undefined
  }
  // A success must carry an object: anything else cannot be read as a charge.
  if (res.status >= 200 && res.status < 300 && (json === undefined || typeof json !== 'object' || json === null))
    throw new GatewayError('malformed', messages.malformed, res.status)
  return { status: res.status, json }
}
