import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { errorBody } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { deliverableSettingsSchema, productFileSchema, productFilesOrderSchema } from '../../shared/deliverables'
import { toProductFileDto } from './dto'
import * as files from './files'

const productParams = z.object({ storeId: z.string(), productId: z.string() })
const fileParams = productParams.extend({ fileId: z.string() })

/** The merchant's side of a product's deliverables: upload (streamed to the storage), list, reorder, remove, settings. */
export async function productFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const tags = ['products']
  const deps = () => ({ db: app.db, storage: app.storage })

  app.get(
    '/stores/:storeId/products/:productId/files',
    {
      schema: { tags, params: productParams, response: { 200: z.array(productFileSchema), 404: errorBody } },
      preHandler: ownStore,
    },
    async (request) => {
      const rows = await files.listFiles(app.db, request.store!.id, request.params.productId)
      return rows.map(toProductFileDto)
    },
  )

  app.post(
    '/stores/:storeId/products/:productId/files',
    {
      schema: {
        tags,
        description: 'multipart field `file`: PDF, EPUB, ZIP, MP3 or MP4 (judged by content), up to UPLOAD_FILE_MAX_MB',
        params: productParams,
        response: { 201: productFileSchema, 400: errorBody, 404: errorBody, 413: errorBody },
      },
      preHandler: ownStore,
    },
    async (request, reply) => {
      const storeId = request.store!.id
      // a foreign or unknown product is refused before a byte of its upload is read
      await files.requireProduct(app.db, storeId, request.params.productId)
      if (!request.isMultipart()) throw new AppError(400, files.NO_DELIVERABLE)
      const maxMb = app.config.UPLOAD_FILE_MAX_MB
      const part = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1 } })
      if (!part) throw new AppError(400, files.NO_DELIVERABLE)
      const row = await files.addFile(deps(), storeId, request.params.productId, {
        stream: part.file,
        filename: part.filename,
        maxMb,
      })
      return reply.status(201).send(toProductFileDto(row))
    },
  )

  app.patch(
    '/stores/:storeId/products/:productId/files/order',
    {
      schema: {
        tags,
        description: "`ids`: exactly the product's files, in the order the buyer sees them",
        params: productParams,
        body: productFilesOrderSchema,
        response: { 200: z.array(productFileSchema), 400: errorBody, 404: errorBody },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const rows = await files.reorderFiles(app.db, request.store!.id, request.params.productId, request.body.ids)
      return rows.map(toProductFileDto)
    },
  )

  app.get(
    '/stores/:storeId/products/:productId/files/settings',
    {
      schema: { tags, params: productParams, response: { 200: deliverableSettingsSchema, 404: errorBody } },
      preHandler: ownStore,
    },
    async (request) => files.deliverableSettings(app.db, request.store!.id, request.params.productId),
  )

  app.put(
    '/stores/:storeId/products/:productId/files/settings',
    {
      schema: {
        tags,
        params: productParams,
        body: deliverableSettingsSchema,
        response: { 200: deliverableSettingsSchema, 400: errorBody, 404: errorBody },
      },
      preHandler: ownStore,
    },
    async (request) => files.setDeliverableSettings(app.db, request.store!.id, request.params.productId, request.body),
  )

  app.delete(
    '/stores/:storeId/products/:productId/files/:fileId',
    { schema: { tags, params: fileParams, response: { 204: z.null(), 404: errorBody } }, preHandler: ownStore },
    async (request, reply) => {
      const { productId, fileId } = request.params
      await files.removeFile(deps(), request.store!.id, productId, fileId)
      return reply.status(204).send(null)
    },
  )
}
