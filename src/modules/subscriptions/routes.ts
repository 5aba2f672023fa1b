import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { requireStoreOwner } from '../../platform/store-guard'
import type { PaymentsModuleDeps } from '../payments'
import { cancelSubscription, retryNow } from './actions'
import type { BillingDeps } from './billing'
import {
  buyerSubscriptionSchema,
  cancelInputSchema,
  dunningSchema,
  planInputSchema,
  planPatchSchema,
  planSchema,
  publicPlanSchema,
  selfServiceQuerySchema,
  subscriptionDetailSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionMetricsSchema,
  testClockInputSchema,
  testClockSchema,
  updateCardInputSchema,
  updateCardResultSchema,
} from './dto'
import { dunningOf, saveDunning } from './dunning'
import { pixAutomaticCheckoutRoutes } from './pix-automatic-checkout'
import { createPlan, deletePlan, listPlans, publicPlans, updatePlan } from './plans'
import { listSubscriptions, subscriptionDetail, subscriptionMetrics } from './reads'
import { buyerCancel, buyerView, updateCard } from './self-service'
import type { Db } from './tables'
import { moveTestClock, readTestClock } from './test-clock'

const tags = ['subscriptions']
const storeParams = z.object({ storeId: z.string() })
const productParams = storeParams.extend({ productId: z.string() })
const planParams = productParams.extend({ planId: z.string() })
const subParams = storeParams.extend({ id: z.string() })

export function subscriptionsRoutes(clock: Clock, moduleDeps: PaymentsModuleDeps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    const ownStore = requireStoreOwner(fastify)
    const db = app.db as unknown as Db
    const billing = (log = app.log): BillingDeps => ({
      db,
      clock,
      payments: {
        db: app.db,
        jobs: app.jobs,
        config: app.config,
        gatewayTransport: moduleDeps.gatewayTransport,
        log,
      } as BillingDeps['payments'],
    })
    const selfDeps = () => ({ ...billing(), secret: app.config.APP_SECRET })

    const plansUrl = '/stores/:storeId/products/:productId/plans'
    app.get(
      plansUrl,
      { schema: { tags, params: productParams, response: { 200: z.array(planSchema) } }, preHandler: ownStore },
      async (req) => listPlans(db, req.store!.id, req.params.productId),
    )
    app.post(
      plansUrl,
      {
        schema: { tags, params: productParams, body: planInputSchema, response: { 201: planSchema } },
        preHandler: ownStore,
      },
      async (req, reply) => reply.status(201).send(await createPlan(db, req.store!.id, req.params.productId, req.body)),
    )
    app.patch(
      `${plansUrl}/:planId`,
      {
        schema: { tags, params: planParams, body: planPatchSchema, response: { 200: planSchema } },
        preHandler: ownStore,
      },
      async (req) => updatePlan(db, req.store!.id, req.params.productId, req.params.planId, req.body),
    )
    app.delete(
      `${plansUrl}/:planId`,
      { schema: { tags, params: planParams }, preHandler: ownStore },
      async (req, reply) => {
        await deletePlan(db, req.store!.id, req.params.productId, req.params.planId)
        return reply.status(204).send()
      },
    )
    app.get(
      '/checkout/products/:productId/plans',
      {
        schema: {
          tags,
          summary: "A product's active plans, for the buyer's checkout",
          params: z.object({ productId: z.string() }),
          response: { 200: z.array(publicPlanSchema) },
        },
      },
      async (req) => publicPlans(db, clock, req.params.productId),
    )

    app.get(
      '/stores/:storeId/dunning',
      { schema: { tags, params: storeParams, response: { 200: dunningSchema } }, preHandler: ownStore },
      async (req) => dunningOf(db, req.store!.id),
    )
    app.put(
      '/stores/:storeId/dunning',
      {
        schema: { tags, params: storeParams, body: dunningSchema, response: { 200: dunningSchema } },
        preHandler: ownStore,
      },
      async (req) => saveDunning(db, req.store!.id, req.body),
    )

    app.get(
      '/stores/:storeId/subscriptions',
      {
        schema: {
          tags,
          params: storeParams,
          querystring: subscriptionListQuerySchema,
          response: { 200: subscriptionListSchema },
        },
        preHandler: ownStore,
      },
      async (req) => listSubscriptions(db, clock, req.store!.id, req.query),
    )
    app.get(
      '/stores/:storeId/subscriptions/metrics',
      { schema: { tags, params: storeParams, response: { 200: subscriptionMetricsSchema } }, preHandler: ownStore },
      async (req) => subscriptionMetrics(db, clock, req.store!.id),
    )
    app.get(
      '/stores/:storeId/subscriptions/:id',
      { schema: { tags, params: subParams, response: { 200: subscriptionDetailSchema } }, preHandler: ownStore },
      async (req) => subscriptionDetail(db, clock, req.store!.id, req.params.id),
    )
    app.post(
      '/stores/:storeId/subscriptions/:id/cancel',
      {
        schema: {
          tags,
          params: subParams,
          body: cancelInputSchema.optional(),
          response: { 200: subscriptionDetailSchema },
        },
        preHandler: ownStore,
      },
      async (req) => {
        await cancelSubscription({ db, clock }, req.store!.id, req.params.id, {
          atPeriodEnd: req.body?.atPeriodEnd ?? false,
          by: 'merchant',
        })
        return subscriptionDetail(db, clock, req.store!.id, req.params.id)
      },
    )
    app.post(
      '/stores/:storeId/subscriptions/:id/retry',
      { schema: { tags, params: subParams, response: { 200: subscriptionDetailSchema } }, preHandler: ownStore },
      async (req) => {
        await retryNow(billing(req.log), req.store!.id, req.params.id)
        return subscriptionDetail(db, clock, req.store!.id, req.params.id)
      },
    )

    app.get(
      '/stores/:storeId/test-clock',
      { schema: { tags, params: storeParams, response: { 200: testClockSchema } }, preHandler: ownStore },
      async (req) => readTestClock(billing(req.log), req.store!.id),
    )
    app.post(
      '/stores/:storeId/test-clock',
      {
        schema: { tags, params: storeParams, body: testClockInputSchema, response: { 200: testClockSchema } },
        preHandler: ownStore,
      },
      async (req) => moveTestClock(billing(req.log), req.store!.id, new Date(req.body.now)),
    )

    app.get(
      '/subscriptions/self',
      { schema: { tags, querystring: selfServiceQuerySchema, response: { 200: buyerSubscriptionSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store')
        return buyerView(selfDeps(), req.query.token)
      },
    )
    app.post(
      '/subscriptions/self/cancel',
      {
        schema: {
          tags,
          querystring: selfServiceQuerySchema,
          body: cancelInputSchema.optional(),
          response: { 200: buyerSubscriptionSchema },
        },
      },
      async (req) => buyerCancel(selfDeps(), req.query.token, req.body?.atPeriodEnd ?? false),
    )
    app.post(
      '/subscriptions/self/card',
      {
        schema: {
          tags,
          querystring: selfServiceQuerySchema,
          body: updateCardInputSchema,
          response: { 200: updateCardResultSchema },
        },
      },
      async (req) => updateCard(selfDeps(), req.query.token, req.body, req.ip),
    )
    await pixAutomaticCheckoutRoutes(fastify, billing)
  }
}
