import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeS3, startFakeS3 } from '../../testing/fake-s3'
import { controlledClock } from '../clock'
import { registerErrorHandler } from '../errors'
import { createStorage, type LocalStorage, type Storage } from '.'
import { copyFolderToStorage } from './copy'
import { registerLocalStorageRoutes } from './local-routes'
import { PART_SIZE } from './s3-multipart'

const clock = controlledClock(new Date('2026-03-01T10:00:00Z'))
const dir = mkdtempSync(path.join(tmpdir(), 'storage-test-'))
let fake: FakeS3
let api: FastifyInstance
let local: Storage
let s3: Storage

beforeAll(async () => {
  fake = await startFakeS3({ now: clock.now() })
  local = createStorage({ STORAGE_URL: `file:${dir}`, DATA_DIR: dir, APP_SECRET: 'x'.repeat(40) }, clock)
  s3 = createStorage(
    {
      STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}&region=sa-east-1`,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      DATA_DIR: dir,
      APP_SECRET: 'x'.repeat(40),
    },
    clock,
  )
  api = Fastify()
  registerErrorHandler(api)
  registerLocalStorageRoutes(api, local as LocalStorage)
  await api.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await api.close()
  await fake.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Fetches a signed URL: the local adapter's are paths on the api, S3's are absolute. */
function open(url: string): Promise<Response> {
  const address = api.server.address() as { port: number }
  return fetch(url.startsWith('/') ? `http://127.0.0.1:${address.port}${url}` : url)
}

const text = async (s: Readable | undefined) => {
  if (!s) return undefined
  let out = ''
  for await (const c of s) out += c
  return out
}

describe.each([
  ['local folder', () => local],
  ['S3 (fake from the reference)', () => s3],
])('storage port: %s', (_name, storage) => {
  const key = `product-files/${_name.length}/abc123`
  const body = 'conteúdo do e-book'
  const size = Buffer.byteLength(body)

  it('puts, gets and deletes an object', async () => {
    await storage().put(key, Readable.from([Buffer.from(body)]), { size, contentType: 'application/pdf' })
    expect(await text(await storage().get(key))).toBe(body)
    await storage().delete(key)
    expect(await storage().get(key)).toBeUndefined()
    await storage().delete(key) // a second delete is fine
  })

  it('serves a signed URL with the download name until it expires, then refuses it', async () => {
    await storage().put(key, Readable.from([Buffer.from(body)]), { size, contentType: 'application/pdf' })
    const url = await storage().signedUrl(key, {
      expiresInSec: 300,
      filename: 'Guia ação.pdf',
      contentType: 'application/pdf',
    })
    const res = await open(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Guia%20a%C3%A7%C3%A3o.pdf")
    expect(await res.text()).toBe(body)

    clock.advance(301_000)
    fake.setNow(clock.now())
    expect((await open(url)).status).toBe(403)
  })

  it('refuses a signed URL pointed at another key or with its signature changed', async () => {
    const url = await storage().signedUrl(key, {
      expiresInSec: 300,
      filename: 'a.pdf',
      contentType: 'application/pdf',
    })
    expect((await open(url.replace('abc123', 'abc124'))).status).toBe(403)
    expect((await open(url.replace(/(sig|Signature)=(.)/, (_m, k, c) => `${k}=${c === 'a' ? 'b' : 'a'}`))).status).toBe(
      403,
    )
  })

  it('refuses keys that could climb out of the folder or bucket', async () => {
    await expect(storage().put('../etc/passwd', Readable.from([]), { size: 0, contentType: 'x' })).rejects.toThrow()
    await expect(
      storage().signedUrl('a/../../b', { expiresInSec: 1, filename: 'a', contentType: 'x' }),
    ).rejects.toThrow()
  })
})

describe('S3 with the AWS SDK: large files', () => {
  it('streams a 20 MB file in 5 MiB parts (multipart upload) and reads back the same bytes', async () => {
    const size = 20 * 1024 * 1024
    const chunk = Buffer.alloc(1024 * 1024)
    // 20 chunks of 1 MB, each stamped with its index: a part out of order would not read back the same.
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.from(chunk.fill(i))
      })(),
    )
    const before = fake.log.length
    await s3.put('product-files/big/file1', source, { size, contentType: 'application/zip' })
    const calls = fake.log.slice(before).map((l) => l.method)
    expect(calls.filter((m) => m === 'PUT')).toHaveLength(4)
    expect(calls.filter((m) => m === 'POST')).toHaveLength(2) // CreateMultipartUpload, CompleteMultipartUpload
    expect(fake.uploads.size).toBe(0)
    const stored = fake.objects.get('product-files/big/file1')!
    expect(stored.body.length).toBe(size)
    expect(stored.contentType).toBe('application/zip')
    for (let i = 0; i < 20; i++) expect(stored.body[i * 1024 * 1024]).toBe(i)
    let read = 0
    for await (const c of (await s3.get('product-files/big/file1'))!) read += (c as Buffer).length
    expect(read).toBe(size)
  })
})

