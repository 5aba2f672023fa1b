/**
 * A local stand-in for Melhor Envio's API v2 (tests, the e2e), written from its public reference, never from our adapter:
 *   POST /api/v2/me/shipment/calculate  {from,to,products|package,options,services}  → one entry per service
 *   POST /api/v2/me/cart                {service,from,to,products,volumes,options}   → the cart item (status pending)
 *   POST /api/v2/me/shipment/checkout   {orders:[id]}                                → {purchase}  (status released)
 *   POST /api/v2/me/shipment/generate   {orders:[id]}                                → {id:{status,message}}
 *   POST /api/v2/me/shipment/print      {mode,orders:[id]}                           → {url}
 *   POST /api/v2/me/shipment/tracking   {orders:[id]}                                → {id:{status,tracking,…_at}}
 *   POST /api/v2/me/shipment/cancel     {order:{id,reason_id:2,description}}         → {id:{canceled:true}}
 *   GET  /api/v2/me/orders/search?q=    (Pesquisar etiqueta)                         → [order, …]
 * Amounts are reais as strings with two decimals ("23.45"), weights kilograms, sizes centimetres, days working days.
 *
 * Checked against the docs on 2026-11-28 (R = https://melhorenvio.readme.io/reference/, F = the FAQ
 * https://docs.melhorenvio.com.br/discuss?isFAQ=true, A = https://docs.melhorenvio.com.br/authentication.html,
 * G = https://docs.melhorenvio.com.br/docs/geracao-e-impressao-de-etiquetas-de-envio):
 * | endpoint        | doc                         | matches                                   | differs / fixed                       |
 * |-----------------|-----------------------------|-------------------------------------------|---------------------------------------|
 * | every call      | F, A, R introducao-api-     | POST + JSON; `Authorization: Bearer`      | FIXED: F says every request must carry |
 * |                 | melhor-envio (sandbox host) | else 401 `Unauthenticated.`; 422 Laravel  | `User-Agent: Aplicação (e-mail)`; the  |
 * |                 |                             | `{message,errors:{field:[…]}}`            | fake ignored it, now answers 400 when |
 * |                 |                             |                                           | it lacks "Name (e-mail)"; the status  |
 * |                 |                             |                                           | is not documented. `Accept`           |
 * |                 |                             |                                           | (docs' examples send application/json)|
 * |                 |                             |                                           | now recorded in `calls`, not enforced |
 * | calculate       | R calculo-de-fretes (page   | path, method, from/to.postal_code,        | not re-read this session: the page is |
 * |                 | not in the stored corpus)   | products[]|package, options.insurance_    | not in the search corpus; shapes kept |
 * |                 |                             | value, services "1,2"; array with `error` | as public callers use them            |
 * | cart            | R inserir-fretes-no-carrinho| path, method, service, from/to, products, | FIXED: docs require options.invoice.  |
 * |                 |                             | volumes, options.insurance_value          | key unless options.non_commercial is  |
 * |                 |                             |                                           | true, and a document (CPF) or         |
 * |                 |                             |                                           | company_document (CNPJ) per side: the |
 * |                 |                             |                                           | fake accepted neither rule, now 422   |
 * | checkout        | R compra-de-fretes          | path, method, {orders:[id]}, {purchase}   | not re-read (page not found in corpus)|
 * | generate        | R geracao-de-etiquetas; G   | path, method, {orders}, answer keyed by   | —                                     |
 * |                 |                             | id; G: only a paid (released) label is    |                                       |
 * |                 |                             | generated — the fake answers status false |                                       |
 * | print           | R impressao-de-etiquetas;   | path, {mode:'public',orders} → {url}; F:  | FIXED: G says the link comes only when |
 * |                 | G; F ("apenas retorna um    | the API only returns a print link         | every label was generated; the fake   |
 * |                 | link")                      |                                           | printed any id, now 422 (shape of the |
 * |                 |                             |                                           | error not documented)                 |
 * | tracking        | R rastreio-de-envios;       | {orders:[id]} → keyed by id with status,  | —                                     |
 * |                 | public callers (code)       | tracking, melhorenvio_tracking            |                                       |
 * | cancel          | R cancelamento-de-etiquetas | POST {order:{id, reason_id (always 2),    | re-read 2026-11-29: a posted or       |
 * |                 | (docs.melhorenvio.com.br/   | description}} → keyed by id {canceled:    | delivered label "may not be           |
 * |                 | reference/…)                | true}; a generated label is refunded in   | cancellable": the error's shape is not|
 * |                 |                             | 12 h (the fake gives the balance back at  | documented, the fake answers 422      |
 * |                 |                             | once)                                     | {message, errors:{'order.id':[…]}}    |
 * | orders/search   | R pesquisar-etiqueta;       | GET, `q` matched against id, protocol, a  | the answer's shape is not shown: the  |
 * | (2026-11-29)    | R listar-informacoes-de-    | participant's document/company_document,  | fake answers a JSON list of order     |
 * |                 | uma-etiqueta (the order)    | tracking, authorization_code — nothing    | objects (id, protocol, service_id,    |
 * |                 |                             | else (not the tags)                       | status, *_at, from, to, tags)         |
 * Our client (src/modules/shipping/melhor-envio-client.ts) already sent User-Agent, Accept and non_commercial; its
 * MeAddress.document was optional and is now required (the fulfilment service always filled it).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { boxOf, calculate, FAKE_SERVICES, isCep, reais } from './fake-melhor-envio-quotes'

export { FAKE_SERVICES } from './fake-melhor-envio-quotes'

export interface FakeMeCall {
  path: string
  token: string | undefined
  userAgent: string | undefined
  accept: string | undefined
  body: Record<string, unknown>
}

type MeStatus = 'pending' | 'released' | 'posted' | 'delivered' | 'canceled'

interface CartItem {
  id: string
  protocol: string
  service_id: number
  status: MeStatus
  price: string
  tracking: string | null
  created_at: string
  paid_at: string | null
  generated_at: string | null
  posted_at: string | null
  delivered_at: string | null
  canceled_at: string | null
  /** As the cart page took them: the participants (documents searchable) and our tags. */
  from: Record<string, unknown>
  to: Record<string, unknown>
  tags: { tag: string; url: string | null }[]
}

