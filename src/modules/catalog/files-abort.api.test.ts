/**
 * Issue 35: "an upload ... aborted half-way → nothing kept". A real HTTP client sends part of a large product file
 * and goes away; by then the storage has started writing (S3: a multipart upload with a part in it; the local folder:
 * a half file). Afterwards there is no object, no parts, no half file and no row.
 */
import { readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalStorage } from '../../platform/storage'
import { type FakeS3, startFakeS3 } from '../../testing/fake-s3'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'

let fake: FakeS3
beforeAll(async () => {
  fake = await startFakeS3()
})
afterAll(() => fake.close())

/** Every file under `dir`, recursively ([] when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
  } catch {
    return []
  }
}

describe.each([
  ['local folder', false],
  ['S3 (fake)', true],
])('an upload cut half-way, on %s', (_name, s3) => {
  let t: TestApp
  let user: TestUser
  let storeId: string
  let productId: string
  let base: string

  beforeAll(async () => {
    const env = s3
      ? {
          STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
          S3_ACCESS_KEY_ID: fake.accessKeyId,
          S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
        }
      : {}
    t = await createTestApp({ redis: false, env: { UPLOAD_FILE_MAX_MB: '50', ...env } })
    ;({ user, storeId } = await t.merchantWithStore())
    const p = await t.send('POST', `/api/stores/${storeId}/products`, user, {
      name: 'Curso',
      price: 97,
      type: 'DIGITAL',
    })
    productId = p.json().id
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    // fetch keeps its connections alive; the server would wait on them
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('keeps nothing: no object, no parts, no half file, no row', async () => {
    const boundary = '----abort-test'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="curso.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    const req = http.request(`${base}/api/stores/${storeId}/products/${productId}/files`, {
      method: 'POST',
      headers: {
        ...user.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // announces 30 MB and sends 12: the client is cut off half-way
        'content-length': String(Buffer.byteLength(head) + 30 * 1024 * 1024),
      },
    })
    req.on('error', () => undefined)
    req.write(head)
    req.write(Buffer.from('%PDF-1.7\n'))
    for (let i = 0; i < 12; i++) req.write(Buffer.alloc(1024 * 1024, i))

    const prefix = `/${fake.bucket}/products/${productId}/`
    const local = () => filesUnder(path.join((t.app.storage as LocalStorage).root, 'products', productId))
    // the storage is being written before the client goes away
    if (s3) {
      await waitFor(() =>
        fake.log.some((l) => l.method === 'PUT' && l.path.startsWith(prefix) && /partNumber=1/.test(l.query)),
      )
      expect(fake.uploads.size).toBe(1)
    } else {
      await waitFor(() => local().some((f) => f.endsWith('.part')))
    }
    req.destroy()

    if (s3) {
      await waitFor(() =>
        fake.log.some((l) => l.method === 'DELETE' && l.path.startsWith(prefix) && /uploadId=/.test(l.query)),
      )
      expect(fake.uploads.size).toBe(0)
      expect(fake.log.some((l) => l.method === 'POST' && l.path.startsWith(prefix) && /uploadId=/.test(l.query))).toBe(
        false,
      )
      expect([...fake.objects.keys()].filter((k) => k.startsWith(`products/${productId}/`))).toEqual([])
    } else {
      await waitFor(() => local().length === 0)
    }
    const rows = await t.runtime.db
      .selectFrom('product_files')
      .where('product_id', '=', productId)
      .selectAll()
      .execute()
    expect(rows).toEqual([])
  }, 30_000)

  /** Sends a whole upload over real HTTP: `first` then zeros up to `bytes`; answers status and message. */
  async function send(first: Buffer, bytes: number): Promise<{ status: number; message?: string }> {
    const boundary = '----whole-test'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="curso.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    const tail = `\r\n--${boundary}--\r\n`
    const res = await fetch(`${base}/api/stores/${storeId}/products/${productId}/files`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([Buffer.from(head), first, Buffer.alloc(bytes - first.length), Buffer.from(tail)]),
    })
    const body = (await res.json()) as { message?: string }
    return { status: res.status, message: body.message }
  }

  it('refuses a large file that is not what its name says, and one over the size, keeping nothing', async () => {
    const before = fake.log.length
    const notPdf = await send(Buffer.from('MZ\x90\x00'), 8 * 1024 * 1024)
    expect(notPdf).toEqual({ status: 400, message: 'Tipo de arquivo não aceito. Envie PDF, EPUB, ZIP, MP3 ou MP4.' })
    // over UPLOAD_FILE_MAX_MB (50): cut at the limit after parts went up
    const tooBig = await send(Buffer.from('%PDF-1.7\n'), 51 * 1024 * 1024)
    expect(tooBig).toEqual({ status: 413, message: 'O arquivo deve ter no máximo 50 MB.' })
    if (s3) {
      const mine = fake.log.slice(before).filter((l) => l.path.startsWith(`/${fake.bucket}/products/${productId}/`))
      expect(mine.some((l) => l.method === 'PUT' && /partNumber=/.test(l.query))).toBe(true)
      expect(mine.some((l) => l.method === 'DELETE' && /uploadId=/.test(l.query))).toBe(true)
      expect(fake.uploads.size).toBe(0)
      expect([...fake.objects.keys()].filter((k) => k.startsWith(`products/${productId}/`))).toEqual([])
    } else {
      expect(filesUnder(path.join((t.app.storage as LocalStorage).root, 'products', productId))).toEqual([])
    }
    const rows = await t.runtime.db
      .selectFrom('product_files')
      .where('product_id', '=', productId)
      .selectAll()
      .execute()
    expect(rows).toEqual([])
    // the api still takes an upload after both
    expect((await send(Buffer.from('%PDF-1.7\n'), 1024)).status).toBe(201)
  }, 60_000)
})
