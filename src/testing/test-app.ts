import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import pg from 'pg'
import { buildApp, createRuntime, type Runtime } from '../app'
import { type AppConfig, loadConfig } from '../config'
import type { ModuleDeps } from '../modules'
import { identityService } from '../modules/identity'
import type { Clock } from '../platform/clock'
import type { Role } from '../shared/identity'

export const TEST_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const TEST_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export interface TestApp {
  app: FastifyInstance
  runtime: Runtime
  config: AppConfig
  /** Registers (or creates, for other roles) a user and logs in. */
  login(opts?: { role?: Role; email?: string; password?: string; name?: string }): Promise<TestUser>
  /** A signed-in user's write. */
  send(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    user: TestUser,
    payload?: object,
  ): Promise<LightMyRequestResponse>
  /** A new merchant, logged in, with a store of their own made through the API. */
  merchantWithStore(storeName?: string): Promise<{ user: TestUser; storeId: string }>
  /** Relays the outbox now and waits until the queue has no pending work. */
  drain(): Promise<void>
  close(): Promise<void>
}

export interface TestUser {
  id: string
  email: string
  password: string
  token: string
  headers: { authorization: string }
}

/** A fresh database on the local PostgreSQL (and a private Redis prefix) per test file. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`
  const admin = new pg.Client({ connectionString: TEST_PG })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(TEST_PG)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG })
      await c.connect()
      // Let closing pools finish their goodbyes first: a connection killed mid-termination surfaces as an
      // unhandled 57P01 error in whichever test process owned it.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
        if (rows[0].n === 0) break
        await new Promise((r) => setTimeout(r, 50))
      }
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export function testConfig(overrides: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    // A parallel run builds its SPA into its own folder and names it here, as for a real server.
    WEB_DIST: process.env.WEB_DIST,
    APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
    PASSWORD_HASH_COST: '4',
    JOB_BACKOFF_MS: '20',
    JOB_ATTEMPTS: '3',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_ORDER_MAX: '100000',
    ...overrides,
  })
}

export async function createTestApp(
  opts: {
    redis?: boolean
    env?: Record<string, string | undefined>
    moduleDeps?: ModuleDeps
    /** The clock the app's time rules read (signed URL expiry, commission release); the system's by default. */
    clock?: Clock
    /** Where the app logs (tests that read the logs); silent by default. */
    log?: FastifyBaseLogger
  } = {},
): Promise<TestApp> {
  const database = await createDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'checkout-test-'))
  const prefix = `test-${randomUUID().slice(0, 8)}`
  const config = testConfig({
    DATABASE_URL: database.url,
    REDIS_URL: opts.redis === false ? undefined : TEST_REDIS,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    ...opts.env,
  })
  // One clock for the whole app: the modules' rules (commission release) and the platform's (signed URL expiry).
  const clock = opts.clock ?? opts.moduleDeps?.clock
  const runtime = await createRuntime(config, {
    workers: true,
    moduleDeps: { ...opts.moduleDeps, clock },
    log: opts.log,
  })
  const app = await buildApp(runtime, { clock })
  await app.ready()
  let n = 0

  const testApp: TestApp = {
    app,
    runtime,
    config,
    async login(o = {}) {
      n++
      const email = o.email ?? `user${n}-${randomUUID().slice(0, 6)}@example.com`
      const password = o.password ?? 'senha-secreta-1'
      const name = o.name ?? `Usuário ${n}`
      const role = o.role ?? 'LOJISTA'
      await runtime.db
        .transaction()
        .execute((trx) => identityService.createUser(trx, { email, password, name, role }, 4, 'seed'))
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`)
      const body = res.json()
      return {
        id: body.user.id,
        email,
        password,
        token: body.token,
        headers: { authorization: `Bearer ${body.token}` },
      }
    },
    send: (method, url, user, payload) => app.inject({ method, url, headers: user.headers, payload }),
    async merchantWithStore(storeName = 'Loja') {
      const user = await testApp.login()
      const res = await app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: user.headers,
        payload: { name: storeName },
      })
      if (res.statusCode !== 201) throw new Error(`store not created: ${res.body}`)
      return { user, storeId: res.json().id }
    },
    async drain() {
      await runtime.relay.flush()
      await waitFor(async () => {
        if (config.useRedis) return true
        const pending = await runtime.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['waiting', 'active'])
          .where('run_at', '<=', new Date())
          .executeTakeFirstOrThrow()
        return pending.n === 0
      })
    },
    async close() {
      await app.close()
      await runtime.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
      if (config.useRedis) await clearRedisPrefix(prefix)
    },
  }
  return testApp
}

/** Deletes every Redis key of a test's private prefix (queue, rate limits). */
export async function clearRedisPrefix(prefix: string) {
  const redis = new Redis(TEST_REDIS)
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
    cursor = next
    if (keys.length) await redis.del(...keys)
  } while (cursor !== '0')
  await redis.quit()
}

/** Polls until the check passes or the time runs out. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, stepMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time')
    await new Promise((r) => setTimeout(r, stepMs))
  }
}
