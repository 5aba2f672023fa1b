import path from 'node:path'
import type { Clock } from '../clock'
import { deriveKey } from '../crypto'
import { LazyStorage } from './lazy'
import { LocalStorage } from './local'
import type { Storage } from './port'

export { LocalStorage } from './local'
export type { SignedUrlOptions, Storage } from './port'
export { attachmentDisposition } from './port'
export { reclaimer } from './reclaim'
export type { S3Storage } from './s3'

export interface StorageConfig {
  STORAGE_URL?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  DATA_DIR: string
  APP_SECRET: string
}

/**
 * `file:<folder>` (default `<DATA_DIR>/files`) or `s3://<bucket>?endpoint=<url>&region=<region>` with the keys in
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY.
 */
export function createStorage(config: StorageConfig, clock: Clock): Storage {
  const url = config.STORAGE_URL ?? `file:${path.join(config.DATA_DIR, 'files')}`
  if (url.startsWith('file:')) {
    const folder = path.resolve(url.slice('file:'.length).replace(/^\/\/(?=\/)/, ''))
    return new LocalStorage(folder, deriveKey(config.APP_SECRET, 'storage-signed-urls'), clock)
  }
  const s3 = new URL(url)
  const endpoint = s3.searchParams.get('endpoint')
  if (s3.protocol !== 's3:' || !s3.hostname || !endpoint) {
    throw new Error('STORAGE_URL: use file:<pasta> ou s3://<bucket>?endpoint=<url>&region=<região>')
  }
  if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE_URL s3:// pede S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY')
  }
  const options = {
    bucket: s3.hostname,
    endpoint,
    region: s3.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  }
  return new LazyStorage('s3', async () => new (await import('./s3')).S3Storage(options, clock))
}
