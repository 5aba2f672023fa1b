import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

const SAMPLES: Record<string, Buffer> = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8L'),
    Buffer.alloc(14),
  ]),
}

function upload(data: Buffer, opts: { field?: string; name?: string; type?: string; query?: string; auth?: object }) {
  const boundary = '----upload-test'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.name ?? 'a.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads${opts.query ?? ''}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...opts.auth },
    payload,
  })
}

describe('POST /api/uploads', () => {
  it('stores each image type by its bytes and serves it with long cache headers', async () => {
    const user = await t.login()
    for (const [type, data] of Object.entries(SAMPLES)) {
      // the declared type and name lie: only the bytes count
      const res = await upload(data, { auth: user.headers, name: 'whatever.txt', type: 'application/octet-stream' })
      expect(res.statusCode, type).toBe(201)
      const { url } = res.json()
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/)
      const served = await t.app.inject({ url })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe(type)
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.rawPayload.equals(data)).toBe(true)
      // kept by the storage port (the bucket every replica shares under S3), not on the api's disk
      expect(await t.app.storage.get(`images/${url.slice('/uploads/'.length)}`)).toBeDefined()
      expect(existsSync(path.join(t.config.uploadsDir, url.slice('/uploads/'.length)))).toBe(false)
    }
    // an image written to the disk before the storage port is still served
    mkdirSync(t.config.uploadsDir, { recursive: true })
    writeFileSync(path.join(t.config.uploadsDir, `${'a'.repeat(32)}.png`), SAMPLES['image/png'])
    const legacy = await t.app.inject({ url: `/uploads/${'a'.repeat(32)}.png` })
    expect(legacy.statusCode).toBe(200)
    expect(legacy.rawPayload.equals(SAMPLES['image/png'])).toBe(true)
    expect((await t.app.inject({ url: '/uploads/missing.png' })).statusCode).toBe(404)
    // a path that climbs out of the uploads folder never reaches a file next to it
    writeFileSync(path.join(t.config.uploadsDir, '..', 'secret.txt'), 'top-secret')
    for (const url of ['/uploads/../secret.txt', '/uploads/..%2fsecret.txt', '/uploads/%2e%2e/secret.txt']) {
      const res = await t.app.inject({ url })
      expect(res.body, url).not.toContain('top-secret')
    }
  })

  it('rejects a file that is not really an image', async () => {
    const user = await t.login()
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.4'),
      Buffer.alloc(3),
    ]) {
      const res = await upload(data, { auth: user.headers, name: 'foto.png', type: 'image/png' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Tipo de arquivo de imagem inválido. Use JPG, PNG, GIF ou WEBP.')
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: user.headers, payload: {} })
    expect(none.statusCode).toBe(400)
  })

  it('answers 413 with the message of each purpose', async () => {
    const user = await t.login()
    const png = SAMPLES['image/png']
    const mb = (n: number) => Buffer.concat([png, Buffer.alloc(n * 1024 * 1024)])
    const cases: [Buffer, string, string][] = [
      [mb(5), '', 'O arquivo de imagem não deve exceder 5MB.'],
      [mb(5), '?purpose=banner', 'A imagem do banner deve ter no máximo 5MB'],
      [mb(2), '?purpose=logo', 'A imagem deve ter no máximo 2MB'],
    ]
    for (const [data, query, message] of cases) {
      const res = await upload(data, { auth: user.headers, query })
      expect(res.statusCode, query).toBe(413)
      expect(res.json().message).toBe(message)
    }
    const justUnder = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]), {
      auth: user.headers,
      query: '?purpose=logo',
    })
    expect(justUnder.statusCode).toBe(201)
  })

  it('requires a token', async () => {
    const res = await upload(SAMPLES['image/png'], {})
    expect(res.statusCode).toBe(401)
    const forged = await upload(SAMPLES['image/png'], { auth: { authorization: 'Bearer x.y.z' } })
    expect(forged.statusCode).toBe(401)
  })
})
