import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
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

/** An upload written to a temporary file: its size and first bytes are known before anything reaches the storage. */
interface Spooled {
  file: string
  size: number
  head: Buffer
}

/**
 * Streams an upload to a temporary file, counting it and keeping its first bytes: S3 needs the length up front, the
 * type is judged by content before anything is stored, and an aborted upload leaves nothing behind. Memory stays at
 * one chunk whatever the file's size.
 */
async function spool(source: Readable, maxMb: number): Promise<Spooled> {
  const file = path.join(tmpdir(), `upload-${randomBytes(12).toString('hex')}`)
  let size = 0
  let head = Buffer.alloc(0)
  const reclaim = reclaimer()
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      reclaim(chunk.length)
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)])
      done(null, chunk)
    },
  })
  try {
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx' }))
    if ((source as Readable & { truncated?: boolean }).truncated) throw new AppError(413, fileTooLarge(maxMb))
    return { file, size, head }
  } catch (err) {
    await rm(file, { force: true })
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, fileTooLarge(maxMb))
    if (err instanceof AppError) throw err
    throw new AppError(400, FILE_ABORTED)
  }
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
  const spooled = await spool(upload.stream, upload.maxMb)
  try {
    if (spooled.size === 0) throw new AppError(400, FILE_EMPTY, { file: FILE_EMPTY })
    const contentType = detectDeliverableType(spooled.head)
    if (!contentType) throw new AppError(400, FILE_TYPE, { file: FILE_TYPE })
    const key = `products/${productId}/${randomBytes(16).toString('hex')}`
    await deps.storage.putFile(key, spooled.file, { size: spooled.size, contentType })
    try {
      return await repo.insertFile(deps.db, {
        store_id: storeId,
        product_id: productId,
        name: cleanFileName(upload.filename),
        content_type: contentType,
        size_bytes: spooled.size,
        storage_key: key,
      })
    } catch (err) {
      // the product went away meanwhile (or the row failed): the object must not stay orphaned
      await deps.storage.delete(key).catch(() => undefined)
      throw err
    }
  } finally {
    await rm(spooled.file, { force: true })
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