const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : '')

/** Pesquisar etiqueta: `q` is one of id, protocol, a participant's (company_)document, tracking. */
function matches(i: CartItem, q: string): boolean {
  if (q === '') return false
  if ([i.id, i.protocol, i.tracking].includes(q)) return true
  const docs = [i.from, i.to].flatMap((p) => [digits(p.document), digits(p.company_document)]).filter(Boolean)
  return docs.includes(digits(q))
}

export interface FakeMelhorEnvio {
  url: string
  calls: FakeMeCall[]
  /** Tokens the fake accepts (default: 'me-test-token'). */
  tokens: Set<string>
  /** Every answer waits this long (a slow Melhor Envio: the caller's timeout fires). */
  delay(ms: number): void
  /** These paths answer 503 until called again with none (Melhor Envio down for them). */
  outage(...paths: string[]): void
  /** Labels in the cart and bought, by id. */
  items: Map<string, CartItem>
  /** Moves a bought label along, as the carrier would (posted, delivered). */
  advance(id: string, status: 'posted' | 'delivered'): void
  /** The wallet: a purchase above it answers 422 (saldo insuficiente). */
  setBalance(reais: number): void
  close(): Promise<void>
}

function invalid(res: ServerResponse, errors: Record<string, string[]>) {
  send(res, 422, { message: 'The given data was invalid.', errors })
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let raw = ''
  for await (const chunk of req) raw += chunk
  if (raw === '') return {}
  try {
    const parsed = JSON.parse(raw)
    return parsed && typeof parsed === 'object' ? parsed : undefined
  } catch {
    return undefined
  }
}

