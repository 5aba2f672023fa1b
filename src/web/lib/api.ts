import type { ErrorCode } from '../../shared/error-codes'

/**
 * The one HTTP client of the SPA. Adds the bearer token, normalises errors to { message, status, data, errors, code }
 * and turns the session's 401 into a logout (the session module registers the handler).
 */
export const DEFAULT_ERROR_MESSAGE = 'Ocorreu um erro inesperado'
export const TOKEN_KEY = 'token'

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public data?: unknown,
    public errors?: Record<string, string>,
    /** The server's stable machine code (shared/error-codes.ts); screens decide by it, never by the message. */
    public code?: ErrorCode,
  ) {
    super(message)
  }
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler | undefined

/** The session registers how to react to a 401 (clear token and user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined) {
  onUnauthorized = handler
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  query?: Record<string, string | number | boolean | undefined | null>
  headers?: Record<string, string>
  /** Default 10 s, as the spec's general timeout. */
  timeoutMs?: number
  /** false: do not send the token and do not treat 401 as a logout (public pages). */
  auth?: boolean
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin)
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
  const headers: Record<string, string> = { ...opts.headers }
  const token = opts.auth === false ? null : localStorage.getItem(TOKEN_KEY)
  if (token) headers.authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) body = opts.body
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  let res: Response
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    })
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === 'TimeoutError'
    throw new ApiError(
      timeout ? 'Tempo de resposta esgotado. Tente novamente.' : 'Não foi possível conectar ao servidor.',
      0,
    )
  }
  const text = await res.text()
  const data = text ? safeJson(text) : undefined
  if (!res.ok) {
    const payload = (data ?? {}) as { message?: string; errors?: Record<string, string>; code?: ErrorCode }
    // Only the session's own 401 logs out: a 401 about something else (a gateway refusing the store's key) says
    // why in its code, and the merchant stays signed in.
    const sessionEnded = res.status === 401 && (payload.code ?? 'UNAUTHENTICATED') === 'UNAUTHENTICATED'
    if (sessionEnded && opts.auth !== false && token) onUnauthorized?.()
    throw new ApiError(payload.message || DEFAULT_ERROR_MESSAGE, res.status, data, payload.errors, payload.code)
  }
  return data as T
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }),
}
