/**
 * Melhor Envio's API v2 (https://docs.melhorenvio.com.br), the calls we make: quote, then for a label cart → checkout
 * → generate → print, tracking, and cancelling a label bought by mistake. Base URL from MELHOR_ENVIO_API_URL (sandbox: https://sandbox.melhorenvio.com.br).
 * The merchant's token travels only in the Authorization header and never enters a message or a log line.
 */
import { PartnerError } from '../../platform/partner-post'

/** A quote must never hold the checkout up: past this the store's zone table answers (issue 38). */
export const QUOTE_TIMEOUT_MS = 5_000
/** Buying a label is the merchant's click, not the buyer's: it may wait longer. */
export const LABEL_TIMEOUT_MS = 20_000
/** Melhor Envio asks every integration to name itself and a technical contact in the User-Agent. */
const USER_AGENT = 'CheckoutPlatform (suporte@checkout.local)'

export class MelhorEnvioError extends PartnerError {
  override name = 'MelhorEnvioError'
}

export interface MePackage {
  /** kilograms */
  weight: number
  /** centimetres */
  height: number
  width: number
  length: number
}

export interface MeQuoteEntry {
  id: number
  name: string
  /** Reais with two decimals, as a string ("23.45"); absent when the service answered `error`. */
  price?: string
  custom_price?: string
  delivery_time?: number
  custom_delivery_time?: number
  error?: string
  company?: { id: number; name: string; picture?: string }
}

export interface MeAddress {
  name: string
  phone?: string
  email?: string
  /** CPF (a person) — the cart page requires it (a company would send company_document instead). */
  document: string
  address: string
  complement?: string
  number: string
  district: string
  city: string
  state_abbr: string
  country_id: 'BR'
  postal_code: string
}

export interface MeTracking {
  id: string
  status: string
  tracking: string | null
  posted_at: string | null
  delivered_at: string | null
}

/**
 * A label as Melhor Envio lists it (the order object of 'Listar informações de uma etiqueta'), the fields we read:
 * its status (pending = in the cart, not paid; released = paid; posted; delivered; canceled), when it was paid and
 * generated, and the tags we sent with it (our order number).
 */
export interface MeOrder {
  id: string
  protocol: string | null
  service_id: number | null
  status: string
  tracking: string | null
  paid_at: string | null
  generated_at: string | null
  tags?: { tag: string; url?: string | null }[] | null
}

export interface MelhorEnvioClient {
  calculate(
    token: string,
    req: { from: string; to: string; package: MePackage; insuranceValue: number; services: number[] },
  ): Promise<MeQuoteEntry[]>
  addToCart(
    token: string,
    req: {
      service: number
      from: MeAddress
      to: MeAddress
      products: { name: string; quantity: number; unitary_value: number }[]
      volume: MePackage
      insuranceValue: number
      orderTag: string
    },
  ): Promise<{ id: string; protocol: string }>
  checkout(token: string, ids: string[]): Promise<void>
  generate(token: string, ids: string[]): Promise<Record<string, { status: boolean; message?: string }>>
  print(token: string, ids: string[]): Promise<{ url: string }>
  tracking(token: string, ids: string[]): Promise<Record<string, MeTracking>>
  /** The label's PDF from the print URL. */
  download(url: string): Promise<Buffer>
  /**
   * Cancels one label (cancelamento de etiquetas): refused once the carrier was told of the pickup or the parcel was
   * posted; a generated label's price comes back to the wallet within 12 hours.
   */
  cancel(token: string, id: string, description: string): Promise<void>
  /**
   * Pesquisar etiqueta (GET /api/v2/me/orders/search?q=): the reference says `q` is matched against one of id,
   * protocol, a participant's document or company_document, the carrier's tracking code or the authorization code.
   */
  search(token: string, q: string): Promise<MeOrder[]>
}

/** The reference: a label cancelled through the API always carries reason_id 2. */
const CANCEL_REASON_ID = '2'

/** Melhor Envio's 422 carries `errors: {field: [text]}`; its other errors a `message` or `error`. */
function messageOf(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown; errors?: Record<string, unknown> }
    const first = parsed.errors && Object.values(parsed.errors).flat()[0]
    const text = typeof first === 'string' ? first : (parsed.message ?? parsed.error)
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 300)
  } catch {
    // not JSON
  }
  return `Melhor Envio respondeu HTTP ${status}`
}

