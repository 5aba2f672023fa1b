import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import pino from 'pino'
import type { AppConfig } from './config'
import { composeModules, type ModuleDeps } from './modules'
import { findSessionState } from './modules/identity'
import { orderPaid, orderPlaced } from './modules/ordering'
import { gatewayStats } from './modules/payments'
import { storesService } from './modules/stores'
import type { AppModule } from './modules/types'
import { authPlugin } from './platform/auth'
import type { CheckoutRender } from './platform/checkout-first-paint'
import { type Clock, systemClock } from './platform/clock'
import { type Db, type DbHandle, openDatabase } from './platform/db'
import { registerDrain } from './platform/drain'
import { registerErrorHandler } from './platform/errors'
import { Lifecycle, registerHealthRoutes } from './platform/health'
import { registerPriorityLanes } from './platform/http-priority'
import { registerInputGuard } from './platform/input-guard'
import { type JobQueue, type Subscription, within } from './platform/jobs'
import { Metrics } from './platform/metrics'
import { migrate } from './platform/migrate'
import { OutboxRelay, registerSubscriptions } from './platform/outbox-relay'
import { PROJECT_ROOT } from './platform/paths'
import { registerPublicConfigCache } from './platform/public-config-cache'
import { BullmqJobQueue } from './platform/queue-bullmq'
import { EmbeddedJobQueue } from './platform/queue-embedded'
import { RateLimiter } from './platform/rate-limit'
import { purgeJob } from './platform/retention'
import { registerSecurityHeaders } from './platform/security-headers'
import { followChanges, SettingsCache } from './platform/settings-cache'
import { registerSpa } from './platform/spa'
import { createStorage, LocalStorage, type Storage } from './platform/storage'
import { registerLocalStorageRoutes } from './platform/storage/local-routes'
import { storeGuardPlugin } from './platform/store-guard'
import type { FirstReads, renderCheckout } from './web/checkout-server'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    db: Db
    jobs: JobQueue
    relay: OutboxRelay
    rateLimiter: RateLimiter
    /** Product files (local folder or S3-compatible bucket): ask the port, never an adapter. */
    storage: Storage
    clock: Clock
  }
}

/** The built SPA, unless config.WEB_DIST points elsewhere (several builds that must not share one folder). */
const DEFAULT_WEB_DIST = path.join(PROJECT_ROOT, 'dist/web')
/** How long a forced stop (jobs still running past the deadline) waits for the database pool to close. */
export const FORCED_CLOSE_GRACE_MS = 1000

export interface Runtime {
  config: AppConfig
  log: FastifyBaseLogger
  dbHandle: DbHandle
  db: Db
  jobs: JobQueue
  relay: OutboxRelay
  metrics: Metrics
  /** The application's modules, composed with their dependencies (their routes are registered by buildApp). */
  modules: AppModule[]
  /** Flipped by the entry point on SIGTERM: readiness answers 503 and responses close their connection. */
  lifecycle: Lifecycle
  close(): Promise<void>
  /** Stops the relay and the queue (running jobs get `deadlineMs`), then the database; false if jobs were cut. */
  stop(deadlineMs?: number): Promise<boolean>
}

/** What every log line leaves out (the card-data test logs through the same list). */
export const LOG_REDACT = ['req.headers.authorization', '*.password', '*.apiKey', '*.cardNumber', '*.cvv']

export function createLogger(config: AppConfig): FastifyBaseLogger {
  return pino({ level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL, redact: LOG_REDACT })
}

/**
 * Database, queue and outbox relay: what both the api and the worker process need.
 * `workers` runs the job handlers in this process (always in embedded mode).
 */
