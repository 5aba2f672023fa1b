import type { Readable } from 'node:stream'
import type { SignedUrlOptions, Storage } from './port'

/**
 * A storage whose adapter is loaded on its first use. The AWS SDK is ~20 MB of the api's memory: an api on the local
 * folder never loads it, and one on a bucket loads it with the first file it stores or serves, not at start.
 */
export class LazyStorage implements Storage {
  private adapter?: Promise<Storage>
  constructor(
    readonly kind: Storage['kind'],
    private readonly load: () => Promise<Storage>,
  ) {}

  private get real(): Promise<Storage> {
    this.adapter ??= this.load().catch((err) => {
      // a failed load (a broken install) is tried again by the next call instead of being remembered
      this.adapter = undefined
      throw err
    })
    return this.adapter
  }

  async put(key: string, body: Readable, opts: { size?: number; contentType: string }) {
    return (await this.real).put(key, body, opts)
  }
  async putFile(key: string, file: string, opts: { size: number; contentType: string }) {
    return (await this.real).putFile(key, file, opts)
  }
  async get(key: string) {
    return (await this.real).get(key)
  }
  async size(key: string) {
    return (await this.real).size(key)
  }
  async delete(key: string) {
    return (await this.real).delete(key)
  }
  async signedUrl(key: string, opts: SignedUrlOptions) {
    return (await this.real).signedUrl(key, opts)
  }
}
