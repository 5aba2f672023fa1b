import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from './port'

export interface CopyReport {
  /** Objects written into the target by this run. */
  copied: number
  /** Objects the target already held with the same size (copied by an earlier run): left as they are. */
  skipped: number
  bytes: number
}

export interface CopySource {
  /** The local folder read (a missing folder copies nothing). */
  folder: string
  /** Key prefix in the target ('' keeps the folder's own paths as keys). */
  prefix?: string
  /** Which file names are copied (others, and half-written `.part` files, are left out). */
  accept?: (name: string) => boolean
  contentType?: (name: string) => string
}

/**
 * Copies the files of a local folder into another storage (the move from one machine's disk to a shared bucket),
 * streamed one at a time. Idempotent and resumable: an object the target already holds with the same size is
 * skipped, so a run cut short is simply run again and copies only what is missing.
 */
export async function copyFolderToStorage(
  source: CopySource,
  target: Storage,
  onCopied: (key: string, size: number) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 }
  const accept = source.accept ?? (() => true)
  async function walk(dir: string, prefix: string[]) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full, [...prefix, entry.name])
      else if (entry.isFile() && !entry.name.endsWith('.part') && accept(entry.name)) {
        const key = [...prefix, entry.name].join('/')
        const { size } = await stat(full)
        if ((await target.size(key)) === size) {
          report.skipped++
          continue
        }
        const contentType = source.contentType?.(entry.name) ?? 'application/octet-stream'
        await target.put(key, createReadStream(full), { size, contentType })
        onCopied(key, size)
        report.copied++
        report.bytes += size
      }
    }
  }
  await walk(source.folder, source.prefix ? source.prefix.split('/') : [])
  return report
}
