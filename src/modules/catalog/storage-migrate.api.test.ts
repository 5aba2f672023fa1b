/**
 * `npm run storage:migrate` (issue 35) against the fake S3: the script itself, run as the npm script runs it, copies
 * the product files and the images (those on the storage port's folder and the older ones on UPLOADS_DIR) into the
 * bucket, reports its counts, skips what is already there on a second run and copies only what is missing after a cut;
 * then an api on the bucket, with no local disk, still serves every image and the file.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakeS3, startFakeS3 } from '../../testing/fake-s3'
import { createTestApp, type TestApp } from '../../testing/test-app'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const LEGACY = `${'ab'.repeat(16)}.gif`

let fake: FakeS3
let local: TestApp
let onBucket: TestApp | undefined
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'legacy-uploads-'))
beforeAll(async () => {
  fake = await startFakeS3()
  local = await createTestApp({ redis: false, env: { UPLOADS_DIR: uploadsDir } })
})
afterAll(async () => {
  await onBucket?.close()
  await local.close()
  await fake.close()
})

const bucketEnv = () => ({
  STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
  S3_ACCESS_KEY_ID: fake.accessKeyId,
  S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
})

/** The script as a child process (async: the fake S3 answers from this very process). */
async function migrate() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/storage-migrate-cli.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
      DATABASE_URL: local.app.config.DATABASE_URL,
      DATA_DIR: local.app.config.DATA_DIR,
      UPLOADS_DIR: uploadsDir,
      ...bucketEnv(),
    },
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c) => {
    out += c
  })
  child.stderr.on('data', (c) => {
    err += c
  })
  const code = await new Promise((r) => child.once('exit', r))
  expect(code, err).toBe(0)
  return out.trim().split('\n').at(-1)
}

it('copies files and images into the bucket, idempotent and resumable, and the images keep loading', async () => {
  const user = await local.login()
  const boundary = '----migrate-test'
  const res = await local.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...user.headers },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  expect(res.statusCode).toBe(201)
  const portImage: string = res.json().url
  // an image from before the storage port, on the api's disk, and a stray file that is not one of ours
  writeFileSync(path.join(uploadsDir, LEGACY), GIF)
  writeFileSync(path.join(uploadsDir, 'notas.txt'), 'x')
  mkdirSync(path.join(local.app.config.DATA_DIR, 'files', 'products', 'p1'), { recursive: true })
  writeFileSync(path.join(local.app.config.DATA_DIR, 'files', 'products', 'p1', 'f1'), '%PDF-1.7 conteúdo')

  expect(await migrate()).toBe('Arquivos: 2 copiado(s), 0 já no bucket. Imagens: 1 copiada(s), 0 já no bucket.')
  expect(fake.objects.get(`images/${LEGACY}`)?.body.equals(GIF)).toBe(true)
  expect(fake.objects.get(`images/${LEGACY}`)?.contentType).toBe('image/gif')
  expect(fake.objects.has('images/notas.txt')).toBe(false)
  expect(await migrate()).toBe('Arquivos: 0 copiado(s), 2 já no bucket. Imagens: 0 copiada(s), 1 já no bucket.')
  // a run cut short: what is missing is copied, the rest left alone
  fake.objects.delete(`images/${LEGACY}`)
  expect(await migrate()).toBe('Arquivos: 0 copiado(s), 2 já no bucket. Imagens: 1 copiada(s), 0 já no bucket.')

  // the switch: an api on the bucket, with an empty UPLOADS_DIR of its own
  onBucket = await createTestApp({
    redis: false,
    env: { ...bucketEnv(), UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'no-uploads-')) },
  })
  for (const [url, bytes, type] of [
    [portImage, PNG, 'image/png'],
    [`/uploads/${LEGACY}`, GIF, 'image/gif'],
  ] as const) {
    const served = await onBucket.app.inject({ url })
    expect(served.statusCode, url).toBe(200)
    expect(served.headers['content-type']).toBe(type)
    expect(served.rawPayload.equals(bytes)).toBe(true)
  }
}, 150_000)
