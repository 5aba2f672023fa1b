import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { errorBody, optionalLimitOffsetQuery, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { productPatchSchema, productSchema, publicProductSchema, uploadResultSchema } from '../../shared/catalog'
import { storesService } from '../stores'
import { toProductDto, toPublicProductDto } from './dto'
import { productFileRoutes } from './file-routes'
import type { CatalogDeps } from './service'
import * as service from './service'
import {
  IMAGE_NAME,
  imageContentType,
  imageKey,
  NO_FILE,
  readMultipartForm,
  saveImage,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from './uploads'

const productParams = z.object({ storeId: z.string(), productId: z.string() })
const pageQuery = optionalLimitOffsetQuery({ maxLimit: 1000 })
/** JSON fields, or multipart with the same fields as text plus an `image` file. */
const productBody = productPatchSchema.nullish()

/** The form fields of a JSON or multipart request, and the image it carried (saved), if any. */
async function readProductForm(request: FastifyRequest): Promise<{ raw: Record<string, unknown>; imageUrl?: string }> {
  if (!request.isMultipart()) return { raw: (request.body as Record<string, unknown> | undefined) ?? {} }
  const form = await readMultipartForm(request, UPLOAD_PURPOSES.product, 'image')
  // the form is checked before the image is written, so a bad form leaves no orphan file
  const { image: _image, ...raw } = form.fields
  const patch = productPatchSchema.safeParse(raw)
  if (!patch.success) throw service.validationError(patch.error)
  const imageUrl = form.file ? await saveImage(request.server.storage, form.file.data) : undefined
  return { raw, imageUrl }
}

export async function catalogRoutes(fastify: FastifyInstance, deps: CatalogDeps = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const tags = ['products']

  app.get(
    '/stores/:storeId/products',
    {
      schema: { tags, params: storeParams, querystring: pageQuery, response: { 200: z.array(productSchema) } },
      preHandler: ownStore,
    },
    async (request) => {
      const rows = await service.listProducts(app.db, request.store!.id, request.query)
      return rows.map(toProductDto)
    },
  )

  app.post(
    '/stores/:storeId/products',
    {
      schema: { tags, params: storeParams, body: productBody, response: { 201: productSchema, 400: errorBody } },
      preHandler: ownStore,
    },
    async (request, reply) => {
      const { raw, imageUrl } = await readProductForm(request)
      const row = await service.createProduct(app.db, request.store!.id, raw, imageUrl, deps)
      return reply.status(201).send(toProductDto(row))
    },
  )

  // Public: a buyer's checkout reads the product without a token (a bad token is treated as none);
  // only the store's owner (or an admin) sees the digital file.
  app.get(
    '/stores/:storeId/products/:productId',
    {
      schema: {
        tags,
        params: productParams,
        response: { 200: z.union([productSchema, publicProductSchema]), 404: errorBody },
      },
      preHandler: app.optionalAuth,
    },
    async (request) => {
      const { storeId, productId } = request.params
      const row = await service.findProductRow(app.db, storeId, productId)
      if (!row) throw new AppError(404, service.PRODUCT_NOT_FOUND)
      const user = request.user
      if (user?.role === 'ADMIN') return toProductDto(row)
      if (user) {
        const store = await storesService.findStoreById(app.db, storeId)
        if (store?.user_id === user.id) return toProductDto(row)
      }
      return toPublicProductDto(row)
    },
  )

  const update = async (request: FastifyRequest) => {
    const { productId } = request.params as z.infer<typeof productParams>
    const { raw, imageUrl } = await readProductForm(request)
    const row = await service.updateProduct(app.db, request.store!.id, productId, raw, imageUrl, deps)
    return toProductDto(row)
  }
  const updateSchema = {
    tags,
    params: productParams,
    body: productBody,
    response: { 200: productSchema, 400: errorBody, 404: errorBody },
  }
  app.patch('/stores/:storeId/products/:productId', { schema: updateSchema, preHandler: ownStore }, update)
  app.put('/stores/:storeId/products/:productId', { schema: updateSchema, preHandler: ownStore }, update)

  app.delete(
    '/stores/:storeId/products/:productId',
    { schema: { tags, params: productParams, response: { 204: z.null(), 404: errorBody } }, preHandler: ownStore },
    async (request, reply) => {
      await service.deleteProduct(app.db, app.storage, request.store!.id, request.params.productId)
      return reply.status(204).send(null)
    },
  )

  await app.register(productFileRoutes)

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['uploads'],
        description: 'multipart field `file`; JPEG, PNG, GIF or WEBP (judged by content); 5 MB (logo: 2 MB)',
        querystring: z.object({ purpose: z.enum(['product', 'logo', 'banner']).optional() }),
        response: { 201: uploadResultSchema, 400: errorBody, 413: errorBody },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(400, NO_FILE)
      const purpose: UploadPurpose = request.query.purpose ?? 'product'
      const form = await readMultipartForm(request, UPLOAD_PURPOSES[purpose])
      if (!form.file) throw new AppError(400, NO_FILE)
      return reply.status(201).send({ url: await saveImage(app.storage, form.file.data) })
    },
  )
}

/** Uploaded images at /uploads/<random name>: never change, so cached for a year; never sniffed as anything else. */
/**
 * Serves uploaded images from the storage port (so every replica serves what any one received); images written to the
 * api's disk before the port existed are still read from UPLOADS_DIR. Names are ours (random hex), so no path from
 * outside ever reaches the disk or the bucket.
 */
export async function uploadsStaticRoutes(app: FastifyInstance) {
  app.get('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string }
    if (!IMAGE_NAME.test(name)) throw new AppError(404, 'Imagem não encontrada')
    const legacy = path.join(app.config.uploadsDir, name)
    const body = (await app.storage.get(imageKey(name))) ?? (existsSync(legacy) ? createReadStream(legacy) : undefined)
    if (!body) throw new AppError(404, 'Imagem não encontrada')
    return reply
      .header('content-type', imageContentType(name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body)
  })
}
