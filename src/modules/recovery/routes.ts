import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  RECOVERY_MESSAGES,
  recoveryEntrySchema,
  recoverySettingsSchema,
  recoverySummarySchema,
  restoredSessionSchema,
  sessionReportSchema,
} from '../../shared/recovery'
import { toSettingsDto } from './dto'
import { listRecovery, recoverySummary } from './screen'
import { reportSession, restoreSession, saveSettings, settingsOf, unsubscribe } from './sessions'
import { verifyUnsubscribe } from './tokens'

const tags = ['recovery']
const storeParams = z.object({ storeId: z.string() })

export async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deps = { db: app.db, jobs: app.jobs, config: app.config, log: app.log }
  const ownStore = requireStoreOwner(fastify)
  // A page reports a handful of times per visit (contact, steps, consent): more than this from one address is no human.
  const reportLimit = app.rateLimit({
    max: 30,
    timeWindow: 60_000,
    errorResponseBuilder: () => ({ statusCode: 429, message: RECOVERY_MESSAGES.tooMany }),
  })

  app.post(
    '/checkout/sessions',
    {
      schema: {
        tags,
        summary: "Reports the buyer's checkout session (contact, step, fields, consent; never card data)",
        body: sessionReportSchema,
      },
      preHandler: reportLimit,
    },
    async (request, reply) => {
      await reportSession(deps, request.body)
      return reply.status(204).send()
    },
  )

  app.get(
    '/checkout/recovery/:storeId',
    {
      schema: {
        tags,
        summary: "A recovery link's session, to fill the checkout page in (404: plain checkout)",
        params: storeParams,
        querystring: z.object({ token: z.string().max(600) }),
        response: { 200: restoredSessionSchema },
      },
      preHandler: reportLimit,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return restoreSession(deps, request.params.storeId, request.query.token)
    },
  )

  app.get(
    '/stores/:storeId/recovery',
    {
      schema: {
        tags,
        params: storeParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          offset: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: { 200: z.array(recoveryEntrySchema) },
      },
      preHandler: ownStore,
    },
    async (request) => listRecovery(app.db, app.config, request.store!.id, request.query),
  )

  app.get(
    '/stores/:storeId/recovery/summary',
    { schema: { tags, params: storeParams, response: { 200: recoverySummarySchema } }, preHandler: ownStore },
    async (request) => recoverySummary(app.db, request.store!.id),
  )

  app.get(
    '/stores/:storeId/recovery/settings',
    { schema: { tags, params: storeParams, response: { 200: recoverySettingsSchema } }, preHandler: ownStore },
    async (request) => toSettingsDto(await settingsOf(app.db, request.store!.id)),
  )

  app.put(
    '/stores/:storeId/recovery/settings',
    {
      schema: { tags, params: storeParams, body: recoverySettingsSchema, response: { 200: recoverySettingsSchema } },
      preHandler: ownStore,
    },
    async (request) => toSettingsDto(await saveSettings(app.db, request.store!.id, request.body)),
  )
}

const page = (title: string, body: string) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<body style="font-family:Arial,sans-serif;max-width:480px;margin:40px auto;padding:0 16px">${body}</body></html>`

/**
 * The opt-out page outside /api: GET shows a button (a link scanner opening the URL unsubscribes nobody), POST
 * unsubscribes — also the RFC 8058 one-click POST a mail client sends to the `List-Unsubscribe` address.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance) {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  const query = z.object({ t: z.string().max(600).default('') })
  fastify.get('/descadastro', async (request, reply) => {
    const { t } = query.parse(request.query)
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (!verifyUnsubscribe(fastify.config.APP_SECRET, t))
      return reply.status(404).send(page('Link inválido', '<p>Link inválido.</p>'))
    return page(
      'Cancelar lembretes',
      `<h1 style="font-size:20px">Cancelar lembretes</h1><p>Você não receberá mais lembretes de compra desta loja.</p>
<form method="post" action="/descadastro?t=${encodeURIComponent(t)}"><button type="submit" style="padding:10px 18px">Não quero mais receber lembretes</button></form>`,
    )
  })
  fastify.post('/descadastro', async (request, reply) => {
    const { t } = query.parse(request.query)
    const target = verifyUnsubscribe(fastify.config.APP_SECRET, t)
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (!target) return reply.status(404).send(page('Link inválido', '<p>Link inválido.</p>'))
    await unsubscribe(fastify.db, target)
    return page('Pronto', '<p>Pronto: você não receberá mais lembretes desta loja.</p>')
  })
}
