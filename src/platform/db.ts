import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely'
import pg from 'pg'
import { nameStatements, StatementNames } from './prepared-statements'
import type { PlatformTables } from './tables'

// Cents and counts fit in a JS number; reading int8 as a number keeps money arithmetic integer.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

/**
 * A database handle as it travels between the app, the platform and the modules (a route's `app.db`, a job's
 * `ctx.db`, a transaction one module's use case hands to another module's service). No type here names every
 * table: each module narrows the handle to its own tables in its repositories (`modules/<m>/tables.ts` exports
 * its `Db`, `Trx`), and the whole-database type is composed in `modules/database.ts`, where the modules are.
 * Kysely's table parameter is invariant, so the travelling handle leaves it open instead of a cast at every hop.
 * A statement composed of several modules' parts is typed against that whole (`ComposedDb`, `Companion` there).
 */
// biome-ignore lint/suspicious/noExplicitAny: the handle is narrowed by whoever queries through it (see above)
export type Db = Kysely<any>
// biome-ignore lint/suspicious/noExplicitAny: as Db
export type Trx = Transaction<any>
export type DbOrTrx = Db | Trx

/**
 * A module's service functions as other modules call them: a first argument typed to the module's own tables
 * becomes the travelling handle, since the caller's handle is typed to the caller's tables.
 */
export type Exposed<S> = {
  [K in keyof S]: S[K] extends (db: infer _ extends DbOrTrx, ...args: infer A) => infer R
    ? (db: DbOrTrx, ...args: A) => R
    : S[K]
}

/** Hands a module's service object to other modules (see Exposed); the functions are the same, only typed open. */
export function expose<S>(service: S): Exposed<S> {
  return service as Exposed<S>
}

/** The platform's own tables (migrations, outbox, jobs), for its own queries. */
export type PlatformDb = Kysely<PlatformTables>
export type PlatformTrx = Transaction<PlatformTables>

export interface DbHandle {
  db: Db
  /** How the pool is reached, for diagnostics. */
  kind: 'postgres' | 'pglite'
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered only once the notifying transaction commits).
   * Best effort: after a lost connection it reconnects and calls `onNotify` once, as something may have been missed.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  /** The pool's connections now: total, idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

/** No connection could be had within DB_POOL_ACQUIRE_TIMEOUT_MS: the request is answered 503, never left waiting. */
export class DbBusyError extends Error {
  readonly statusCode = 503
}

export interface PoolObserver {
  acquired(waitMs: number): void
  timedOut(): void
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/

export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
  poolMax?: number
  /** How long a query may wait for a pooled connection (also bounds opening one); unbounded when unset. */
  acquireTimeoutMs?: number
  observer?: PoolObserver
  /** Send repeated statements as named ones, planned once per connection (prepared-statements.ts); on by default. */
  preparedStatements?: boolean
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const names = opts.preparedStatements === false ? undefined : new StatementNames()
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 0,
    })
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn(`postgres idle connection error: ${err.message}`))
    const observer = opts.observer
    const db = new Kysely<PlatformTables>({
      dialect: new PostgresDialect({
        pool: {
          async connect() {
            const started = performance.now()
            try {
              const client = await pool.connect()
              observer?.acquired(performance.now() - started)
              return names ? nameStatements(client, names) : client
            } catch (err) {
              // pg-pool's own words for a wait that ran out (a full pool, or a server that does not answer).
              if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) {
                observer?.timedOut()
                throw new DbBusyError(err.message)
              }
              throw err
            }
          },
          end: () => pool.end(),
        },
      }),
    })
    const listeners = new Set<PgListener>()
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async listen(channel, onNotify) {
        const listener = new PgListener(opts.databaseUrl!, channel, onNotify)
        listeners.add(listener)
        await listener.start()
        return async () => {
          listeners.delete(listener)
          await listener.stop()
        }
      },
      async close() {
        await Promise.all([...listeners].map((l) => l.stop()))
        await db.destroy()
      },
    }
  }
  return openEmbedded(opts.dataDir)
}

/**
 * Embedded mode: PGlite (WASM Postgres) behind a loopback socket, so the same `pg` driver and SQL run unchanged.
 * PGlite is one session, so the pool holds one connection: transactions never interleave.
 */
async function openEmbedded(dataDir: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
  const pgDir = path.join(dataDir, 'pgdata')
  mkdirSync(pgDir, { recursive: true })
  const lite = await PGlite.create(pgDir)
  const server = new PGLiteSocketServer({ db: lite, port: 0, host: '127.0.0.1' })
  await server.start()
  const [host, port] = server.getServerConn().split(':')
  const pool = new pg.Pool({ host, port: Number(port), user: 'postgres', database: 'postgres', max: 1 })
  pool.on('error', (err) => console.warn(`pglite idle connection error: ${err.message}`))
  // PGlite is one session: a LISTEN on the pool's connection hears the NOTIFYs that same connection commits
  // (PGlite's own listen() does not see what arrives through the socket). A replaced connection listens again.
  const channels = new Map<string, Set<() => void>>()
  pool.on('connect', (client) =>
    client.on('notification', (n) => {
      for (const fn of channels.get(n.channel) ?? []) fn()
    }),
  )
  const db = new Kysely<PlatformTables>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (conn) => {
        for (const channel of channels.keys()) await conn.executeQuery(CompiledQuery.raw(`listen ${channel}`))
      },
    }),
  })
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`)
      const fns = channels.get(channel) ?? new Set()
      channels.set(channel, fns)
      fns.add(onNotify)
      await db.executeQuery(CompiledQuery.raw(`listen ${channel}`))
      return async () => void fns.delete(onNotify)
    },
    async close() {
      await db.destroy()
      await server.stop()
      await lite.close()
    },
  }
}

/** A dedicated connection for LISTEN (a pooled one would be handed to queries and closed when idle). */
class PgListener {
  private client: pg.Client | undefined
  private stopped = false
  private retry: NodeJS.Timeout | undefined

  constructor(
    private url: string,
    private channel: string,
    private onNotify: () => void,
  ) {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`)
  }

  async start(): Promise<void> {
    if (this.stopped) return
    const client = new pg.Client({ connectionString: this.url })
    this.client = client
    client.on('notification', (n) => n.channel === this.channel && this.onNotify())
    client.on('error', () => this.reconnect(client))
    client.on('end', () => this.reconnect(client))
    try {
      await client.connect()
      await client.query(`listen ${this.channel}`)
    } catch {
      this.reconnect(client)
    }
  }

  private reconnect(client: pg.Client) {
    if (this.stopped || this.client !== client || this.retry) return
    this.client = undefined
    client.end().catch(() => undefined)
    this.retry = setTimeout(async () => {
      this.retry = undefined
      await this.start()
      if (this.client) this.onNotify()
    }, 1000)
  }

  async stop() {
    this.stopped = true
    if (this.retry) clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => undefined)
  }
}
