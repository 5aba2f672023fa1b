import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Clock } from '../clock'
import { assertKey, attachmentDisposition, type SignedUrlOptions, type Storage } from './port'
import { uploadStream } from './s3-multipart'

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

export { PART_SIZE } from './s3-multipart'

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string,
  ) {
    super(`S3 answered ${status} ${s3Code}`)
  }
}

/** The SDK's failure as our typed error (status and S3's <Code>), so callers never see SDK types. */
function s3Error(err: unknown): unknown {
  if (err instanceof S3ServiceException) return new S3Error(err.$metadata.httpStatusCode ?? 500, err.name)
  return err
}

/**
 * An S3-compatible bucket (AWS, MinIO) through the AWS SDK v3: PutObject or a multipart upload streamed part by part
 * (s3-multipart.ts), GetObject, DeleteObject and a presigned GET signed at the injected clock's time.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const
  private readonly client: S3Client
  constructor(
    private readonly opts: S3Options,
    private readonly clock: Clock,
  ) {
    const timeout = opts.timeoutMs ?? 30_000
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // Checksums only where S3 requires them: MinIO and other S3-compatible stores do not all take the SDK's
      // default CRC trailers on streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: timeout, requestTimeout: timeout },
      maxAttempts: 2,
    })
  }

  async put(key: string, body: Readable, opts: { size?: number; contentType: string }): Promise<void> {
    assertKey(key)
    try {
      await uploadStream({ client: this.client, bucket: this.opts.bucket, key, contentType: opts.contentType }, body)
    } catch (err) {
      throw s3Error(err)
    }
  }

  async putFile(key: string, file: string, opts: { size: number; contentType: string }): Promise<void> {
    await this.put(key, createReadStream(file), opts)
  }

  async get(key: string): Promise<Readable | undefined> {
    assertKey(key)
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }))
      return res.Body as Readable
    } catch (err) {
      if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404))
        return undefined
      throw s3Error(err)
    }
  }

  async size(key: string): Promise<number | undefined> {
    assertKey(key)
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }))
      return res.ContentLength
    } catch (err) {
      // HEAD has no body: a missing key is a bare 404 (the SDK names it NotFound)
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined
      throw s3Error(err)
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key)
    try {
      // S3 answers 204 whether or not the key existed
      await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }))
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return
      throw s3Error(err)
    }
  }

  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    assertKey(key)
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(opts.filename),
      ResponseContentType: opts.contentType,
    })
    // Signed at the clock's now: expiry is tested with the controlled clock, never by waiting.
    return getSignedUrl(this.client, command, { expiresIn: opts.expiresInSec, signingDate: this.clock.now() })
  }
}
