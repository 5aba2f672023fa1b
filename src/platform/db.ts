import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect, type Transaction } from 'kysely'
import pg from 'pg'
import type { Database } from './database'

// Cents and counts fit in a JS number; reading int8 as a number keeps money arithmetic integer.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

export type Db = Kysely<Database>
export type Trx = Transaction<Database>
export type DbOrTrx = Db | Trx

export interface DbHandle {
  db: Db
  /** How the pool is reached, for diagnostics. */
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
  poolMax?: number
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 })
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.warn(`postgres idle connection error: ${err.message}`))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy()
      await server.stop()
      await lite.close()
    },
  }
}