export function melhorEnvioClient(baseUrl: string, fetchImpl: typeof fetch = fetch): MelhorEnvioClient {
  const root = baseUrl.replace(/\/+$/, '')
  async function post<T>(path: string, token: string, body: unknown, timeoutMs = LABEL_TIMEOUT_MS): Promise<T> {
    return call<T>('POST', path, token, body, timeoutMs)
  }
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body: unknown,
    timeoutMs = LABEL_TIMEOUT_MS,
  ): Promise<T> {
    let res: Response
    let text: string
    try {
      res = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          authorization: `Bearer ${token}`,
          'user-agent': USER_AGENT,
        },
        body: method === 'POST' ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = await res.text()
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
      throw new MelhorEnvioError(
        'unavailable',
        timedOut ? 'Melhor Envio não respondeu a tempo' : 'Melhor Envio indisponível',
        null,
      )
    }
    if (res.status === 401) throw new MelhorEnvioError('rejected', 'Token do Melhor Envio inválido ou expirado', 401)
    if (res.status >= 500) throw new MelhorEnvioError('unavailable', messageOf(text, res.status), res.status)
    if (res.status >= 400) throw new MelhorEnvioError('rejected', messageOf(text, res.status), res.status)
    try {
      return JSON.parse(text) as T
    } catch {
      throw new MelhorEnvioError('unavailable', 'Resposta inválida do Melhor Envio', res.status)
    }
  }
  return {
    async calculate(token, req) {
      const answer = await post<unknown>(
        '/api/v2/me/shipment/calculate',
        token,
        {
          from: { postal_code: req.from },
          to: { postal_code: req.to },
          package: req.package,
          options: { insurance_value: req.insuranceValue, receipt: false, own_hand: false },
          services: req.services.join(','),
        },
        QUOTE_TIMEOUT_MS,
      )
      if (!Array.isArray(answer)) throw new MelhorEnvioError('unavailable', 'Resposta inválida do Melhor Envio', 200)
      return answer as MeQuoteEntry[]
    },
    async addToCart(token, req) {
      return post('/api/v2/me/cart', token, {
        service: req.service,
        from: req.from,
        to: req.to,
        products: req.products,
        volumes: [req.volume],
        options: {
          insurance_value: req.insuranceValue,
          receipt: false,
          own_hand: false,
          reverse: false,
          // No invoice key: the platform sells as a declaration of contents (non-commercial) unless told otherwise.
          non_commercial: true,
          tags: [{ tag: req.orderTag }],
        },
      })
    },
    async checkout(token, ids) {
      await post('/api/v2/me/shipment/checkout', token, { orders: ids })
    },
    generate: (token, ids) => post('/api/v2/me/shipment/generate', token, { orders: ids }),
    print: (token, ids) => post('/api/v2/me/shipment/print', token, { mode: 'public', orders: ids }),
    tracking: (token, ids) => post('/api/v2/me/shipment/tracking', token, { orders: ids }),
    async cancel(token, id, description) {
      const answer = await post<Record<string, { canceled?: unknown } | undefined>>(
        '/api/v2/me/shipment/cancel',
        token,
        { order: { id, reason_id: CANCEL_REASON_ID, description: description.slice(0, 255) } },
      )
      // Answered 200 but not cancelled: the label stands, and the merchant must hear so.
      if (answer?.[id]?.canceled !== true)
        throw new MelhorEnvioError('rejected', 'Melhor Envio não cancelou a etiqueta', 200)
    },
    async search(token, q) {
      const answer = await call<unknown>('GET', `/api/v2/me/orders/search?q=${encodeURIComponent(q)}`, token, undefined)
      // The reference shows no example answer: a list, or a page of one ({ data: [...] }) as its listing answers.
      const list = Array.isArray(answer) ? answer : (answer as { data?: unknown } | null)?.data
      if (!Array.isArray(list)) throw new MelhorEnvioError('unavailable', 'Resposta inválida do Melhor Envio', 200)
      return list as MeOrder[]
    },
    async download(url) {
      try {
        const res = await fetchImpl(url, { signal: AbortSignal.timeout(LABEL_TIMEOUT_MS) })
        if (!res.ok) throw new MelhorEnvioError('unavailable', `Etiqueta indisponível (HTTP ${res.status})`, res.status)
        return Buffer.from(await res.arrayBuffer())
      } catch (err) {
        if (err instanceof MelhorEnvioError) throw err
        throw new MelhorEnvioError('unavailable', 'Não foi possível baixar a etiqueta', null)
      }
    },
  }
}
