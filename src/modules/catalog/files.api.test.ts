import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeS3, startFakeS3 } from '../../testing/fake-s3'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'
import { catalogService } from '.'

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer\n%%EOF\n')

function multipart(data: Buffer, name = 'guia.pdf', field = 'file') {
  const boundary = '----files-test'
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

let fake: FakeS3
beforeAll(async () => {
  fake = await startFakeS3()
})
afterAll(() => fake.close())

describe.each([
  ['local folder', () => ({})],
  [
    'S3 (fake)',
    () => ({
      STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    }),
  ],
])('product files on %s', (_name, env) => {
  let t: TestApp
  let user: TestUser
  let storeId: string
  let productId: string

  beforeAll(async () => {
    t = await createTestApp({ redis: false, env: { UPLOAD_FILE_MAX_MB: '1', ...env() } })
    ;({ user, storeId } = await t.merchantWithStore())
    const p = await t.send('POST', `/api/stores/${storeId}/products`, user, {
      name: 'E-book',
      price: 19.9,
      type: 'DIGITAL',
    })
    productId = p.json().id
  })
  afterAll(() => t.close())

  const upload = (data: Buffer, opts: { name?: string; store?: string; product?: string; as?: TestUser } = {}) => {
    const body = multipart(data, opts.name)
    return t.app.inject({
      method: 'POST',
      url: `/api/stores/${opts.store ?? storeId}/products/${opts.product ?? productId}/files`,
      headers: { ...body.headers, ...(opts.as ?? user).headers },
      payload: body.payload,
    })
  }
  const list = () =>
    t.app.inject({ method: 'GET', url: `/api/stores/${storeId}/products/${productId}/files`, headers: user.headers })

  it('stores a file judged by its bytes, with a neutralised name, and lists it', async () => {
    const res = await upload(PDF, { name: '../../segredo/Guia Completo.pdf' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'Guia Completo.pdf', contentType: 'application/pdf', size: PDF.length })
    const files = (await list()).json()
    expect(files.map((f: { id: string }) => f.id)).toContain(res.json().id)
  })

  it('refuses what is not what its name says, an empty file and one over the size, keeping nothing', async () => {
    const before = (await list()).json().length
    const fake = await upload(Buffer.from('MZ not a pdf at all'), { name: 'livro.pdf' })
    expect(fake.statusCode).toBe(400)
    expect(fake.json().message).toBe('Tipo de arquivo não aceito. Envie PDF, EPUB, ZIP, MP3 ou MP4.')
    const empty = await upload(Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('O arquivo está vazio.')
    const big = await upload(Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]))
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('O arquivo deve ter no máximo 1 MB.')
    expect((await list()).json().length).toBe(before)
  })

  it("answers 404 for another store's product, and for another merchant", async () => {
    const other = await t.merchantWithStore('Outra')
    expect((await upload(PDF, { as: other.user })).statusCode).toBe(404)
    expect((await upload(PDF, { store: other.storeId, as: other.user })).statusCode).toBe(404)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${other.storeId}/products/${productId}/files/${(await list()).json()[0].id}`,
      headers: other.user.headers,
    })
    expect(del.statusCode).toBe(404)
  })

  it("reorders the files: exactly the product's ids, else 400; another store 404; the buyer sees that order", async () => {
    await upload(PDF, { name: 'x.pdf' })
    await upload(PDF, { name: 'y.pdf' })
    const ids = (await list()).json().map((f: { id: string }) => f.id) as string[]
    const order = (body: Record<string, unknown>, as: TestUser = user, store = storeId) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/stores/${store}/products/${productId}/files/order`,
        headers: as.headers,
        payload: body,
      })
    const reversed = [...ids].reverse()
    const res = await order({ ids: reversed })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((f: { id: string }) => f.id)).toEqual(reversed)
    expect((await list()).json().map((f: { id: string }) => f.id)).toEqual(reversed)
    const deliverables = await catalogService.deliverablesOf(t.runtime.db, [productId])
    expect(deliverables.map((f) => f.id)).toEqual(reversed)

    const msg = 'A nova ordem deve conter exatamente os arquivos do produto, cada um uma vez.'
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), crypto.randomUUID()]]) {
      const refused = await order({ ids: bad })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(msg)
    }
    expect((await order({ ids: 'nada' })).statusCode).toBe(400)
    expect((await list()).json().map((f: { id: string }) => f.id)).toEqual(reversed)

    const other = await t.merchantWithStore('Terceira')
    expect((await order({ ids }, other.user)).statusCode).toBe(404)
    expect((await order({ ids }, other.user, other.storeId)).statusCode).toBe(404)
  })

  it('keeps an uploaded image in the same storage and serves it at /uploads/<name>', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const body = multipart(png, 'foto.png')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, ...user.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(201)
    const url = res.json().url as string
    expect(await t.app.storage.get(`images/${url.slice('/uploads/'.length)}`)).toBeDefined()
    const served = await t.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(png)).toBe(true)
  })

  it('deleting a file, or its product, removes the stored object', async () => {
    const keys = async () => {
      const rows = await t.runtime.db.selectFrom('product_files').select('storage_key').execute()
      return rows.map((r) => r.storage_key)
    }
    const first = (await upload(PDF)).json()
    await upload(PDF, { name: 'b.pdf' })
    const stored = await keys()
    for (const k of stored) expect(await t.app.storage.get(k)).toBeDefined()

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/stores/${storeId}/products/${productId}/files/${first.id}`,
      headers: user.headers,
    })
    expect(del.statusCode).toBe(204)
    const left = await keys()
    expect(left.length).toBe(stored.length - 1)

    await t.send('DELETE', `/api/stores/${storeId}/products/${productId}`, user)
    for (const k of stored) expect(await t.app.storage.get(k)).toBeUndefined()
  })
})
