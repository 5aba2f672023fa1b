import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { reclaimer, type Storage } from '../../platform/storage'
import { isUuid } from '../../shared/ids'
import { toDeliverable } from './dto'
import { productFileRemoved } from './events'
import { cleanFileName, detectDeliverableType, SNIFF_BYTES } from './file-types'
import * as repo from './files.repository'
import * as products from './repository'
import { PRODUCT_NOT_FOUND } from './service'
import type { Db, DbOrTrx } from './tables'

export const FILE_NOT_FOUND = 'Arquivo não encontrado'
export const NO_DELIVERABLE = 'Nenhum arquivo enviado.'
export const FILE_EMPTY = 'O arquivo está vazio.'
export const FILE_TYPE = 'Tipo de arquivo não aceito. Envie PDF, EPUB, ZIP, MP3 ou MP4.'
export const FILE_ABORTED = 'O envio do arquivo foi interrompido. Tente de novo.'
export const fileTooLarge = (maxMb: number) => `O arquivo deve ter no máximo ${maxMb} MB.`

/** Why an upload's own stream failed: the client went away, or it was cut at the size limit. */
class UploadSourceError extends Error {
  constructor(readonly reason: AppError) {
    super(reason.message)
  }
}

/**
 * An upload as it arrives: its first bytes read ahead (the type is judged by content before anything is stored), then
 * the whole of it streamed on, counted, to the storage. No copy on the api's disk and no buffer of the file: an S3
 * bucket gets it in parts while it still arrives. A failure of the upload itself (the client went away half-way, or
 * the size limit cut it) fails the stream, so the storage keeps nothing (local: no half file; S3: the multipart upload
 * aborted).
 */
async function openUpload(source: Readable, maxMb: number) {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const ahead: Buffer[] = []
  let size = 0
  const fail = (err: unknown): never => {
    if (err instanceof AppError) throw new UploadSourceError(err)
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new UploadSourceError(new AppError(413, fileTooLarge(maxMb)))
    throw new UploadSourceError(new AppError(400, FILE_ABORTED))
  }
  const next = () => chunks.next().catch(fail)
  let done = false
  let headLength = 0
  while (headLength < SNIFF_BYTES) {
    const r = await next()
    if (r.done) {
      done = true
      break
    }
    ahead.push(r.value)
    headLength += r.value.length
  }
  const head = Buffer.concat(ahead).subarray(0, SNIFF_BYTES)
  // busboy ends a file cut at the size limit like a whole one, only marked truncated: that must fail the stream
  const checkWhole = () => {
    if ((source as Readable & { truncated?: boolean }).truncated) fail(new AppError(413, fileTooLarge(maxMb)))
  }
  const reclaim = reclaimer()
  async function* rest() {
    try {
      for (const c of ahead) {
        size += c.length
        yield c
      }
      ahead.length = 0
      if (done) return checkWhole()
      for (;;) {
        const r = await next()
        if (r.done) return checkWhole()
        size += r.value.length
        reclaim(r.value.length)
        yield r.value
      }
    } finally {
      // the storage gave up (or finished): whatever is left of the request is not read into memory
      if (!done) await chunks.return?.().catch(() => undefined)
    }
  }
  return { head, empty: done && headLength === 0, body: Readable.from(rest(), { objectMode: false }), size: () => size }
}

/** The upload's own failure as the answer it deserves; anything else (the storage's) as it is. */
function uploadError(err: unknown): unknown {
  return err instanceof UploadSourceError ? err.reason : err
}

export async function requireProduct(db: DbOrTrx, storeId: string, productId: string) {
  const product = isUuid(productId) ? await products.findProduct(db, storeId, productId) : undefined
  if (!product) throw new AppError(404, PRODUCT_NOT_FOUND)
  return product
}

export async function listFiles(db: DbOrTrx, storeId: string, productId: string) {
  await requireProduct(db, storeId, productId)
  return repo.listFiles(db, storeId, productId)
}

/** Checks, stores and records one uploaded deliverable; on any failure nothing is kept. */
export async function addFile(
  deps: { db: Db; storage: Storage },
  storeId: string,
  productId: string,
  upload: { stream: Readable; filename: string | undefined; maxMb: number },
) {
  const incoming = await openUpload(upload.stream, upload.maxMb).catch((err) => {
    throw uploadError(err)
  })
  if (incoming.empty) throw new AppError(400, FILE_EMPTY, { file: FILE_EMPTY })
  const contentType = detectDeliverableType(incoming.head)
  if (!contentType) {
    incoming.body.destroy()
    throw new AppError(400, FILE_TYPE, { file: FILE_TYPE })
  }
  const key = `products/${productId}/${randomBytes(16).toString('hex')}`
  try {
    await deps.storage.put(key, incoming.body, { contentType })
  } catch (err) {
    throw uploadError(err)
  }
  try {
    return await repo.insertFile(deps.db, {
      store_id: storeId,
      product_id: productId,
      name: cleanFileName(upload.filename),
      content_type: contentType,
      size_bytes: incoming.size(),
      storage_key: key,
    })
  } catch (err) {
    // the product went away meanwhile (or the row failed): the object must not stay orphaned
    await deps.storage.delete(key).catch(() => undefined)
    throw err
  }
}

export async function removeFile(deps: { db: Db; storage: Storage }, storeId: string, productId: string, id: string) {
  if (!isUuid(id) || !isUuid(productId)) throw new AppError(404, FILE_NOT_FOUND)
  const row = await deps.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteFile(trx, storeId, productId, id)
    if (deleted) await publish(trx, productFileRemoved, { fileId: id, productId, storeId })
    return deleted
  })
  if (!row) throw new AppError(404, FILE_NOT_FOUND)
  await deps.storage.delete(row.storage_key)
}

export async function deliverablesOf(db: DbOrTrx, productIds: string[]) {
  const ids = [...new Set(productIds.filter(isUuid))]
  return (await repo.listFilesOfProducts(db, ids)).map(toDeliverable)
}

export async function findDeliverable(db: DbOrTrx, fileId: string) {
  const row = isUuid(fileId) ? await repo.findFile(db, fileId) : undefined
  return row && toDeliverable(row)
}

export const ORDER_MISMATCH = 'A nova ordem deve conter exatamente os arquivos do produto, cada um uma vez.'

/** Puts the product's files in the order given: the ids must be exactly its files (no more, no fewer, no repeats). */
export async function reorderFiles(db: Db, storeId: string, productId: string, ids: string[]) {
  return db.transaction().execute(async (trx) => {
    await requireProduct(trx, storeId, productId)
    const current = await repo.listFiles(trx, storeId, productId)
    const known = new Set(current.map((f) => f.id))
    const exact = ids.length === known.size && new Set(ids).size === ids.length && ids.every((id) => known.has(id))
    if (!exact) throw new AppError(400, ORDER_MISMATCH, { ids: ORDER_MISMATCH })
    await repo.setPositions(trx, productId, ids)
    return repo.listFiles(trx, storeId, productId)
  })
}

export async function deliverableSettings(db: DbOrTrx, storeId: string, productId: string) {
  const product = await requireProduct(db, storeId, productId)
  return { stampPdfs: product.stamp_pdfs }
}

export async function setDeliverableSettings(
  db: Db,
  storeId: string,
  productId: string,
  input: { stampPdfs: boolean },
) {
  await requireProduct(db, storeId, productId)
  await repo.setStampPdfs(db, storeId, productId, input.stampPdfs)
  return { stampPdfs: input.stampPdfs }
}
