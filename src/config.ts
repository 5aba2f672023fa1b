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
  /** Jobs are mostly waits on external services (gateway, UTMify, CAPI), so a worker runs many at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  /**
   * A delivery (UTMify, Conversions API, e-mail, webhook) claimed longer ago than this belongs to a worker that died
   * and is taken again. Longer than any outside call's timeout (10 s), shorter than a delivery job's retry schedule.
   */
  DELIVERY_CLAIM_STALE_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * A subscription cycle claimed by the billing scanner longer ago than this belongs to a worker that died and is taken
   * again (issue 36). Longer than payments' abandoned-charge sweep takes to read a dead worker's charge back from the
   * gateway (charges older than 2 min, swept every minute: ≤ 3 min), so nobody bills that cycle again before it.
   */
  SUBSCRIPTION_CLAIM_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  /** Connections per process to PostgreSQL; api replicas × this must stay under the server's max_connections. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * '0' sends every statement unnamed (parsed and planned each time): for a pooler that cannot keep named statements
   * across transactions (PgBouncer in transaction mode before 1.21). Named by default (platform/prepared-statements.ts).
   */
  DB_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
  /** A query that cannot get a connection this fast fails, and its request is answered 503 instead of waiting. */
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  /** A request (headers and body) must arrive within this; protects the server from slow clients. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** Idle keep-alive connections stay this long: longer than the proxy's own idle timeout (nginx: 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** On SIGTERM, readiness turns 503 for this long before the listener closes, so a load balancer notices. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** On SIGTERM, in-flight requests and running jobs get this long to finish; past it the exit is forced (logged). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).default(20_000),
  /** Bearer token for /metrics; in production /metrics is not served without it. */
  METRICS_TOKEN: optionalString,
  /** The worker's health and metrics port (several workers on one host: one each); 0 picks a free one. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /**
   * Reconciliation with the gateway: every RECONCILE_EVERY_MS, up to RECONCILE_BATCH charges still PENDING
   * RECONCILE_AFTER_MS after creation (and not expired) are asked again, oldest first, each backing off to at most
   * RECONCILE_MAX_INTERVAL_MS between asks. A paid order then stays PENDING at most max interval + period after the
   * gateway settled it (5 min by default) even when the postback never comes.
   */
  RECONCILE_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  RECONCILE_MAX_INTERVAL_MS: z.coerce.number().int().min(100).default(240_000),
  RECONCILE_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * Refunds the gateway never answered (timeout, crash): every REFUND_SWEEP_EVERY_MS (one run across every process) up
   * to REFUND_SWEEP_BATCH refunds still PENDING REFUND_SWEEP_AFTER_MS after they were asked (past the 30 s refund
   * call) are looked up at the gateway, oldest first: found, they are settled; absent, asked again with the same
   * reference until REFUND_SWEEP_GIVE_UP_MS after they were asked, then FAILED and their amount released (by
   * default asked again at most 4 times: about (GIVE_UP - AFTER) / EVERY).
   */
  REFUND_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(60_000),
  REFUND_SWEEP_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  REFUND_SWEEP_GIVE_UP_MS: z.coerce.number().int().min(0).default(360_000),
  REFUND_SWEEP_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * Merchant webhooks: the waits before each retry of a failed delivery (ms, comma list). The default — 5 s, 5 min,
   * 30 min, 2 h, 5 h, 10 h, 10 h — keeps trying for about 27 h, as the Standard Webhooks guidance suggests.
   */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'lista de milissegundos separados por vírgula')
    .default('5000,300000,1800000,7200000,18000000,36000000,36000000')
    .transform((v) => v.split(',').map(Number)),
  /** An endpoint whose deliveries fail for this long (3 days by default) is disabled, with a notice to the merchant. */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 86_400_000),
  /**
   * Where uploaded product files live: `file:<folder>` (default `<DATA_DIR>/files`) or
   * `s3://<bucket>?endpoint=<url>&region=<region>` for an S3-compatible bucket shared by every replica.
   */
  STORAGE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(file:.+|s3:\/\/[a-z0-9.-]+\?(.*&)?endpoint=.+)$/, 'use file:<pasta> ou s3://<bucket>?endpoint=<url>')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Largest product file a merchant may upload, in MB (larger: 413). */
  UPLOAD_FILE_MAX_MB: z.coerce.number().int().min(1).max(5000).default(500),
  ATIVOPAY_API_URL: optionalUrl,
  /** Asaas API v3 base (paths /v3/...): production https://api.asaas.com, sandbox https://api-sandbox.asaas.com. */
  ASAAS_API_URL: z.url().default('https://api.asaas.com'),
  /**
   * The platform's own Asaas account (issue 37 payouts): set, an approved affiliate payout is sent from it as a PIX
   * transfer (POST /v3/transfers); unset, the admin marks payouts paid by hand.
   */
  PLATFORM_ASAAS_API_KEY: optionalString,
  /** The `asaas-access-token` the platform's Asaas account sends with its transfer webhooks. */
  PLATFORM_ASAAS_WEBHOOK_TOKEN: optionalString,
  /** Circuit breaker of a gateway account: this many failures within a minute skip it for GATEWAY_BREAKER_OPEN_MS. */
  GATEWAY_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  GATEWAY_BREAKER_OPEN_MS: z.coerce.number().int().min(1000).default(30_000),
  CEP_LOOKUP_URL: z.url().default('https://viacep.com.br/ws'),
  /** UTMify's credentials API base: orders are POSTed to {UTMIFY_API_URL}/orders. */
  UTMIFY_API_URL: z.url().default('https://api.utmify.com.br/api-credentials'),
  /** Melhor Envio's API host (issue 38): the sandbox by default; https://melhorenvio.com.br for real labels. */
  MELHOR_ENVIO_API_URL: z.url().default('https://sandbox.melhorenvio.com.br'),
  /** smtp://user:pass@host:port (smtps:// for TLS). Unset: every e-mail is kept in the admin mailbox (/admin/emails). */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'deve ser smtp://usuário:senha@servidor:porta ou smtps://…')
      .optional(),
  ),
  /** The From of every e-mail: "Loja <no-reply@example.com>" or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]+$/, 'não pode ter quebras de linha')
    .refine(
      (v) => /^\s*[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+\s*$/.test(v) || /^[^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>\s*$/.test(v),
      'deve ser um e-mail ou "Nome <email@dominio>"',
    )
    .default('Checkout <no-reply@checkout.local>'),
  /** The platform's name in its own e-mails (password reset): header, subject and From's display name. */
  PLATFORM_NAME: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[^\r\n<>"]+$/, 'não pode ter quebras de linha, aspas ou < >')
    .default('Checkout Platform'),
  /** First retry of a temporary SMTP failure; each next one waits twice as long (11 tries ≈ 34 h at the default). */
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(120_000),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** The built SPA (default dist/web); parallel builds point their own folders here. */
  WEB_DIST: optionalString,
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
  /** Whether PUBLIC_URL was given (otherwise publicUrl is the local default, which no gateway can reach). */
  publicUrlSet: boolean
  /** Whether this process should run queue workers (api in embedded mode, the worker process). */
  runWorkers: boolean
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // A deployment still naming the old variable would otherwise send its orders to the default (the real UTMify).
  if (env.UTMFY_API_URL !== undefined) {
    throw new ConfigError('Configuração inválida:\n  UTMFY_API_URL: renomeada para UTMIFY_API_URL')
  }
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
  if (e.STORAGE_URL?.startsWith('s3:') && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuração inválida:\n  STORAGE_URL: s3:// pede S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY')
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
    publicUrlSet: Boolean(e.PUBLIC_URL),
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
