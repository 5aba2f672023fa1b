import { createHash, createHmac } from 'node:crypto'

/**
 * AWS Signature Version 4 for S3, small on purpose (no SDK: the api stays light in memory). From the S3 API
 * reference, "Authenticating Requests (AWS Signature Version 4)": header auth with UNSIGNED-PAYLOAD, and query auth
 * (presigned URLs).
 */
export interface Credentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'

/** RFC 3986: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded (slashes kept in paths). */
export function uriEncode(value: string, keepSlash = false): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b)
      if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) return c
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`
    })
    .join('')
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex')
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest()

/** 20130524T000000Z */
export function amzDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

function signature(creds: Credentials, when: string, canonicalRequest: string): { scope: string; signature: string } {
  const day = when.slice(0, 8)
  const scope = `${day}/${creds.region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', when, scope, sha256hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request')
  return { scope, signature: createHmac('sha256', key).update(toSign).digest('hex') }
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

function canonicalRequest(method: string, url: URL, headers: Record<string, string>, payloadHash: string) {
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort()
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]))
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]}\n`).join('')
  const signedHeaders = names.join(';')
  // the URL's pathname is already percent-encoded once; S3 signs it as sent, without encoding it again
  const text = [method, url.pathname, canonicalQuery(url.searchParams), canonicalHeaders, signedHeaders, payloadHash]
  return { text: text.join('\n'), signedHeaders }
}

/** Headers for a request with the Authorization header; the body is sent unsigned (it is streamed). */
export function signHeaders(
  creds: Credentials,
  method: string,
  url: URL,
  extra: Record<string, string>,
  now: Date,
): Record<string, string> {
  const when = amzDate(now)
  const headers: Record<string, string> = {
    ...extra,
    host: url.host,
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    'x-amz-date': when,
  }
  const req = canonicalRequest(method, url, headers, UNSIGNED_PAYLOAD)
  const { scope, signature: sig } = signature(creds, when, req.text)
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${req.signedHeaders}, Signature=${sig}`
  return headers
}

/** A presigned GET (query auth): valid `expiresInSec` seconds from `now`. Extra query params are signed too. */
export function presign(creds: Credentials, method: string, url: URL, expiresInSec: number, now: Date): string {
  const when = amzDate(now)
  const signed = new URL(url)
  signed.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256')
  signed.searchParams.set(
    'X-Amz-Credential',
    `${creds.accessKeyId}/${when.slice(0, 8)}/${creds.region}/s3/aws4_request`,
  )
  signed.searchParams.set('X-Amz-Date', when)
  signed.searchParams.set('X-Amz-Expires', String(expiresInSec))
  signed.searchParams.set('X-Amz-SignedHeaders', 'host')
  const req = canonicalRequest(method, signed, { host: signed.host }, UNSIGNED_PAYLOAD)
  const { signature: sig } = signature(creds, when, req.text)
  // built by hand so every value is encoded exactly as it was signed (URLSearchParams writes spaces as '+')
  return `${signed.origin}${signed.pathname}?${canonicalQuery(signed.searchParams)}&X-Amz-Signature=${sig}`
}