export async function startFakeMelhorEnvio(): Promise<FakeMelhorEnvio> {
  const calls: FakeMeCall[] = []
  const tokens = new Set(['me-test-token'])
  const items = new Map<string, CartItem>()
  const labels = new Map<string, string>()
  let delayMs = 0
  let down = new Set<string>()
  let balance = 10_000
  let protocolSeq = 0
  let trackingSeq = 0
  let base = ''

  const ordersOf = (body: Record<string, unknown>, res: ServerResponse): CartItem[] | undefined => {
    const ids = body.orders
    if (!Array.isArray(ids) || ids.length === 0) {
      invalid(res, { orders: ['O campo orders é obrigatório.'] })
      return undefined
    }
    const found = ids.map((id) => items.get(String(id)))
    if (found.some((i) => !i)) {
      send(res, 404, { message: 'No query results for model [App\\Models\\Order].' })
      return undefined
    }
    return found as CartItem[]
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (req.method === 'GET' && path.startsWith('/imprimir/')) {
      if (!labels.has(path.slice('/imprimir/'.length))) return send(res, 404, { message: 'Not Found' })
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from('%PDF-1.4\n% etiqueta fake\n%%EOF\n'))
      return
    }
    const body = await readBody(req)
    const auth = req.headers.authorization
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined
    calls.push({ path, token, userAgent: req.headers['user-agent'], accept: req.headers.accept, body: body ?? {} })
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs))
    if (res.destroyed) return
    if (down.has(path)) return send(res, 503, { message: 'Service Unavailable' })
    const reading = req.method === 'GET' && path === '/api/v2/me/orders/search'
    if (req.method !== 'POST' && !reading) return send(res, 405, { message: 'Method Not Allowed' })
    if (!token || !tokens.has(token)) return send(res, 401, { message: 'Unauthenticated.' })
    // The FAQ: every request's User-Agent is "Aplicação (e-mail para contato técnico)"; fetch's default "node" is not.
    if (!/\S.*\(\S+@\S+\)/.test(req.headers['user-agent'] ?? ''))
      return send(res, 400, { message: 'User-Agent deve ser "Aplicação (e-mail para contato técnico)".' })
    if (!body) return send(res, 400, { message: 'Malformed JSON' })
    const now = new Date().toISOString()

    if (reading) {
      const q = new URL(req.url ?? '', 'http://fake').searchParams.get('q')?.trim() ?? ''
      const found = [...items.values()].filter((i) => matches(i, q))
      return send(
        res,
        200,
        found.map(({ price, ...i }) => ({ ...i, price: Number(price), authorization_code: null, self_tracking: null })),
      )
    }

    switch (path) {
      case '/api/v2/me/shipment/calculate': {
        const errors: Record<string, string[]> = {}
        if (!isCep((body.from as { postal_code?: unknown })?.postal_code))
          errors['from.postal_code'] = ['O campo from.postal code é obrigatório.']
        if (!isCep((body.to as { postal_code?: unknown })?.postal_code))
          errors['to.postal_code'] = ['O campo to.postal code é obrigatório.']
        const box = boxOf(body)
        if (!('weight' in box)) Object.assign(errors, box)
        if (Object.keys(errors).length > 0) return invalid(res, errors)
        return send(res, 200, calculate(body))
      }
      case '/api/v2/me/cart': {
        const service = Number(body.service)
        const errors: Record<string, string[]> = {}
        if (!FAKE_SERVICES.some((s) => s.id === service)) errors.service = ['O serviço selecionado é inválido.']
        for (const side of ['from', 'to'] as const) {
          const a = body[side] as Record<string, unknown> | undefined
          for (const f of ['name', 'address', 'city', 'postal_code'])
            if (!a || typeof a[f] !== 'string' || a[f] === '')
              errors[`${side}.${f}`] = [`O campo ${side}.${f} é obrigatório.`]
          // The cart page: a person sends `document` (CPF), a company `company_document` (CNPJ).
          const doc = a?.document ?? a?.company_document
          if (typeof doc !== 'string' || doc.replace(/\D/g, '') === '')
            errors[`${side}.document`] = [`O campo ${side}.document é obrigatório.`]
        }
        // The cart page: options.invoice.key is required unless the shipment is non-commercial (declaração).
        const opts = (body.options ?? {}) as { non_commercial?: unknown; invoice?: { key?: unknown } }
        if (opts.non_commercial !== true && !(typeof opts.invoice?.key === 'string' && opts.invoice.key !== ''))
          errors['options.invoice.key'] = ['O campo options.invoice.key é obrigatório.']
        const volumes = body.volumes as Record<string, unknown>[] | undefined
        if (!Array.isArray(volumes) || volumes.length === 0) errors.volumes = ['O campo volumes é obrigatório.']
        if (Object.keys(errors).length > 0) return invalid(res, errors)
        const v = volumes![0]!
        const [quote] = calculate({
          from: body.from,
          to: body.to,
          package: v,
          options: body.options,
          services: String(service),
        })
        if (!quote || 'error' in quote) return invalid(res, { service: [quote?.error ?? 'Serviço indisponível.'] })
        const item: CartItem = {
          id: randomUUID(),
          protocol: `ORD-2026${String(++protocolSeq).padStart(8, '0')}`,
          service_id: service,
          status: 'pending',
          price: quote.price,
          tracking: null,
          created_at: now,
          paid_at: null,
          generated_at: null,
          posted_at: null,
          delivered_at: null,
          canceled_at: null,
          from: body.from as Record<string, unknown>,
          to: body.to as Record<string, unknown>,
          tags: (((body.options as { tags?: unknown })?.tags ?? []) as { tag?: unknown; url?: unknown }[]).map((t) => ({
            tag: String(t.tag ?? ''),
            url: typeof t.url === 'string' ? t.url : null,
          })),
        }
        items.set(item.id, item)
        return send(res, 201, {
          ...item,
          quote: Number(quote.price),
          delivery_min: quote.delivery_range.min,
          delivery_max: quote.delivery_range.max,
        })
      }
      case '/api/v2/me/shipment/checkout': {
        const found = ordersOf(body, res)
        if (!found) return
        const total = found.filter((i) => i.status === 'pending').reduce((s, i) => s + Number(i.price), 0)
        if (total > balance) return invalid(res, { orders: ['Saldo insuficiente.'] })
        balance -= total
        for (const i of found) if (i.status === 'pending') Object.assign(i, { status: 'released', paid_at: now })
        return send(res, 200, {
          purchase: {
            id: randomUUID(),
            protocol: `PUR-2026${String(protocolSeq).padStart(8, '0')}`,
            total: reais(total),
            discount: '0.00',
            status: 'paid',
            paid_at: now,
            orders: found,
          },
        })
      }
      case '/api/v2/me/shipment/generate': {
        const found = ordersOf(body, res)
        if (!found) return
        const answer: Record<string, { status: boolean; message: string }> = {}
        for (const i of found) {
          if (i.status === 'pending') {
            answer[i.id] = { status: false, message: 'Envio não pago.' }
            continue
          }
          if (!i.tracking) {
            i.tracking = `AA${String(100_000_000 + ++trackingSeq)}BR`
            i.generated_at = now
          }
          answer[i.id] = { status: true, message: 'Envio gerado com sucesso' }
        }
        return send(res, 200, answer)
      }
      case '/api/v2/me/shipment/print': {
        const found = ordersOf(body, res)
        if (!found) return
        // The generation guide: the link is returned only when every label asked for was generated.
        if (found.some((i) => !i.generated_at))
          return invalid(res, { orders: ['Todas as etiquetas precisam estar geradas para impressão.'] })
        const key = randomUUID().replace(/-/g, '')
        labels.set(key, found.map((i) => i.id).join(','))
        return send(res, 200, { url: `${base}/imprimir/${key}` })
      }
      case '/api/v2/me/shipment/tracking': {
        const found = ordersOf(body, res)
        if (!found) return
        return send(
          res,
          200,
          Object.fromEntries(
            found.map((i) => [
              i.id,
              {
                id: i.id,
                protocol: i.protocol,
                status: i.status,
                tracking: i.tracking,
                melhorenvio_tracking: i.tracking ? `ME${i.tracking}` : null,
                created_at: i.created_at,
                paid_at: i.paid_at,
                generated_at: i.generated_at,
                posted_at: i.posted_at,
                delivered_at: i.delivered_at,
                canceled_at: i.canceled_at,
                expired_at: null,
              },
            ]),
          ),
        )
      }
      case '/api/v2/me/shipment/cancel': {
        const order = (body.order ?? {}) as { id?: unknown; reason_id?: unknown; description?: unknown }
        const errors: Record<string, string[]> = {}
        if (typeof order.id !== 'string' || order.id === '') errors['order.id'] = ['O campo order.id é obrigatório.']
        // The reference: reason_id is always 2 for a label cancelled through the API.
        if (String(order.reason_id) !== '2') errors['order.reason_id'] = ['O campo order.reason_id é inválido.']
        if (typeof order.description !== 'string' || order.description.trim() === '')
          errors['order.description'] = ['O campo order.description é obrigatório.']
        if (Object.keys(errors).length > 0) return invalid(res, errors)
        const item = items.get(order.id as string)
        if (!item) return send(res, 404, { message: 'No query results for model [App\\Models\\Order].' })
        if (item.status !== 'pending' && item.status !== 'released')
          return invalid(res, { 'order.id': ['Esta etiqueta não pode mais ser cancelada.'] })
        if (item.status === 'released') balance += Number(item.price)
        Object.assign(item, { status: 'canceled', canceled_at: now })
        return send(res, 200, { [item.id]: { canceled: true } })
      }
      default:
        return send(res, 404, { message: 'Not Found' })
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Server Error' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  return {
    url: base,
    calls,
    tokens,
    items,
    delay(ms) {
      delayMs = ms
    },
    outage(...paths) {
      down = new Set(paths)
    },
    advance(id, status) {
      const item = items.get(id)
      if (!item) throw new Error(`no label ${id}`)
      const now = new Date().toISOString()
      if (status === 'posted') Object.assign(item, { status, posted_at: now })
      else Object.assign(item, { status, posted_at: item.posted_at ?? now, delivered_at: now })
    },
    setBalance(n) {
      balance = n
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
