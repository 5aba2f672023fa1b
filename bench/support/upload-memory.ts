// The api's memory while a merchant uploads a large product file, measured as production runs it: the compiled api
// started with the Dockerfile's own command (its node flags), RSS read from /proc every 20 ms during one multipart
// upload streamed from a generator (the client never holds the file either). Shared by bench/upload-memory.bench.ts
// and src/platform/upload-memory.process.test.ts.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type FakeS3Process, startFakeS3Process } from '../../src/testing/fake-s3'
import { apiClient, digitalStore, ROOT, type Starter, startProductionApp } from './production-app'

export const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

/** The node flags of the Dockerfile's CMD for the api (`CMD ["node", ...flags, "dist/server/server.js"]`). */
export function productionApiFlags(): string[] {
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1]
  const argv = cmd ? (JSON.parse(cmd) as string[]) : []
  if (argv[0] !== 'node' || argv.at(-1) !== 'dist/server/server.js') throw new Error(`Dockerfile CMD: ${cmd}`)
  return argv.slice(1, -1)
}

/** The api with the Dockerfile's flags; the worker as compose starts it. */
const productionStart: Starter = (file, env, role) =>
  spawn(process.execPath, [...(role === 'api' ? productionApiFlags() : ['--enable-source-maps']), file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })

/** A PDF header then zeros, made chunk by chunk. */
function pdfStream(bytes: number): Readable {
  let sent = 0
  const chunk = Buffer.alloc(64 * 1024)
  return new Readable({
    read() {
      if (sent === 0) {
        const head = Buffer.from('%PDF-1.7\n')
        sent += head.length
        return void this.push(head)
      }
      if (sent >= bytes) return void this.push(null)
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
      sent += part.length
      this.push(part)
    },
  })
}

export interface UploadMemory {
  status: number
  idleMb: number
  peakMb: number
  ms: number
  storage: 'local' | 's3'
  /** The size the api recorded for the stored file (the whole upload, or it failed). */
  storedBytes: number | undefined
}

export async function measureUploadMemory(opts: { mb: number; s3?: boolean; name: string }): Promise<UploadMemory> {
  // the fake in its own process: what it keeps is not the api's memory, nor the runner's
  let fake: FakeS3Process | undefined
  if (opts.s3) fake = await startFakeS3Process()
  const app = await startProductionApp({
    name: opts.name,
    start: productionStart,
    env: fake
      ? {
          STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
          S3_ACCESS_KEY_ID: fake.accessKeyId,
          S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
        }
      : {},
  })
  try {
    const shop = await digitalStore(apiClient(app.appBase), {
      email: `${opts.name}-${Date.now()}@example.com`,
      storeName: 'Loja Upload',
      sandboxKey: `sk_sandbox_${opts.name.replace(/\W/g, '_')}`,
    })
    const pid = app.api.pid as number
    const idleMb = rssMb(pid)
    const boundary = '----upload-memory'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    const tail = `\r\n--${boundary}--\r\n`
    const size = opts.mb * 1024 * 1024
    let peakMb = idleMb
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(pid))
    }, 20)
    const started = Date.now()
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${app.appBase}/api/stores/${shop.storeId}/products/${shop.productId}/files`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${shop.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
        },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write(head)
      pipeline(pdfStream(size), req, { end: false })
        .then(() => req.end(tail))
        .catch(reject)
    })
    clearInterval(sampler)
    peakMb = Math.max(peakMb, rssMb(pid))
    const ms = Date.now() - started
    const row = await app.sql.query<{ size_bytes: string }>(
      'select size_bytes from product_files where product_id = $1',
      [shop.productId],
    )
    const storedBytes = row.rows[0] ? Number(row.rows[0].size_bytes) : undefined
    return { status, idleMb, peakMb, ms, storage: fake ? 's3' : 'local', storedBytes }
  } finally {
    await app.close()
    await fake?.close()
  }
}
