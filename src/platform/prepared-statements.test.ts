import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../testing/test-app'
import { type DbHandle, openDatabase } from './db'
import { HOT_AFTER, MAX_NAMES, StatementNames } from './prepared-statements'

describe('StatementNames', () => {
  it('names a text from its HOT_AFTER-th use, the same name after', () => {
    const names = new StatementNames()
    for (let i = 1; i < HOT_AFTER; i++) expect(names.nameOf('select $1')).toBeUndefined()
    const name = names.nameOf('select $1')
    expect(name).toBeDefined()
    expect(names.nameOf('select $1')).toBe(name)
    expect(names.nameOf('select $2')).toBeUndefined()
  })

  it('names at most MAX_NAMES texts', () => {
    const names = new StatementNames()
    for (let t = 0; t < MAX_NAMES + 10; t++) for (let i = 0; i < HOT_AFTER; i++) names.nameOf(`select ${t}`)
    expect(names.size).toBe(MAX_NAMES)
    for (let i = 0; i < HOT_AFTER; i++) expect(names.nameOf('select $1 + 1')).toBeUndefined()
  })

  it('gives a renamed text a name never used before', () => {
    const names = new StatementNames()
    for (let i = 0; i < HOT_AFTER; i++) names.nameOf('select $1')
    const before = names.nameOf('select $1')
    names.rename('select $1')
    expect(names.nameOf('select $1')).not.toBe(before)
  })
})

describe('named statements on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> }
  let handle: DbHandle
  beforeAll(async () => {
    database = await createDatabase()
    // One connection: every statement below meets the session that prepared it.
    handle = await openDatabase({ databaseUrl: database.url, dataDir: '/tmp', poolMax: 1 })
    await sql`create table t (id int primary key, a text)`.execute(handle.db)
    await sql`insert into t values (1, 'um')`.execute(handle.db)
  })
  afterAll(async () => {
    await handle.close()
    await database.drop()
  })

  const prepared = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.name)
  const readOne = () => handle.db.selectFrom('t').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()

  it('prepares a repeated statement once in the session', async () => {
    const before = (await prepared()).length
    for (let i = 0; i < HOT_AFTER + 2; i++) expect(await readOne()).toEqual({ id: 1, a: 'um' })
    expect((await prepared()).length).toBe(before + 1)
  })

  it('runs a prepared `select *` again after its table gained a column, outside a transaction', async () => {
    await sql`alter table t add column b text default 'novo'`.execute(handle.db)
    expect(await readOne()).toEqual({ id: 1, a: 'um', b: 'novo' })
    expect(await readOne()).toEqual({ id: 1, a: 'um', b: 'novo' })
  })

  it('inside a transaction the stale plan fails it, and the next use is prepared afresh', async () => {
    // Made hot and prepared under its name first.
    const inTx = (db: DbHandle['db']) => db.selectFrom('t').selectAll().where('a', '=', 'um').execute()
    for (let i = 0; i < HOT_AFTER; i++) await inTx(handle.db)
    await sql`alter table t add column c int default 3`.execute(handle.db)
    await expect(handle.db.transaction().execute((trx) => inTx(trx))).rejects.toThrow(/cached plan/)
    expect(await handle.db.transaction().execute((trx) => inTx(trx))).toEqual([{ id: 1, a: 'um', b: 'novo', c: 3 }])
  })

  it('leaves statements without parameters unnamed (several commands in one text still run)', async () => {
    const before = (await prepared()).length
    for (let i = 0; i < HOT_AFTER + 1; i++) await sql.raw('select 1; select 2').execute(handle.db)
    expect((await prepared()).length).toBe(before)
  })
})
