import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import type { PlatformDb as Db } from './db'
import { PROJECT_ROOT } from './paths'

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations')

/**
 * Applies migrations/*.sql in name order, each in its own transaction, recording them in schema_migrations.
 * An advisory lock lets several api replicas start at once without racing.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
    db,
  )
  const applied: string[] = []
  for (const name of files) {
    const text = await readFile(path.join(dir, name), 'utf8')
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7243001)`.execute(trx)
      const seen = await trx.selectFrom('schema_migrations').select('name').where('name', '=', name).executeTakeFirst()
      if (seen) return false
      await sql.raw(text).execute(trx)
      await trx.insertInto('schema_migrations').values({ name }).execute()
      return true
    })
    if (done) applied.push(name)
  }
  return applied
}
