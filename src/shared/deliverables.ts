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