export async function createRuntime(
  config: AppConfig,
  opts: {
    log?: FastifyBaseLogger
    workers?: boolean
    migrate?: boolean
    /**
     * Relay the outbox from this process. By default only where the handlers run (the worker, or embedded mode): an
     * api beside a worker leaves it to the worker, so a burst of orders does not also cost the api the enqueues.
     */
    relay?: boolean
    /** The relay's safety poll (tests prove delivery without it by making it very long). */
    relayPollMs?: number
    /** Extra modules beside the application's own (tests). */
    extraModules?: AppModule[]
    /** The `process` label of this process's metrics. */
    role?: 'api' | 'worker'
    /** What the modules are given instead of their defaults (tests: a fake gateway transport). */
    moduleDeps?: ModuleDeps
  } = {},
): Promise<Runtime> {
  const appModules = composeModules(opts.moduleDeps)
  const modules = [...appModules, ...(opts.extraModules ?? [])]
  const log = opts.log ?? createLogger(config)
  const metrics = new Metrics({ process: opts.role ?? 'api' })
  const dbHandle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_POOL_ACQUIRE_TIMEOUT_MS,
    preparedStatements: config.DB_PREPARED_STATEMENTS === '1',
    observer: {
      acquired: (ms) => metrics.poolWaitSeconds.observe(ms / 1000),
      timedOut: () => metrics.poolTimeouts.inc(),
    },
  })
  const db = dbHandle.db
  if (opts.migrate ?? true) await migrate(db)
  const jobMetrics = {
    jobFailed: (job: string) => metrics.jobFailures.inc({ job }),
    deliveryFailed: (integration: string) => metrics.deliveryFailures.inc({ integration }),
  }
  const jobs: JobQueue = config.useRedis
    ? new BullmqJobQueue(db, config, log, jobMetrics)
    : new EmbeddedJobQueue(db, config, log, undefined, jobMetrics)
  const subscriptions: Subscription[] = modules.flatMap((m) => m.subscriptions ?? [])
  registerSubscriptions(jobs, subscriptions)
  const defs = [purgeJob, ...modules.flatMap((m) => m.jobs ?? [])]
  for (const def of defs) jobs.register(def)
  for (const def of defs) {
    const every = typeof def.everyMs === 'function' ? def.everyMs(config) : def.everyMs
    if (every) await jobs.schedule(def.name, every)
  }
  const relay = new OutboxRelay(db, jobs, subscriptions, log, {
    listen: dbHandle.listen,
    pollMs: opts.relayPollMs,
    onRelayed: (events) => metrics.countRelayed(events, { placed: orderPlaced.name, paid: orderPaid.name }),
  })
  metrics.watch({ db, jobs, pool: () => dbHandle.poolStats() })
  metrics.watchGateways(() => gatewayStats(config))
  const runsHandlers = opts.workers ?? config.runWorkers
  if (runsHandlers) await jobs.startWorkers()
  if (opts.relay ?? runsHandlers) await relay.start()
  // The handlers' per-store settings follow the merchants' saves (platform/settings-cache.ts).
  const unfollow = runsHandlers && jobs.settings ? await followChanges(jobs.settings, dbHandle, log) : undefined
  // Order matters: nothing may touch the database once it closes (the relay, then the queue and its jobs).
  const stop = async (deadlineMs?: number) => {
    await relay.stop()
    const finished = await jobs.close(deadlineMs)
    await unfollow?.()
    // Jobs left running past the deadline still hold their connections, and closing the pool waits for each to be
    // given back: a billing run or a slow webhook kept a stopped worker alive for minutes. They are the stall
    // check's now (another worker runs them again), so the pool gets a moment, not their whole run.
    if (finished) await dbHandle.close()
    else await within(dbHandle.close(), FORCED_CLOSE_GRACE_MS)
    return finished
  }
  return {
    config,
    log,
    dbHandle,
    db,
    jobs,
    relay,
    metrics,
    modules: appModules,
    lifecycle: new Lifecycle(),
    stop,
    close: async () => void (await stop()),
  }
}

