import { createHmac, timingSafeEqual } from 'node:crypto'
import { constants, createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Clock } from '../clock'
import { assertKey, type SignedUrlOptions, type Storage } from './port'

/** Where the api serves a local object behind a signed URL (platform/storage/local-routes.ts). */
export const LOCAL_FILES_PREFIX = '/api/storage/files/'

export type LocalCheck = 'ok' | 'expired' | 'invalid'

/**
 * The local folder. Its signed URLs point back at the api, with an HMAC over the key, the expiry and the download
 * name, so a URL cannot be stretched in time or pointed at another file.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const
  constructor(
    readonly root: string,
    private readonly secret: Buffer,
    private readonly clock: Clock,
  ) {}

  private file(key: string): string {
    assertKey(key)
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, body: Readable, _opts: { size?: number; contentType: string }): Promise<void> {
    const target = this.file(key)
    await mkdir(path.dirname(target), { recursive: true })
    // written beside and renamed at the end: an aborted upload never leaves a half file under the real key
    const partial = `${target}.part`
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }))
      await rename(partial, target)
    } catch (err) {
      await rm(partial, { force: true })
      throw err
    }
  }

  async putFile(key: string, file: string, _opts: { size: number; contentType: string }): Promise<void> {
    const target = this.file(key)
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.part`
    try {
      // copy_file_range/sendfile in the kernel: not one byte of the file passes through the api's memory
      await copyFile(file, partial, constants.COPYFILE_EXCL)
      await rename(partial, target)
    } catch (err) {
      await rm(partial, { force: true })
      throw err
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.file(key)
    const found = await stat(file).catch(() => undefined)
    return found?.isFile() ? createReadStream(file) : undefined
  }

  async size(key: string): Promise<number | undefined> {
    const found = await stat(this.file(key)).catch(() => undefined)
    return found?.isFile() ? found.size : undefined
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true })
  }

  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    assertKey(key)
    const exp = Math.floor(this.clock.now().getTime() / 1000) + opts.expiresInSec
    const q = new URLSearchParams({ exp: String(exp), name: opts.filename, type: opts.contentType })
    q.set('sig', this.sign(key, q))
    return `${LOCAL_FILES_PREFIX}${key}?${q}`
  }

  /** Whether a signed URL's query is ours, for this key, and still within its time. */
  check(key: string, query: { exp?: string; name?: string; type?: string; sig?: string }): LocalCheck {
    if (!query.exp || query.name === undefined || query.type === undefined || !query.sig) return 'invalid'
    try {
      assertKey(key)
    } catch {
      return 'invalid'
    }
    const q = new URLSearchParams({ exp: query.exp, name: query.name, type: query.type })
    const expected = Buffer.from(this.sign(key, q))
    const given = Buffer.from(query.sig)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
    return Number(query.exp) * 1000 < this.clock.now().getTime() ? 'expired' : 'ok'
  }

  private sign(key: string, q: URLSearchParams): string {
    const text = [key, q.get('exp'), q.get('name'), q.get('type')].join('\n')
    return createHmac('sha256', this.secret).update(text).digest('base64url')
  }
}