describe('S3 multipart edges', () => {
  const query = (before: number) => fake.log.slice(before).map((l) => `${l.method} ${l.query}`)

  it('a small body is one PutObject, no multipart upload', async () => {
    const before = fake.log.length
    await s3.put('product-files/edge/small', Readable.from([Buffer.from('capa')]), { contentType: 'image/png' })
    expect(query(before)).toEqual(['PUT x-id=PutObject'])
    expect(fake.objects.get('product-files/edge/small')?.body.toString()).toBe('capa')
  })

  it.each([
    ['exactly one part', PART_SIZE, 1],
    ['one part and one byte', PART_SIZE + 1, 2],
  ])('%s: the parts S3 takes, the same bytes back', async (_name, size, parts) => {
    const before = fake.log.length
    const bytes = Buffer.alloc(size)
    for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251
    // 64 KB chunks, as a socket gives them
    const chunks = Array.from({ length: Math.ceil(size / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536))
    await s3.put(`product-files/edge/p${parts}`, Readable.from(chunks), { contentType: 'application/pdf' })
    const calls = query(before)
    expect(calls.filter((c) => /^PUT .*partNumber=/.test(c))).toHaveLength(parts)
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2)
    expect(fake.objects.get(`product-files/edge/p${parts}`)?.body.equals(bytes)).toBe(true)
  })

  it('a body that fails after a part went up aborts the multipart upload and leaves no object', async () => {
    const before = fake.log.length
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(PART_SIZE + 10)
        throw new Error('client went away')
      })(),
    )
    await expect(s3.put('product-files/edge/cut', failing, { contentType: 'application/pdf' })).rejects.toThrow(
      'client went away',
    )
    const calls = query(before)
    expect(calls.some((c) => /^PUT .*partNumber=1/.test(c))).toBe(true)
    expect(calls.some((c) => /^DELETE .*uploadId=/.test(c))).toBe(true)
    expect(fake.uploads.size).toBe(0)
    expect(fake.objects.has('product-files/edge/cut')).toBe(false)
  })
})

describe('copyFolderToStorage (npm run storage:migrate)', () => {
  it('copies every object of the local folder into the bucket under the same keys, skipping half-written ones', async () => {
    const folder = path.join(dir, 'migrate')
    const source = createStorage({ STORAGE_URL: `file:${folder}`, DATA_DIR: dir, APP_SECRET: 'x'.repeat(40) }, clock)
    await source.put('products/p1/aaa', Readable.from([Buffer.from('um')]), { size: 2, contentType: 'x' })
    await source.put('products/p2/bbb', Readable.from([Buffer.from('dois')]), { size: 4, contentType: 'x' })
    writeFileSync(path.join(folder, 'products', 'p1', 'ccc.part'), 'meio')
    const report = await copyFolderToStorage({ folder }, s3)
    expect(report).toEqual({ copied: 2, skipped: 0, bytes: 6 })
    expect(await text(await s3.get('products/p1/aaa'))).toBe('um')
    expect(await text(await s3.get('products/p2/bbb'))).toBe('dois')
    expect(await s3.get('products/p1/ccc.part')).toBeUndefined()
    // run again (or after a cut): what the bucket holds with the same size is skipped, a missing one copied
    fake.objects.delete(`products/p2/bbb`)
    expect(await copyFolderToStorage({ folder }, s3)).toEqual({ copied: 1, skipped: 1, bytes: 4 })
    expect(await copyFolderToStorage({ folder }, s3)).toEqual({ copied: 0, skipped: 2, bytes: 0 })
  })
})

describe('fake S3', () => {
  it('refuses a request signed with the wrong secret', async () => {
    const wrong = createStorage(
      {
        STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
        S3_ACCESS_KEY_ID: fake.accessKeyId,
        S3_SECRET_ACCESS_KEY: 'not-the-secret',
        DATA_DIR: dir,
        APP_SECRET: 'x'.repeat(40),
      },
      clock,
    )
    await expect(wrong.put('a/b', Readable.from([Buffer.from('x')]), { size: 1, contentType: 'x' })).rejects.toThrow(
      /SignatureDoesNotMatch/,
    )
  })
})
