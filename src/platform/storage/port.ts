import type { Readable } from 'node:stream'

/**
 * Where uploaded files live. The rest of the code asks this port, never an adapter: the local folder (embedded
 * default) or an S3-compatible bucket (several api replicas on several machines share it).
 */
export interface Storage {
  readonly kind: 'local' | 's3'
  /**
   * Writes `body` under `key`, streamed, its size known beforehand or not (an upload as it arrives). A body that fails
   * half-way (the client went away) leaves nothing under `key`, no half file, no multipart parts.
   */
  put(key: string, body: Readable, opts: { size?: number; contentType: string }): Promise<void>
  /** Writes the file at `file` under `key` (the file stays): the local folder copies it in the kernel, S3 streams it. */
  putFile(key: string, file: string, opts: { size: number; contentType: string }): Promise<void>
  /** The object's bytes as a stream, or undefined when there is none. */
  get(key: string): Promise<Readable | undefined>
  /** The object's size in bytes, or undefined when there is none (storage:migrate skips what is already there). */
  size(key: string): Promise<number | undefined>
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>
  /** A URL that serves the object for `expiresInSec` seconds from now, then refuses it (S3 presigns asynchronously). */
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string>
}

export interface SignedUrlOptions {
  expiresInSec: number
  /** The name the browser saves the file under (Content-Disposition: attachment). */
  filename: string
  contentType: string
}

/** Keys are ours (random ids); anything else is refused so no key can climb out of the folder or bucket. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`)
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}
