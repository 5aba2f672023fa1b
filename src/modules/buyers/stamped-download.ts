import { Readable } from 'node:stream'
import type { Clock } from '../../platform/clock'
import type { Storage } from '../../platform/storage'
import { STAMP_MAX_MB } from '../../shared/deliverables'
import type { CatalogProduct, Deliverable } from '../catalog'
import type { BuyerLine } from '../ordering'
import { stampText } from './stamp-text'
import { recordStampedCopy } from './stamped-copies.repository'
import type { Db } from './tables'

const PDF = 'application/pdf'
export const STAMP_MAX_BYTES = STAMP_MAX_MB * 1024 * 1024
export const STAMP_SKIPPED_NOTE = `PDF acima de ${STAMP_MAX_MB} MB: entregue sem o carimbo com seu nome.`

/** Whether this file of this product is delivered stamped (a PDF of a stamping product, within the size limit). */
export function stampState(product: Pick<CatalogProduct, 'stampPdfs'> | undefined, file: Deliverable) {
  if (!product?.stampPdfs || file.contentType !== PDF) return 'off' as const
  return file.size > STAMP_MAX_BYTES ? ('too-large' as const) : ('on' as const)
}

// One stamping at a time per process: each holds a whole PDF in memory, so memory stays at one file's worth.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}

async function readAll(stream: Readable, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > max) {
      stream.destroy()
      return undefined
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * The storage key the buyer's signed URL points at: the original, or this order's stamped copy of it. The copy is
 * made once per order and file and kept in the storage, so later downloads are plain signed URLs again. A PDF that
 * cannot be stamped (over the limit, encrypted, broken) is served as it is. Every kept copy has its row
 * (buyer_stamped_copies), so refunds, file removal and the retention sweep can delete it (stamped-copies.ts).
 */
export async function deliveredKey(
  deps: { db: Db; storage: Storage; clock: Clock },
  product: Pick<CatalogProduct, 'stampPdfs'> | undefined,
  file: Deliverable,
  line: Pick<BuyerLine, 'orderId' | 'orderNumber' | 'customerName' | 'customerEmail'>,
): Promise<string> {
  if (stampState(product, file) !== 'on') return file.storageKey
  const { storage } = deps
  const key = `stamped/${line.orderId}/${file.id}`
  // a copy kept before its row existed gets one now (once), so it too is deleted in time
  const record = () =>
    recordStampedCopy(deps.db, {
      order_id: line.orderId,
      file_id: file.id,
      storage_key: key,
      created_at: deps.clock.now(),
    })
  return oneAtATime(async () => {
    const cached = await storage.get(key)
    if (cached) {
      cached.destroy()
      await record()
      return key
    }
    const source = await storage.get(file.storageKey)
    const bytes = source && (await readAll(source, STAMP_MAX_BYTES))
    if (!bytes) return file.storageKey
    const text = stampText({ name: line.customerName, email: line.customerEmail, orderNumber: line.orderNumber })
    // pdf-lib loads with the first stamped download, not with the api (issue 35: the api's memory)
    const { stampPdf } = await import('./stamp')
    const stamped = await stampPdf(bytes, text).catch(() => undefined)
    if (!stamped) return file.storageKey
    // the row first: an object with no row would be kept forever, a row with no object is harmless
    await record()
    await storage.put(key, Readable.from([Buffer.from(stamped)]), { size: stamped.length, contentType: PDF })
    return key
  })
}
