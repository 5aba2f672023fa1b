import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatDate } from '../../shared/dates'
import { formatCents } from '../../shared/money'
import { formatDigitableLine } from './boleto'
import type { SandboxWireTransaction } from './dto'
import {
  applySandboxAction,
  findSandboxBoleto,
  postbackBody,
  SANDBOX_ACTIONS,
  SANDBOX_PREFIX,
  sandboxEnabled,
  sendPostback,
} from './sandbox'
import { handleSandboxRequest } from './sandbox-contract'

const TAGS = ['sandbox']

/**
 * Mounts the sandbox at /sandbox/ativopay/v1 (outside production, when no ATIVOPAY_API_URL is set). The contract
 * routes forward to the same handler the in-process transport uses; the simulation routes change a transaction
 * and POST the postback to its postbackUrl, as the real gateway would.
 */
export async function sandboxRoutes(fastify: FastifyInstance) {
  if (!sandboxEnabled(fastify.config)) return
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const forward = async (
    request: { method: string; url: string; headers: Record<string, unknown>; body?: unknown },
    reply: { status(code: number): { header(k: string, v: string): { send(b: string): unknown } } },
  ) => {
    const path = request.url.slice(SANDBOX_PREFIX.length)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(request.headers)) if (typeof v === 'string') headers[k] = v
    const res = await handleSandboxRequest(
      { db: fastify.db, config: fastify.config, jobs: fastify.jobs },
      {
        method: request.method as 'GET' | 'POST',
        path,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      },
    )
    return reply.status(res.status).header('content-type', 'application/json; charset=utf-8').send(res.body)
  }

  for (const url of ['/v1/transactions', '/v1/transactions/:id', '/v1/balance/available']) {
    app.get(`${SANDBOX_PREFIX}${url}`, { schema: { tags: TAGS } }, forward)
  }
  app.post(`${SANDBOX_PREFIX}/v1/transactions`, { schema: { tags: TAGS, body: z.unknown() } }, forward)
  app.post(
    `${SANDBOX_PREFIX}/v1/transactions/:id/refunds`,
    { schema: { tags: TAGS, params: z.object({ id: z.string() }), body: z.unknown() } },
    forward,
  )

  app.post(
    `${SANDBOX_PREFIX}/v1/transactions/:id/:action`,
    {
      schema: {
        tags: TAGS,
        params: z.object({ id: z.string(), action: z.enum(SANDBOX_ACTIONS) }),
        // ?postback=0 changes the charge without telling anyone: a lost postback, for reconciliation to find.
        querystring: z.object({ postback: z.enum(['0', '1']).optional() }),
        response: {
          200: z.object({
            data: z.record(z.string(), z.unknown()),
            postback: z.object({ delivered: z.boolean(), statusCode: z.number().nullable() }),
          }),
          '4xx': z.object({ statusCode: z.number(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const result = await applySandboxAction(fastify.db, request.params.id, request.params.action)
      if (!result.ok) return reply.status(result.status).send({ statusCode: result.status, message: result.message })
      const postback =
        request.query.postback === '0'
          ? { delivered: false, statusCode: null }
          : await deliverPostback(fastify, result.transaction)
      return { data: result.transaction, postback }
    },
  )

  app.get(
    `${SANDBOX_PREFIX}/v1/boletos/:id`,
    { schema: { tags: TAGS, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const t = await findSandboxBoleto(fastify.db, request.params.id)
      if (!t) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Boleto não encontrado' })
      return reply.type('text/html; charset=utf-8').send(boletoPage(t))
    },
  )
}

/** Sends the postback: in-process when it targets this server (PUBLIC_URL), over HTTP otherwise. */
async function deliverPostback(
  app: FastifyInstance,
  t: SandboxWireTransaction,
): Promise<{ delivered: boolean; statusCode: number | null }> {
  if (!t.postbackUrl) return { delivered: false, statusCode: null }
  const body = postbackBody(t)
  try {
    const target = new URL(t.postbackUrl)
    if (target.origin === new URL(app.config.publicUrl).origin) {
      const res = await app.inject({ method: 'POST', url: target.pathname + target.search, payload: body })
      return { delivered: res.statusCode < 300, statusCode: res.statusCode }
    }
    const res = await sendPostback(target, body)
    return { delivered: res.ok, statusCode: res.status }
  } catch (err) {
    app.log.warn({ err: (err as Error).message }, 'sandbox postback failed')
    return { delivered: false, statusCode: null }
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function boletoPage(t: SandboxWireTransaction): string {
  const line = formatDigitableLine(t.boleto?.digitableLine ?? '')
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Boleto (sandbox)</title>
<meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}
code{font-size:1.1rem;display:block;padding:1rem;background:#f3f4f6;border-radius:6px;word-break:break-all}</style></head>
<body><h1>Boleto bancário — sandbox AtivoPay</h1><p>Documento de teste, sem valor de pagamento.</p>
<p><strong>Valor:</strong> ${escapeHtml(formatCents(t.amount))} · <strong>Vencimento:</strong> ${escapeHtml(formatDate(`${t.boleto?.dueDate}T12:00:00Z`))}</p>
<p><strong>Linha digitável</strong></p><code>${escapeHtml(line)}</code>
<p>Status: ${escapeHtml(t.status)}</p></body></html>`
}
