/**
 * The merchant-webhook wire: Standard Webhooks signing (standardwebhooks.com) and an HTTP POST that cannot be turned
 * against our own network. In production the address is checked where it is used — at connect time, through the
 * socket's own `lookup` — so a name that resolved to a public address at registration and to 127.0.0.1 now (DNS
 * rebinding) is still refused. No redirect is followed, the call ends after 10 s, and at most 64 KB of the answer is
 * read: a receiver that hangs, redirects or answers 10 MB costs one bounded job.
 */
import { createHmac, randomBytes } from 'node:crypto'
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import { WEBHOOK_MESSAGES } from '../../shared/webhooks'

export const WEBHOOK_TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 64 * 1024
const EXCERPT_CHARS = 500

// ---- signing ---------------------------------------------------------------------------------------------------

/** A new signing secret: `whsec_` and 24 random bytes in base64, the format every Standard Webhooks library reads. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` with the secret's decoded bytes as key. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The three Standard Webhooks headers; during a rotation both secrets sign (space-separated signatures). */
export function webhookHeaders(secrets: string[], id: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  }
}

// ---- addresses -------------------------------------------------------------------------------------------------

const blocked = new net.BlockList()
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4')
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6')

/** Private, loopback, link-local, reserved or multicast: never a merchant's public receiver. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return true
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  return blocked.check(address, 'ipv6')
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>
const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true })

export class UnsafeAddressError extends Error {}

/**
 * A socket `lookup` that resolves the name and refuses it when any of its addresses is private, so the address
 * connected to is the one checked. `resolve` is the system resolver outside tests.
 */
export function safeLookup(resolve: Resolve = systemResolve, refusePrivate = true): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const wanted =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all
        if (wanted.length === 0) return callback(new UnsafeAddressError(WEBHOOK_MESSAGES.unresolvable), '', 4)
        if (refusePrivate && wanted.some((a) => isPrivateAddress(a.address)))
          return callback(new UnsafeAddressError(WEBHOOK_MESSAGES.privateAddress), '', 4)
        if (options.all) return (callback as (e: null, a: typeof wanted) => void)(null, wanted)
        callback(null, wanted[0]!.address, wanted[0]!.family)
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    )
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a merchant may register this URL: https (http only to localhost outside production), no credentials, and
 * in production no name or literal that resolves to a private address. The message is the field's error.
 */
export async function checkWebhookUrl(
  raw: string,
  production: boolean,
  resolve: Resolve = systemResolve,
): Promise<string | undefined> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.credentials
  const local = LOCAL_HOSTS.has(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !production))
    return WEBHOOK_MESSAGES.httpsOnly
  if (!production) return undefined
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host)) return isPrivateAddress(host) ? WEBHOOK_MESSAGES.privateAddress : undefined
  try {
    const all = await resolve(host)
    if (all.length === 0) return WEBHOOK_MESSAGES.unresolvable
    return all.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_MESSAGES.privateAddress : undefined
  } catch {
    return WEBHOOK_MESSAGES.unresolvable
  }
}

// ---- the POST --------------------------------------------------------------------------------------------------

export interface PostOutcome {
  /** null when no answer came (refused, timeout, unsafe address). */
  status: number | null
  durationMs: number
  excerpt: string | null
  error: string | null
}

/** POSTs one message; never throws, never follows a redirect (a 3xx is an answer like any other non-2xx). */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  opts: { production: boolean; resolve?: Resolve; timeoutMs?: number },
): Promise<PostOutcome> {
  const started = Date.now()
  const done = (o: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({ ...o, durationMs: Date.now() - started })
  return new Promise((resolve) => {
    let url: URL
    try {
      url = new URL(target)
    } catch {
      return resolve(done({ status: null, excerpt: null, error: WEBHOOK_MESSAGES.urlInvalid }))
    }
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // A literal address never goes through `lookup`: it is checked here.
    if (opts.production && net.isIP(host) && isPrivateAddress(host))
      return resolve(done({ status: null, excerpt: null, error: WEBHOOK_MESSAGES.privateAddress }))
    const client = url.protocol === 'https:' ? https : http
    let settled = false
    const finish = (o: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(done(o))
    }
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Checkout-Webhooks/1.0',
        },
        agent: false,
        ...(opts.production || opts.resolve ? { lookup: safeLookup(opts.resolve, opts.production) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const end = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS)
          finish({ status: res.statusCode ?? null, excerpt: text || null, error: null })
          res.destroy()
        }
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size))
          size += chunk.length
          // Enough read: what follows is not worth the bandwidth nor the time.
          if (size >= MAX_ANSWER_BYTES) end()
        })
        res.on('end', end)
        res.on('error', end)
      },
    )
    const timer = setTimeout(() => {
      req.destroy()
      finish({
        status: null,
        excerpt: null,
        error: `Sem resposta em ${(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`,
      })
    }, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS)
    req.on('error', (err) => {
      const message = err instanceof UnsafeAddressError ? err.message : `Falha de conexão: ${err.message}`
      finish({ status: null, excerpt: null, error: message })
    })
    req.end(body)
  })
}
