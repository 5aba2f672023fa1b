import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORE_NOT_FOUND } from '../../platform/store-guard'
import { storeDashboardSchema } from '../../shared/ordering'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'

// A reload inside the dashboard's cache window skips the ownership query, the serializer and the token check;
// these are the guarantees it must keep.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

async function storeOf(user: TestUser, name = 'Loja Recarga'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/stores', headers: user.headers, payload: { name } })
  expect(res.statusCode).toBe(201)
  return res.json().id
}

const dashboard = (storeId: string, headers: Record<string, string>, period = '30days') =>
  t.app.inject({ url: `/api/stores/${storeId}/dashboard?period=${period}`, headers })

/** Headers that differ between any two responses. */
const stable = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers
  return rest
}

describe('dashboard reloads inside the cache window', () => {
  it('answer the same bytes and headers as the computed answer, which the serializer would give', async () => {
    const owner = await t.login()
    const storeId = await storeOf(owner)
    const fresh = await dashboard(storeId, owner.headers)
    const reload = await dashboard(storeId, owner.headers)
    expect(fresh.statusCode).toBe(200)
    expect(reload.statusCode).toBe(200)
    expect(reload.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(stable(reload.headers)).toEqual(stable(fresh.headers))
    expect(reload.body).toBe(fresh.body)
    expect(reload.body).toBe(JSON.stringify(storeDashboardSchema.encode(reload.json())))
    expect(reload.json()).toMatchObject({ period: '30days', metrics: { totalOrders: 0 } })
  })

  it('cost no read of the stores table', async () => {
    const owner = await t.login()
    const storeId = await storeOf(owner)
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(200)
    // Were the store looked up, the query would now fail.
    await sql`alter table stores rename to stores_away`.execute(t.runtime.db)
    try {
      expect((await dashboard(storeId, owner.headers)).statusCode).toBe(200)
    } finally {
      await sql`alter table stores_away rename to stores`.execute(t.runtime.db)
    }
  })

  it("answer another merchant 404 on the same store and period, every time; ADMIN reads any store's", async () => {
    const owner = await t.login()
    const other = await t.login()
    const admin = await t.login({ role: 'ADMIN' })
    const storeId = await storeOf(owner)
    const own = await dashboard(storeId, owner.headers, '1year')
    expect(own.statusCode).toBe(200)
    for (let i = 0; i < 2; i++) {
      const foreign = await dashboard(storeId, other.headers, '1year')
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: STORE_NOT_FOUND })
    }
    const read = await dashboard(storeId, admin.headers, '1year')
    expect(read.statusCode).toBe(200)
    expect(read.body).toBe(own.body)
  })

  it('stop at once when the store goes with its deleted owner: 401 to the owner, 404 to ADMIN', async () => {
    const owner = await t.login()
    const admin = await t.login({ role: 'ADMIN' })
    const storeId = await storeOf(owner)
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(200)
    expect((await dashboard(storeId, admin.headers)).statusCode).toBe(200)
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${owner.id}`, headers: admin.headers })
    expect(del.statusCode).toBe(200)
    expect(await t.runtime.db.selectFrom('stores').select('id').where('id', '=', storeId).execute()).toEqual([])
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(401)
    const gone = await dashboard(storeId, admin.headers)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(STORE_NOT_FOUND)
  })

  it('stop at once for a suspended owner', async () => {
    const owner = await t.login()
    const storeId = await storeOf(owner)
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(200)
    await t.runtime.db.updateTable('users').set({ status: 'SUSPENDED' }).where('id', '=', owner.id).execute()
    t.app.forgetUser(owner.id)
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(401)
  })

  it('trust a verified token only until it expires, and never an altered one', async () => {
    const owner = await t.login()
    const storeId = await storeOf(owner)
    const user = await t.runtime.db
      .selectFrom('users')
      .select(['email', 'name', 'role'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow()
    const token = t.app.jwt.sign({ sub: owner.id, ...user }, { expiresIn: '2s' })
    const headers = { authorization: `Bearer ${token}` }
    expect((await dashboard(storeId, headers)).statusCode).toBe(200)
    const altered = `Bearer ${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await dashboard(storeId, { authorization: altered })).statusCode).toBe(401)
    await new Promise((r) => setTimeout(r, 2100))
    expect((await dashboard(storeId, headers)).statusCode).toBe(401)
    expect((await dashboard(storeId, owner.headers)).statusCode).toBe(200)
  })
})
