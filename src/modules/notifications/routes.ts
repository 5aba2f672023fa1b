import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { pageNumberQuery, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  emailDeliverySchema,
  emailPreviewSchema,
  emailSettingsAnswerSchema,
  emailSettingsSchema,
  mailboxItemSchema,
  mailboxMessageSchema,
  PREVIEW_KINDS,
} from '../../shared/notifications'
import { toDeliveryDto, toMailboxItem, toMailboxMessage, toSettingsDto } from './dto'
import { preview } from './previews'
import * as repo from './repository'
import * as service from './service'

const TAGS = ['notifications']
const params = storeParams
const pageQuery = pageNumberQuery({ maxLimit: 100, defaultLimit: 20 })
const DELIVERY_NOT_FOUND = 'Envio não encontrado'

/** The store's e-mail settings, previews and delivery log; the administrator's mailbox. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const deps = () => ({ db: app.db, config: app.config, log: app.log, jobs: app.jobs })

  app.get(
    '/stores/:storeId/emails/settings',
    { schema: { tags: TAGS, params, response: { 200: emailSettingsAnswerSchema } }, preHandler: ownStore },
    async (request) => toSettingsDto(request.store!.id, await service.settingsOf(deps(), request.store!.id)),
  )

  app.put(
    '/stores/:storeId/emails/settings',
    {
      schema: { tags: TAGS, params, body: emailSettingsSchema, response: { 200: emailSettingsAnswerSchema } },
      preHandler: ownStore,
    },
    async (request) => service.saveSettings(deps(), request.store!.id, request.body),
  )

  app.get(
    '/stores/:storeId/emails/previews/:kind',
    {
      schema: {
        tags: TAGS,
        params: z.object({ storeId: z.string(), kind: z.string() }),
        response: { 200: emailPreviewSchema },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const kind = PREVIEW_KINDS.find((k) => k === request.params.kind)
      if (!kind) throw new AppError(404, 'Modelo de e-mail não encontrado')
      return preview(deps(), request.store!.id, kind)
    },
  )

  app.get(
    '/stores/:storeId/emails/deliveries',
    {
      schema: {
        tags: TAGS,
        params,
        querystring: pageQuery,
        response: {
          200: z.object({ deliveries: z.array(emailDeliverySchema), total: z.number(), page: z.number() }),
        },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const { page, limit } = request.query
      const { rows, total } = await repo.listDeliveries(app.db, request.store!.id, page, limit)
      return { deliveries: rows.map(toDeliveryDto), total, page }
    },
  )

  app.post(
    '/stores/:storeId/emails/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: TAGS,
        params: z.object({ storeId: z.string(), deliveryId: z.string() }),
        response: { 202: emailDeliverySchema },
      },
      preHandler: ownStore,
    },
    async (request, reply) => {
      const id = request.params.deliveryId
      const row = isUuid(id) ? await service.resend(deps(), request.store!.id, id) : undefined
      if (!row) throw new AppError(404, DELIVERY_NOT_FOUND)
      return reply.status(202).send(toDeliveryDto(row))
    },
  )

  const admin = app.requireRole('ADMIN')
  app.get(
    '/admin/emails',
    {
      schema: {
        tags: TAGS,
        querystring: pageQuery.extend({ to: z.string().max(254).optional() }),
        response: {
          200: z.object({
            messages: z.array(mailboxItemSchema),
            total: z.number(),
            page: z.number(),
            smtpConfigured: z.boolean(),
          }),
        },
      },
      preHandler: admin,
    },
    async (request) => {
      const { page, limit, to } = request.query
      const { rows, total } = await repo.listMailbox(app.db, page, limit, to || undefined)
      return { messages: rows.map(toMailboxItem), total, page, smtpConfigured: Boolean(app.config.SMTP_URL) }
    },
  )

  app.get(
    '/admin/emails/:id',
    {
      schema: { tags: TAGS, params: z.object({ id: z.string() }), response: { 200: mailboxMessageSchema } },
      preHandler: admin,
    },
    async (request) => {
      const row = isUuid(request.params.id) ? await repo.findMailbox(app.db, request.params.id) : undefined
      if (!row) throw new AppError(404, 'Mensagem não encontrada')
      return toMailboxMessage(row)
    },
  )
}
