import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import type { PlatformDb as Db } from './db'
import { PROJECT_ROOT } from './paths'

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations')

/** One key for every process migrating this database (api replicas and workers starting together). */
const MIGRATION_LOCK = 7243001

/**
 * Applies migrations/*.sql in name order, each in its own transaction, recording them in schema_migrations.
 * The whole run holds a session advisory lock taken before anything is created, so several apis and workers
 * starting in the same second on an empty database wait for each other instead of racing on `create table`
 * (two concurrent `create table if not exists` can still collide on pg_type).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn)
    try {
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      )
      const seen = new Set((await conn.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name))
      const applied: string[] = []
      for (const name of files) {
        if (seen.has(name)) continue
        const text = await readFile(path.join(dir, name), 'utf8')
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx)
          await trx.insertInto('schema_migrations').values({ name }).execute()
        })
        applied.push(name)
      }
      return applied
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn)
    }
  })
}
