import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { AppConfig } from '../../config'
import type { Db, ReportingTables } from './tables'

/** Connections the dashboards may hold at once: a merchant reloading dashboards never takes the checkout's pool. */
export const REPORTING_POOL_MAX = 2
/** A dashboard query that runs longer is cut off (answered 503) instead of holding its connection. */
export const REPORTING_STATEMENT_TIMEOUT_MS = 5_000

/**
 * Dashboards read through their own small pool with a statement timeout. In embedded mode PGlite is one session,
 * so the app's one-connection pool is the only way in.
 */
export function openReportingDb(config: AppConfig, appDb: Db): { db: Db; close(): Promise<void> } {
  if (!config.DATABASE_URL) return { db: appDb, close: async () => {} }
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: REPORTING_POOL_MAX,
    options: `-c statement_timeout=${REPORTING_STATEMENT_TIMEOUT_MS}`,
    application_name: 'reporting',
  })
  pool.on('error', (err) => console.warn(`reporting pool idle connection error: ${err.message}`))
  const db = new Kysely<ReportingTables>({ dialect: new PostgresDialect({ pool }) })
  return { db, close: () => db.destroy() }
}
