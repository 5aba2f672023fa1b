import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('stores API', () => {
  it('creates, lists, reads and edits own stores', async () => {
    const a = await t.login()
    const created = await t.send('POST', '/api/stores', a, { name: 'Minha Loja', description: 'Roupas' })
    expect(created.statusCode).toBe(201)
    const store = created.json()
    expect(store).toMatchObject({ name: 'Minha Loja', description: 'Roupas', userId: a.id, status: 'ACTIVE' })

    const mine = await t.app.inject({ url: '/api/stores/me', headers: a.headers })
    expect(mine.json().map((s: { id: string }) => s.id)).toEqual([store.id])

    const edited = await t.send('PATCH', `/api/stores/${store.id}`, a, { name: 'Nova' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: 'Nova', description: 'Roupas' })
  })

  it('answers 404 for another merchant store and changes nothing', async () => {
    const a = await t.login()
    const b = await t.login()
    const store = (await t.send('POST', '/api/stores', a, { name: 'A' })).json()
    for (const req of [
      { method: 'GET' as const, url: `/api/stores/${store.id}` },
      { method: 'PATCH' as const, url: `/api/stores/${store.id}`, payload: { name: 'hack' } },
    ]) {
      const res = await t.app.inject({ ...req, headers: b.headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Loja não encontrada')
    }
    const again = await t.app.inject({ url: `/api/stores/${store.id}`, headers: a.headers })
    expect(again.json().name).toBe('A')
    expect((await t.app.inject({ url: '/api/stores/not-a-uuid', headers: a.headers })).statusCode).toBe(404)
  })

  it('lets an admin read but not edit any store', async () => {
    const a = await t.login()
    const admin = await t.login({ role: 'ADMIN' })
    const store = (await t.send('POST', '/api/stores', a, { name: 'A' })).json()
    expect((await t.app.inject({ url: `/api/stores/${store.id}`, headers: admin.headers })).statusCode).toBe(200)
    const patch = await t.send('PATCH', `/api/stores/${store.id}`, admin, { name: 'x' })
    expect(patch.statusCode).toBe(404)
  })

  it('validates with the spec messages', async () => {
    const a = await t.login()
    const blank = await t.send('POST', '/api/stores', a, { name: '  ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({
      message: 'Nome da loja é obrigatório.',
      errors: { name: 'Nome da loja é obrigatório.' },
    })
    const long = await t.send('POST', '/api/stores', a, { name: 'x'.repeat(101), description: 'y'.repeat(501) })
    expect(long.json().errors).toEqual({
      name: 'Nome da loja deve ter no máximo 100 caracteres.',
      description: 'Descrição deve ter no máximo 500 caracteres.',
    })
    const missing = await t.send('POST', '/api/stores', a, {})
    expect(missing.json().errors.name).toBe('Nome da loja é obrigatório.')
  })

  it('requires a valid token', async () => {
    expect((await t.app.inject({ url: '/api/stores/me' })).statusCode).toBe(401)
    const forged = await t.app.inject({ url: '/api/stores/me', headers: { authorization: 'Bearer a.b.c' } })
    expect(forged.statusCode).toBe(401)
  })

  it('announces store.created through the outbox', async () => {
    const a = await t.login()
    const store = (await t.send('POST', '/api/stores', a, { name: 'Evento' })).json()
    await t.drain()
    const { waitFor } = await import('../../testing/test-app')
    await waitFor(async () => {
      const rows = await t.runtime.db
        .selectFrom('activity_log')
        .selectAll()
        .where('user_id', '=', a.id)
        .where('kind', '=', 'store.created')
        .execute()
      return rows.length === 1 && (rows[0].data as { storeId: string }).storeId === store.id
    })
  })
})
