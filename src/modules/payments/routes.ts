import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  healthSchema,
  PAYMENT_STATUSES,
  paymentConfigInputSchema,
  paymentConfigSchema,
  publicPaymentMethodsSchema,
  transactionRequestSchema,
  transactionSchema,
} from '../../shared/payments'
import { accountRoutes } from './accounts-routes'
import * as configService from './config-service'
import { toTransactionDto } from './dto'
import type { PaymentsModuleDeps } from './gateway'
import { paymentMethodsRoutes } from './public-routes'
import * as repo from './repository'
import { createCharge, SYNC_JOB } from './service'
import { receivePostback } from './status'

const TAGS = ['payments']
const TRANSACTION_NOT_FOUND = 'Transação não encontrada'
const storeQuery = z.object({ storeId: z.string().optional() })

export async function paymentRoutes(fastify: FastifyInstance, module: PaymentsModuleDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  /** The owner check for a store named in the body or the x-store-id header (the spec's proxy calls). */
  const ownStoreFrom =
    (pick: (request: FastifyRequest) => unknown, force = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as { storeId?: unknown }
      if (force) query.storeId = pick(request)
      else query.storeId ??= pick(request)
      await ownStore(request, reply)
    }
  const deps = {
    db: app.db,
    config: app.config,
    jobs: app.jobs,
    log: app.log,
    gatewayTransport: module.gatewayTransport,
  }

  app.get(
    '/payment/ativo-pay/payment-config',
    {
      schema: { tags: TAGS, querystring: storeQuery, response: { 200: paymentConfigSchema } },
      preHandler: ownStore,
    },
    async (request) => configService.getConfig(deps, request.store!.id),
  )

  app.post(
    '/payment/ativo-pay/payment-config',
    {
      schema: {
        tags: TAGS,
        querystring: storeQuery,
        body: paymentConfigInputSchema.extend({ storeId: z.string().optional() }),
        response: { 200: paymentConfigSchema },
      },
      // The token first: an anonymous caller gets 401, not the body's validation rules.
      onRequest: app.authenticate,
      preHandler: ownStoreFrom((r) => (r.body as { storeId?: string }).storeId),
    },
    async (request) => configService.saveConfig(deps, request.store!.id, request.body),
  )

  app.get(
    '/payment/ativo-pay/health',
    { schema: { tags: TAGS, querystring: storeQuery, response: { 200: healthSchema } }, preHandler: ownStore },
    async (request) => configService.checkHealth(deps, request.store!.id),
  )

  // Tests a key typed in the form before it is saved; nothing is stored.
  app.post(
    '/payment/ativo-pay/health',
    {
      schema: {
        tags: TAGS,
        querystring: storeQuery,
        body: z.object({ storeId: z.string().optional(), apiKey: z.string().trim().max(200).optional() }),
        response: { 200: healthSchema },
      },
      // The token first: an anonymous caller gets 401, not the body's validation rules.
      onRequest: app.authenticate,
      preHandler: ownStoreFrom((r) => (r.body as { storeId?: string }).storeId),
    },
    async (request) => {
      const candidate = request.body.apiKey
      const useCandidate = candidate && !candidate.includes('•')
      return configService.checkHealth(deps, request.store!.id, useCandidate ? candidate : undefined)
    },
  )

  app.get(
    '/stores/:storeId/payment-settings',
    {
      schema: {
        tags: TAGS,
        params: storeParams,
        response: {
          200: z.object({
            storeId: z.string(),
            ativoPay: z.object({
              apiKey: z.string().nullable(),
              configured: z.boolean(),
              active: z.boolean(),
              webhookUrl: z.string(),
            }),
            paymentMethods: publicPaymentMethodsSchema,
          }),
        },
      },
      preHandler: ownStore,
    },
    async (request) => configService.paymentSettings(deps, request.store!.id),
  )

  await app.register(paymentMethodsRoutes)
  await accountRoutes(fastify, module)

  app.post(
    '/payment/ativo-pay/transaction',
    {
      schema: {
        tags: TAGS,
        querystring: storeQuery,
        body: transactionRequestSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            transactionId: z.string(),
            gatewayId: z.string(),
            status: z.string(),
            paymentMethod: z.string(),
            qrCode: z.string().nullable(),
            paymentUrl: z.string().nullable(),
            boletoLine: z.string().nullable(),
            pixExpiresAt: z.string().nullable(),
            sandbox: z.boolean(),
            data: transactionSchema,
          }),
        },
      },
      // The token first: an anonymous caller gets 401, not the body's validation rules.
      onRequest: app.authenticate,
      preHandler: ownStoreFrom((r) => (r.body as { storeId?: string }).storeId ?? r.headers['x-store-id']),
    },
    async (request, reply) => {
      const b = request.body
      // A test charge can never name an order: its reference lives in the `test:` namespace and its purpose is
      // TEST, which ordering ignores whatever the reference says.
      const result = await createCharge(
        deps,
        {
          storeId: request.store!.id,
          orderRef: `test:${b.orderRef ?? randomUUID()}`,
          amountCents: b.amount,
          method: b.paymentMethod,
          customer: {
            name: b.customer.name,
            email: b.customer.email,
            phone: b.customer.phone,
            document: b.customer.document.number,
          },
          items: b.items.map((i) => ({
            title: i.title,
            unitPriceCents: i.unitPrice,
            quantity: i.quantity,
            tangible: i.tangible,
            externalRef: i.externalRef,
          })),
          card: b.card,
          installments: b.installments,
          ip: b.ip ?? request.ip,
          metadata: { source: 'test-ativo-pay' },
        },
        'TEST',
      )
      const row = (await repo.findTransaction(app.db, result.transactionId))!
      return reply.status(201).send({
        success: true as const,
        transactionId: result.transactionId,
        gatewayId: result.gatewayId,
        status: result.status,
        paymentMethod: result.method,
        qrCode: result.pixCode,
        paymentUrl: result.paymentUrl,
        boletoLine: result.boletoLine,
        pixExpiresAt: result.pixExpiresAt,
        sandbox: result.sandbox,
        data: toTransactionDto(row),
      })
    },
  )

  app.get(
    '/payment/ativo-pay/transaction/:id',
    {
      schema: { tags: TAGS, params: z.object({ id: z.string() }), response: { 200: transactionSchema } },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const id = request.params.id
      const row = isUuid(id) ? await repo.findTransaction(app.db, id) : undefined
      if (!row) throw new AppError(404, TRANSACTION_NOT_FOUND)
      try {
        await ownStoreFrom(() => row.store_id, true)(request, reply)
      } catch {
        throw new AppError(404, TRANSACTION_NOT_FOUND)
      }
      // Fresh status from the gateway (15 s); what we stored is still an answer if the gateway is away.
      if (row.gateway_id) {
        await app.jobs.run(SYNC_JOB, { transactionId: row.id }, { timeoutMs: 15_000 }).catch((err) => {
          request.log.warn({ err: (err as Error).message }, 'transaction refresh failed')
        })
      }
      return toTransactionDto((await repo.findTransaction(app.db, id))!)
    },
  )

  app.get(
    '/payment/ativo-pay/transactions',
    {
      schema: {
        tags: TAGS,
        querystring: z.object({
          storeId: z.string().optional(),
          status: z.enum([...PAYMENT_STATUSES, 'CREATING', 'FAILED']).optional(),
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            data: z.array(transactionSchema),
            page: z.number(),
            limit: z.number(),
            total: z.number(),
            totalPages: z.number(),
          }),
        },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const { page, limit, status } = request.query
      const { rows, total } = await repo.listTransactions(app.db, { storeId: request.store!.id, status, page, limit })
      return { data: rows.map(toTransactionDto), page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) }
    },
  )

  // Public: the gateway calls it. The body is only a hint of which transaction to re-read from the gateway.
  app.post(
    '/payment/ativo-pay/webhook/callback',
    {
      schema: { tags: TAGS, body: z.unknown(), response: { 200: z.object({ received: z.literal(true) }) } },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request) => {
      await receivePostback({ ...deps, log: request.log }, request.body)
      return { received: true as const }
    },
  )
}
