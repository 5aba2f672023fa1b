import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publicReadLimit, sendCacheable } from '../../platform/http-cache'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner, STORE_NOT_FOUND } from '../../platform/store-guard'
import { onlyDigits } from '../../shared/br'
import {
  addressValidationAnswerSchema,
  addressValidationSchema,
  CEP_LOOKUP_ERROR,
  CEP_NOT_FOUND,
  cepLookupSchema,
  customizationPreviewAnswerSchema,
  customizationPreviewSchema,
  customizationSchema,
  customizationUpdateSchema,
  publicCustomizationSchema,
} from '../../shared/checkout'
import { isUuid } from '../../shared/ids'
import { CepLookupError, createCepClient, validateAddress } from './address'
import * as customization from './customization'
import { findPublicCustomization } from './public-reads'
import { sanitizeCss, sanitizeHtml } from './sanitize'

/** Checkout customisation (owner and public) and the buyer's address helpers. */
export async function checkoutConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const cep = createCepClient(app.config.CEP_LOOKUP_URL)
  const buyerLimit = app.rateLimit({ max: 120, timeWindow: 60_000 })
  const publicRead = publicReadLimit()

  app.get(
    '/stores/:storeId/customization',
    {
      schema: { tags: ['customization'], params: storeParams, response: { 200: customizationSchema } },
      preHandler: ownStore,
    },
    async (request) => customization.getCustomization(app.db, request.store!.id),
  )

  app.patch(
    '/stores/:storeId/customization',
    {
      schema: {
        tags: ['customization'],
        params: storeParams,
        body: customizationUpdateSchema,
        response: { 200: customizationSchema },
      },
      preHandler: ownStore,
    },
    async (request) => customization.saveCustomization(app.db, request.store!.id, request.body),
  )

  // The owner's live preview shows merchant markup exactly as a buyer will get it, never raw: an admin may open it too.
  app.post(
    '/stores/:storeId/customization/preview',
    {
      schema: {
        tags: ['customization'],
        params: storeParams,
        body: customizationPreviewSchema,
        response: { 200: customizationPreviewAnswerSchema },
      },
      preHandler: ownStore,
    },
    async (request) => ({
      customHeaderHtml: sanitizeHtml(request.body.customHeaderHtml) || null,
      customFooterHtml: sanitizeHtml(request.body.customFooterHtml) || null,
      customCss: sanitizeCss(request.body.customCss) || null,
    }),
  )

  app.get(
    '/public/stores/:storeId/customization',
    {
      schema: {
        tags: ['customization'],
        description:
          'The checkout look for buyers; header, footer and CSS are sanitised, the CSS scoped to .checkout-custom.',
        params: storeParams,
        response: { 200: publicCustomizationSchema },
      },
      preHandler: publicRead,
    },
    async (request, reply) => {
      const { storeId } = request.params
      const look = isUuid(storeId)
        ? await app.publicConfig.answer(`look:${storeId}`, () => findPublicCustomization(app.db, storeId))
        : undefined
      if (!look) throw new AppError(404, STORE_NOT_FOUND)
      return sendCacheable(request, reply, look)
    },
  )

  app.post(
    '/checkout/validate-address',
    {
      schema: {
        tags: ['checkout'],
        body: addressValidationSchema,
        response: { 200: addressValidationAnswerSchema },
      },
      preHandler: buyerLimit,
    },
    async (request) => validateAddress(request.body),
  )

  app.get(
    '/checkout/cep/:cep',
    {
      schema: { tags: ['checkout'], params: z.object({ cep: z.string() }), response: { 200: cepLookupSchema } },
      preHandler: app.rateLimit({ max: 60, timeWindow: 60_000 }),
    },
    async (request) => {
      const digits = onlyDigits(request.params.cep)
      if (digits.length !== 8) throw new AppError(400, 'CEP deve ter 8 dígitos', { zipCode: 'CEP deve ter 8 dígitos' })
      try {
        return await cep.lookup(digits)
      } catch (err) {
        if (err instanceof CepLookupError && err.kind === 'not_found')
          throw new AppError(404, CEP_NOT_FOUND, undefined, 'CEP_NOT_FOUND')
        request.log.warn({ err }, 'cep lookup failed')
        throw new AppError(502, CEP_LOOKUP_ERROR)
      }
    },
  )
}
