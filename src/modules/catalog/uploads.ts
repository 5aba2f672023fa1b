import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors'
import type { Storage } from '../../platform/storage'
import { detectImageType, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, MSG } from '../../shared/catalog'

export const UPLOAD_PURPOSES = {
  product: { maxBytes: IMAGE_MAX_BYTES, tooLarge: MSG.imageSize },
  logo: { maxBytes: 2 * 1024 * 1024, tooLarge: 'A imagem deve ter no máximo 2MB' },
  banner: { maxBytes: 5 * 1024 * 1024, tooLarge: 'A imagem do banner deve ter no máximo 5MB' },
} as const
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES

export const NO_FILE = 'Nenhum arquivo de imagem enviado.'

export interface MultipartForm {
  fields: Record<string, string>
  file?: { fieldname: string; data: Buffer }
}

/**
 * Reads a multipart request: text fields and at most one file, held in memory (it is 5 MB at most).
 * A file over `maxBytes` is 413 with `tooLarge`, whichever limit (ours or the platform's) cut it.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limit: { maxBytes: number; tooLarge: string },
  fileField?: string,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {} }
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value
        continue
      }
      const data = await part.toBuffer()
      if (part.file.truncated) throw new AppError(413, limit.tooLarge)
      // a form without a chosen file still sends an empty part
      if (data.length === 0 && !part.filename) continue
      if (!form.file && (fileField === undefined || part.fieldname === fileField)) {
        form.file = { fieldname: part.fieldname, data }
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, limit.tooLarge)
    throw err
  }
  return form
}

const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const
/** The public name of an uploaded image: ours are 32 hex digits and a known extension, nothing else is served. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/
const IMAGES_PREFIX = 'images'
export const imageKey = (name: string) => `${IMAGES_PREFIX}/${name}`
export const imageContentType = (name: string) => IMAGE_TYPES[name.split('.').pop() as keyof typeof IMAGE_TYPES]

/**
 * Saves an image under a random name in the storage port (the local folder or the bucket every replica shares) after
 * checking its first bytes; answers its public path, which the api serves from the storage.
 */
export async function saveImage(storage: Storage, data: Buffer): Promise<string> {
  const type = detectImageType(data)
  if (!type) throw new AppError(400, MSG.imageType, { file: MSG.imageType })
  const name = `${randomBytes(16).toString('hex')}.${IMAGE_EXTENSIONS[type]}`
  await storage.put(imageKey(name), Readable.from([data]), { size: data.length, contentType: type })
  return `/uploads/${name}`
}

/**
 * The images written to the api's disk (UPLOADS_DIR) before the storage port, as `npm run storage:migrate` copies
 * them: under the keys the /uploads route reads first, so they keep loading once the api points at the bucket.
 */
export const legacyImagesSource = (uploadsDir: string) => ({
  folder: uploadsDir,
  prefix: IMAGES_PREFIX,
  accept: (name: string) => IMAGE_NAME.test(name),
  contentType: imageContentType,
})
