import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: optionalString,
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'deve ter pelo menos 32 caracteres').optional()),
  PUBLIC_URL: optionalUrl,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'deve ter pelo menos 8 caracteres').optional()),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_EXPIRES_IN: z.string().default('7d'),
  PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(15).default(10),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  /**
   * Who may set X-Forwarded-For: off (the socket address is the client), a hop count, or a comma list of proxy
   * addresses/CIDRs. Rate limits and the buyer IP sent to the gateway depend on it, so it is off unless a proxy is there.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform(parseTrustProxy),
  /** Orders one address may submit per minute: slows card testing without bothering a real buyer. */
  RATE_LIMIT_ORDER_MAX: z.coerce.number().int().positive().default(30),
  QUEUE_PREFIX: z.string().default('checkout'),
  JOB_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).default(1000),
  /** Jobs are mostly waits on external services (gateway, UTMFY, CAPI), so a worker runs many at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  /**
   * A delivery (UTMify, Conversions API, e-mail, webhook) claimed longer ago than this belongs to a worker that died
   * and is taken again. Longer than any outside call's timeout (10 s), shorter than a delivery job's retry schedule.
   */
  DELIVERY_CLAIM_STALE_MS: z.coerce.number().int().min(1).default(30_000),
  ATIVOPAY_API_URL: optionalUrl,
  CEP_LOOKUP_URL: z.url().default('https://viacep.com.br/ws'),
  /** UTMify's credentials API base: orders are POSTed to {UTMFY_API_URL}/orders. */
  UTMFY_API_URL: z.url().default('https://api.utmify.com.br/api-credentials'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** The built SPA (default dist/web); parallel builds point their own folders here. */
  WEB_DIST: optionalString,
  /** How long a client may take to send a whole request (slow-loris guard); 0 turns it off. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** How long an idle keep-alive connection stays open: above a load balancer's idle timeout (often 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** Conversions API events go to {FACEBOOK_GRAPH_URL}/{FACEBOOK_GRAPH_VERSION}/{pixelId}/events. */
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
})

export type Env = z.infer<typeof envSchema>

/** `TRUST_PROXY` → Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
export function parseTrustProxy(value: string | undefined, ctx?: z.RefinementCtx): false | number | string[] {
  const v = value?.trim().toLowerCase()
  if (!v || v === 'off' || v === 'false' || v === '0') return false
  if (/^\d+$/.test(v)) return Number(v)
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.find((a) => !/^([0-9a-f.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/.test(a))
  if (bad !== undefined) {
    ctx?.addIssue({
      code: 'custom',
      message: `endereço de proxy inválido: ${bad} (use off, um número de saltos ou uma lista de IPs)`,
    })
    return false
  }
  return list
}

export interface AppConfig extends Omit<Env, 'APP_SECRET' | 'SEED_DEMO'> {
  APP_SECRET: string
  /** Embedded mode: PGlite in-process instead of DATABASE_URL. */
  embedded: boolean
  /** Jobs run through BullMQ when REDIS_URL is set, otherwise in-process. */
  useRedis: boolean
  seedDemo: boolean
  uploadsDir: string
  publicUrl: string
  /** Whether this process should run queue workers (api in embedded mode, the worker process). */
  runWorkers: boolean
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const embedded = !e.DATABASE_URL
  const dataDir = path.resolve(e.DATA_DIR)
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError('Configuração inválida:\n  APP_SECRET: obrigatório quando NODE_ENV=production')
  }
  const appSecret = e.APP_SECRET ?? persistedSecret(dataDir)
  return {
    ...e,
    DATA_DIR: dataDir,
    APP_SECRET: appSecret,
    embedded,
    useRedis: Boolean(e.REDIS_URL),
    seedDemo: e.NODE_ENV !== 'production' && embedded && e.SEED_DEMO !== '0',
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    runWorkers: !e.REDIS_URL,
  }
}

/** Outside production a secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
