import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from './port'

/**
 * Copies every object of a local storage folder into another storage (the move from one machine's disk to a shared
 * bucket), under the same keys, streamed one file at a time. Half-written `.part` files are skipped; copying twice
 * writes the same objects again, so a run cut short is simply run again.
 */
export async function copyFolderToStorage(
  folder: string,
  target: Storage,
  onCopied: (key: string, size: number) => void = () => undefined,
): Promise<number> {
  let copied = 0
  async function walk(dir: string, prefix: string[]) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full, [...prefix, entry.name])
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        const key = [...prefix, entry.name].join('/')
        const { size } = await stat(full)
        await target.put(key, createReadStream(full), { size, contentType: 'application/octet-stream' })
        onCopied(key, size)
        copied++
      }
    }
  }
  await walk(folder, [])
  return copied
}
