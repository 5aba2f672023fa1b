import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Clock } from '../clock'
import { assertKey, attachmentDisposition, type SignedUrlOptions, type Storage } from './port'
import { type Credentials, presign, signHeaders, uriEncode } from './sigv4'

export interface S3Options {
  bucket: string
  /** http(s)://host:port of the S3-compatible service; objects are addressed path-style (endpoint/bucket/key). */
  endpoint: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Each call to the bucket gives up after this long without progress. */
  timeoutMs?: number
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string,
  ) {
    super(`S3 answered ${status} ${s3Code}`)
  }
}

/** An S3-compatible bucket through its REST API (PutObject, GetObject, DeleteObject, presigned GET). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const
  private readonly creds: Credentials
  constructor(
    private readonly opts: S3Options,
    private readonly clock: Clock,
  ) {
    this.creds = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region }
  }

  private url(key: string): URL {
    assertKey(key)
    const base = this.opts.endpoint.replace(/\/$/, '')
    return new URL(`${base}/${uriEncode(this.opts.bucket)}/${uriEncode(key, true)}`)
  }

  private request(method: string, url: URL, headers: Record<string, string>): http.ClientRequest {
    const signed = signHeaders(this.creds, method, url, headers, this.clock.now())
    const lib = url.protocol === 'https:' ? https : http
    const req = lib.request(url, { method, headers: signed })
    req.setTimeout(this.opts.timeoutMs ?? 30_000, () => req.destroy(new Error('S3 request timed out')))
    return req
  }

  async put(key: string, body: Readable, opts: { size: number; contentType: string }): Promise<void> {
    const req = this.request('PUT', this.url(key), {
      'content-length': String(opts.size),
      'content-type': opts.contentType,
    })
    const answered = response(req)
    // the body flows straight from its source to the socket: never held whole in memory
    await Promise.all([pipeline(body, req), answered.then(expectOk)])
  }

  async get(key: string): Promise<Readable | undefined> {
    const req = this.request('GET', this.url(key), {})
    req.end()
    const res = await response(req)
    if (res.statusCode === 404) {
      res.resume()
      return undefined
    }
    if ((res.statusCode ?? 500) >= 300) await expectOk(res)
    return res
  }

  async delete(key: string): Promise<void> {
    const req = this.request('DELETE', this.url(key), {})
    req.end()
    const res = await response(req)
    // S3 answers 204 whether or not the key existed
    if (res.statusCode === 404) return void res.resume()
    await expectOk(res)
  }

  signedUrl(key: string, opts: SignedUrlOptions): string {
    const url = this.url(key)
    url.searchParams.set('response-content-disposition', attachmentDisposition(opts.filename))
    url.searchParams.set('response-content-type', opts.contentType)
    return presign(this.creds, 'GET', url, opts.expiresInSec, this.clock.now())
  }
}

function response(req: http.ClientRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    req.once('response', resolve)
    req.once('error', reject)
  })
}

/** Drains the answer; a non-2xx becomes an S3Error with the <Code> of its XML body. */
async function expectOk(res: http.IncomingMessage): Promise<void> {
  const status = res.statusCode ?? 500
  if (status < 300) {
    res.resume()
    return
  }
  let text = ''
  for await (const chunk of res) if (text.length < 4096) text += chunk
  throw new S3Error(status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'Unknown')
}
