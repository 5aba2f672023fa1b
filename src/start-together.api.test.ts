import { readdirSync } from 'node:fs'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityService } from './modules/identity'
import type { Db } from './platform/db'
import { MIGRATIONS_DIR, migrate } from './platform/migrate'
import { createDatabase } from './testing/test-app'

/** Replicas started in the same second on an empty database: each process has its own pool. */
let database: Awaited<ReturnType<typeof createDatabase>>
let dbs: Db[]
beforeAll(async () => {
  database = await createDatabase()
  dbs = Array.from(
    { length: 4 },
    () => new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) }),
  )
})
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.destroy()))
  await database.drop()
})

describe('processes starting together', () => {
  it('migrate an empty database once between them: every one comes up', async () => {
    const results = await Promise.all(dbs.map((db) => migrate(db)))
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))
    // Exactly one process applied each migration; the others found it done.
    expect(results.flat().sort()).toEqual(files.sort())
    const rows = await dbs[0]!.selectFrom('schema_migrations').select('name').execute()
    expect(rows).toHaveLength(files.length)
  })

  it('create the ADMIN_EMAIL administrator once, none of them failing', async () => {
    const email = 'Admin@Example.com'
    const admins = await Promise.all(dbs.map((db) => identityService.ensureAdmin(db, email, 'senha-do-admin', 4)))
    expect(admins.every((a) => a?.role === 'ADMIN')).toBe(true)
    const users = await dbs[0]!.selectFrom('users').select(['id', 'role']).execute()
    expect(users).toEqual([{ id: admins[0]!.id, role: 'ADMIN' }])
    const announced = await dbs[0]!
      .selectFrom('outbox')
      .select('event')
      .where('event', '=', 'user.registered')
      .execute()
    expect(announced).toHaveLength(1)
  })
})
