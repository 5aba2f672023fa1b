import { z } from 'zod'

/** A digital product's uploaded file as the merchant's product form shows it (size in bytes). */
export const productFileSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  createdAt: z.string(),
})
export type ProductFile = z.infer<typeof productFileSchema>

/** Accepted in the file picker; the server judges by content, this only narrows the dialog. */
export const DELIVERABLE_ACCEPT =
  '.pdf,.epub,.zip,.mp3,.mp4,application/pdf,application/epub+zip,application/zip,audio/mpeg,video/mp4'

/** 1536 → "1,5 KB" */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let v = n
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: i === 0 ? 0 : 1 })} ${units[i]}`
}

/** The product's files in a new order: exactly its files' ids, each once. */
export const productFilesOrderSchema = z.object({ ids: z.array(z.string()).max(500) })
export type ProductFilesOrder = z.infer<typeof productFilesOrderSchema>

/** Per product: stamp the buyer's name and e-mail on every page of a downloaded PDF. */
export const deliverableSettingsSchema = z.object({ stampPdfs: z.boolean() })
export type DeliverableSettings = z.infer<typeof deliverableSettingsSchema>

/** PDFs above this size are served without the stamp (stamping holds the whole file in memory). */
export const STAMP_MAX_MB = 40
