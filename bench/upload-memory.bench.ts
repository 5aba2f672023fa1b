// The api's memory while a merchant uploads a large product file (issue 35: streamed, never held whole): the compiled
// api's RSS idle, then sampled every 20 ms during one upload of BENCH_UPLOAD_MB (default 50) MB, on the local folder
// or, with BENCH_STORAGE=s3, through the fake S3. Run: npx tsx bench/upload-memory.bench.ts
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type FakeS3, startFakeS3 } from '../src/testing/fake-s3'
import { apiClient, digitalStore, startProductionApp } from './support/production-app'

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 50)
const useS3 = process.env.BENCH_STORAGE === 's3'

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

/** A PDF header then zeros, made chunk by chunk: the bench itself never holds the file either. */
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

let fake: FakeS3 | undefined
if (useS3) fake = await startFakeS3()
const app = await startProductionApp({
  name: 'upload-memory',
  env: fake
    ? {
        STORAGE_URL: `s3://${fake.bucket}?endpoint=${encodeURIComponent(fake.url)}`,
        S3_ACCESS_KEY_ID: fake.accessKeyId,
        S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      }
    : {},
})
try {
  const call = apiClient(app.appBase)
  const shop = await digitalStore(call, {
    email: `bench-upload-${Date.now()}@example.com`,
    storeName: 'Loja Bench',
    sandboxKey: 'sk_sandbox_bench_upload',
  })
  const pid = app.api.pid!
  await new Promise((r) => setTimeout(r, 1000))
  const idle = rssMb(pid)

  const boundary = '----bench-upload'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  const tail = `\r\n--${boundary}--\r\n`
  const size = MB * 1024 * 1024
  let peak = idle
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
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
  peak = Math.max(peak, rssMb(pid))
  if (status !== 201) throw new Error(`upload answered ${status}`)
  console.log(
    `upload ${MB} MB to ${useS3 ? 'S3 (fake)' : 'local folder'} in ${Date.now() - started} ms: api RSS idle ${idle.toFixed(1)} MB, peak ${peak.toFixed(1)} MB (+${(peak - idle).toFixed(1)} MB)`,
  )
} finally {
  await app.close()
  await fake?.close()
}
