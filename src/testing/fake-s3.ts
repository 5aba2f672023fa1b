import { spawn } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'

/**
 * A fake S3 from the S3 API reference (PutObject, GetObject, HeadObject, DeleteObject; the multipart upload: CreateMultipartUpload,
 * UploadPart, CompleteMultipartUpload, AbortMultipartUpload; "Authenticating Requests (AWS Signature Version 4)":
 * Authorization header and query-string/presigned auth), written from those pages and not from our adapter. Objects
 * live in memory. Errors are S3's XML bodies with its codes.
 */
export interface FakeS3 {
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  objects: Map<string, { body: Buffer; contentType: string }>
  /** Multipart uploads in progress (by UploadId): their parts by number. */
  uploads: Map<string, { key: string; parts: Map<number, Buffer>; contentType?: string }>
  /** Requests seen (method, path and query string), for assertions. */
  log: { method: string; path: string; query: string; auth: 'header' | 'query' }[]
  /** The fake's own idea of now (presigned expiry), moved by the test. */
  setNow(d: Date): void
  close(): Promise<void>
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const hex = (s: string) => createHash('sha256').update(s).digest('hex')
const mac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest()

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`)
}

/** "20130524T000000Z" → Date */
function parseAmzDate(s: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s)
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : undefined
}

export async function startFakeS3(opts: { bucket?: string; now?: Date } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'test-bucket'
  const accessKeyId = 'AKIDFAKES3'
  const secretAccessKey = 'fake-s3-secret-key'
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const log: FakeS3['log'] = []
  const uploads: FakeS3['uploads'] = new Map()
  let uploadSeq = 0
  let now = opts.now ?? new Date()

  /** The signature S3 would compute for this request, per the canonical-request steps of the reference. */
  function expectedSignature(
    req: http.IncomingMessage,
    rawPath: string,
    query: [string, string][],
    signedHeaders: string[],
    payloadHash: string,
    amzDate: string,
    scope: string[],
  ): string {
    const canonicalQuery = query
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .sort()
      .join('&')
    const headerLines = signedHeaders.map((h) => {
      const v = req.headers[h]
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`
    })
    const canonical = [
      req.method,
      rawPath,
      canonicalQuery,
      headerLines.join(''),
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n')
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope.join('/'), hex(canonical)].join('\n')
    const [day, region, service] = scope
    const key = mac(mac(mac(mac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request')
    return createHmac('sha256', key).update(stringToSign).digest('hex')
  }

  /** undefined when the request is authenticated, else the error already sent. */
  function authenticate(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, params: URLSearchParams) {
    const query = [...params.entries()]
    if (params.has('X-Amz-Signature')) {
      const cred = (params.get('X-Amz-Credential') ?? '').split('/')
      const amzDate = params.get('X-Amz-Date') ?? ''
      const expires = Number(params.get('X-Amz-Expires'))
      const signed = (params.get('X-Amz-SignedHeaders') ?? '').split(';')
      const date = parseAmzDate(amzDate)
      if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || cred.length !== 5 || !date || !(expires > 0)) {
        return xmlError(res, 400, 'AuthorizationQueryParametersError', 'Query-string authentication is malformed')
      }
      if (cred[0] !== accessKeyId) return xmlError(res, 403, 'InvalidAccessKeyId', 'Unknown access key')
      const rest = query.filter(([k]) => k !== 'X-Amz-Signature')
      const sig = expectedSignature(req, rawPath, rest, signed, 'UNSIGNED-PAYLOAD', amzDate, cred.slice(1))
      if (sig !== params.get('X-Amz-Signature')) {
        return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match')
      }
      if (now.getTime() > date.getTime() + expires * 1000)
        return xmlError(res, 403, 'AccessDenied', 'Request has expired')
      log.push({ method: req.method ?? '', path: rawPath, query: params.toString(), auth: 'query' })
      return true
    }
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    )
    if (!m) return xmlError(res, 403, 'AccessDenied', 'Access Denied')
    const cred = m[1].split('/')
    if (cred[0] !== accessKeyId) return xmlError(res, 403, 'InvalidAccessKeyId', 'Unknown access key')
    const amzDate = String(req.headers['x-amz-date'] ?? '')
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
    if (!payloadHash) return xmlError(res, 400, 'InvalidRequest', 'Missing x-amz-content-sha256')
    const sig = expectedSignature(req, rawPath, query, m[2].split(';'), payloadHash, amzDate, cred.slice(1))
    if (sig !== m[3])
      return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match')
    log.push({ method: req.method ?? '', path: rawPath, query: params.toString(), auth: 'header' })
    return true
  }

  const md5 = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`
  const xml = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/xml' })
    res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`)
  }
  async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    return Buffer.concat(chunks)
  }

  /**
   * The multipart upload's four calls; true when this request was one of them (and answered). Per the reference:
   * parts are numbered 1–10000, every part but the last at least 5 MiB, Complete lists them in ascending order with
   * the ETags UploadPart returned, and an unknown UploadId is NoSuchUpload.
   */
  async function multipartStep(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    key: string,
    params: URLSearchParams,
  ): Promise<boolean> {
    if (req.method === 'POST' && params.has('uploads')) {
      const id = `upload-${++uploadSeq}`
      uploads.set(id, { key, parts: new Map(), contentType: req.headers['content-type'] })
      xml(
        res,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      )
      return true
    }
    const id = params.get('uploadId')
    if (!id) return false
    const upload = uploads.get(id)
    if (!upload || upload.key !== key) {
      req.resume()
      xmlError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.')
      return true
    }
    if (req.method === 'PUT') {
      const n = Number(params.get('partNumber'))
      if (!Number.isInteger(n) || n < 1 || n > 10_000) {
        req.resume()
        xmlError(res, 400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000')
        return true
      }
      const body = await bodyOf(req)
      if (body.length !== Number(req.headers['content-length'])) {
        xmlError(res, 400, 'IncompleteBody', 'Body shorter than Content-Length')
        return true
      }
      upload.parts.set(n, body)
      res.writeHead(200, { etag: md5(body) })
      res.end()
      return true
    }
    if (req.method === 'DELETE') {
      uploads.delete(id)
      res.writeHead(204)
      res.end()
      return true
    }
    if (req.method !== 'POST') return false
    const listed = [...(await bodyOf(req)).toString().matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1])?.[1]),
      etag: /<ETag>([^<]+)<\/ETag>/.exec(m[1])?.[1]?.replace(/&quot;/g, '"'),
    }))
    if (listed.length === 0) {
      xmlError(res, 400, 'MalformedXML', 'The XML you provided was not well-formed')
      return true
    }
    for (const [i, p] of listed.entries()) {
      if (i > 0 && p.n <= listed[i - 1].n) {
        xmlError(res, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order.')
        return true
      }
      const part = upload.parts.get(p.n)
      if (!part || md5(part) !== p.etag) {
        xmlError(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.')
        return true
      }
      if (i < listed.length - 1 && part.length < 5 * 1024 * 1024) {
        xmlError(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.')
        return true
      }
    }
    const body = Buffer.concat(listed.map((p) => upload.parts.get(p.n)!))
    objects.set(key, { body, contentType: upload.contentType ?? 'binary/octet-stream' })
    uploads.delete(id)
    xml(
      res,
      `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"${createHash('md5').update(body).digest('hex')}-${listed.length}"</ETag></CompleteMultipartUploadResult>`,
    )
    return true
  }

  const server = http.createServer(async (req, res) => {
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?')
    const params = new URLSearchParams(rawQuery)
    if (authenticate(req, res, rawPath, params) !== true) return void req.resume()
    const [, bucketName, ...keyParts] = rawPath.split('/')
    const key = decodeURIComponent(keyParts.join('/'))
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
    const multipart = await multipartStep(req, res, key, params)
    if (multipart) return
    if (req.method === 'PUT') {
      const length = req.headers['content-length']
      if (length === undefined) return xmlError(res, 411, 'MissingContentLength', 'You must provide the Content-Length')
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const body = Buffer.concat(chunks)
      if (body.length !== Number(length))
        return xmlError(res, 400, 'IncompleteBody', 'Body shorter than Content-Length')
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') })
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` })
      return void res.end()
    }
    if (req.method === 'GET') {
      const obj = objects.get(key)
      if (!obj) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.')
      const headers: Record<string, string> = {
        'content-type': params.get('response-content-type') ?? obj.contentType,
        'content-length': String(obj.body.length),
      }
      const disposition = params.get('response-content-disposition')
      if (disposition) headers['content-disposition'] = disposition
      res.writeHead(200, headers)
      return void res.end(obj.body)
    }
    // HeadObject: "identical to the GET response except that there is no response body", a missing key a bodiless 404
    if (req.method === 'HEAD') {
      const obj = objects.get(key)
      res.writeHead(
        obj ? 200 : 404,
        obj ? { 'content-type': obj.contentType, 'content-length': String(obj.body.length) } : {},
      )
      return void res.end()
    }
    if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204)
      return void res.end()
    }
    xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    uploads,
    log,
    setNow: (d) => {
      now = d
    },
    close: () => new Promise((r) => server.close(() => r())),
  }
}

export type FakeS3Process = Pick<FakeS3, 'url' | 'bucket' | 'accessKeyId' | 'secretAccessKey' | 'close'>

/**
 * The same fake in a process of its own, for the tests that measure another process's memory: the objects it keeps
 * (a 200 MB upload is 200 MB there) are neither the api's nor the test runner's.
 */
export async function startFakeS3Process(): Promise<FakeS3Process> {
  const script = `import(${JSON.stringify(import.meta.filename)}).then((m) => m.startFakeS3()).then((f) => {
    console.log(JSON.stringify({ url: f.url, bucket: f.bucket, accessKeyId: f.accessKeyId, secretAccessKey: f.secretAccessKey }))
  })`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((r) => child.once('exit', r))
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`fake S3 process exited with ${code}`)))
  })
  const info = JSON.parse(line) as Omit<FakeS3Process, 'close'>
  return {
    ...info,
    close: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