export async function buildApp(
  runtime: Runtime,
  opts: { webDist?: string; clock?: Clock } = {},
): Promise<FastifyInstance> {
  const { config } = runtime
  const webDist = opts.webDist ?? config.WEB_DIST ?? DEFAULT_WEB_DIST
  const app = Fastify({
    loggerInstance: runtime.log,
    bodyLimit: 1024 * 1024,
    // Off by default: with no proxy in front, X-Forwarded-For is whatever the client wrote, and request.ip (rate
    // limits, the buyer IP sent to the gateway) must stay the socket's address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // A request arriving on a kept-alive connection while the server closes is still served (with `connection:
    // close`): the drain owns the 503 (readiness), not the requests already on their way.
    return503OnClosing: false,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate('db', runtime.db)
  app.decorate('jobs', runtime.jobs)
  app.decorate('relay', runtime.relay)
  const clock = opts.clock ?? systemClock
  const storage = createStorage(config, clock)
  app.decorate('clock', clock)
  app.decorate('storage', storage)
  registerErrorHandler(app)
  registerDrain(app, runtime.lifecycle)
  runtime.metrics.instrument(app)
  registerPriorityLanes(app)
  const checkoutReads = new SettingsCache()
  app.decorate('checkoutReads', checkoutReads)
  await registerPublicConfigCache(app, runtime.dbHandle, [checkoutReads])
  registerSecurityHeaders(app)
  registerInputGuard(app)

  await app.register(swagger, {
    openapi: { info: { title: 'Checkout Platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  let rateLimitRedis: Redis | undefined
  if (config.useRedis) {
    rateLimitRedis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 1 })
    // Redis going away is reported by readiness; the client reconnects on its own.
    rateLimitRedis.on('error', (err) => runtime.log.warn({ err: err.message }, 'redis connection error'))
    app.addHook('onClose', async () => void (await rateLimitRedis?.quit().catch(() => undefined)))
  }
  app.decorate('rateLimiter', new RateLimiter(rateLimitRedis, `${config.QUEUE_PREFIX}:rl`))
  // @fastify/rate-limit for routes that need one simple per-route limit (`app.rateLimit(...)` / `config.rateLimit`).
  await app.register(rateLimit, { global: false, redis: rateLimitRedis, nameSpace: `${config.QUEUE_PREFIX}-rl-` })
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 30 } })
  await app.register(authPlugin, {
    appSecret: config.APP_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    lookupUser: (id) => findSessionState(runtime.db, id),
  })
  await app.register(storeGuardPlugin, { lookupStore: (id) => storesService.findStoreOwner(runtime.db, id) })

  registerHealthRoutes(app, {
    db: runtime.db,
    redis: rateLimitRedis,
    lifecycle: runtime.lifecycle,
    metrics: runtime.metrics,
    metricsToken: config.METRICS_TOKEN,
    metricsOpen: config.NODE_ENV !== 'production',
  })
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await runtime.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute()
    return { status: 'ok', database: runtime.dbHandle.kind, queue: config.useRedis ? 'bullmq' : 'embedded' }
  })

  if (storage instanceof LocalStorage) registerLocalStorageRoutes(app, storage)
  for (const mod of runtime.modules) {
    if (mod.routes) await app.register(mod.routes, { prefix: '/api' })
    if (mod.rootRoutes) await app.register(mod.rootRoutes)
  }

  const sendIndex = existsSync(path.join(webDist, 'index.html'))
    ? await registerSpa(app, webDist, await loadCheckoutRender(webDist))
    : undefined
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]
    const isApi = url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/sandbox/')
    if (sendIndex && request.method === 'GET' && !isApi && !path.extname(url)) return sendIndex(url, reply)
    return reply
      .status(404)
      .send({ statusCode: 404, code: 'NOT_FOUND', message: `Rota ${request.method} ${url} não encontrada` })
  })
  return app
}

/** The checkout pages' server render that vite.config.ts builds beside the SPA, if this build has one. */
async function loadCheckoutRender(webDist: string): Promise<CheckoutRender | undefined> {
  const file = path.join(webDist, '.ssr', 'checkout-server.mjs')
  if (!existsSync(file)) return undefined
  // React's server renderer loads with the first checkout page, not with the api: ~10 MB of an idle api's memory.
  let loaded: Promise<{ renderCheckout: typeof renderCheckout }> | undefined
  // The reads are the public API's own answers to the page's first queries (platform/checkout-first-paint.ts).
  return async (url, storeId, productId, reads) => {
    loaded ??= import(pathToFileURL(file).href)
    return (await loaded).renderCheckout(url, storeId, productId, reads as FirstReads)
  }
}

/** A hop count as proxy-addr's trust function (Fastify's types only name the list and boolean forms). */
function trustProxyOption(value: AppConfig['TRUST_PROXY']) {
  return typeof value === 'number' ? (_addr: string, hop: number) => hop < value : value
}
