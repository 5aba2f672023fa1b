// The store guard on its own: a bare Fastify with the auth plugin and a store lookup handed in, as app.ts composes it.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../shared/roles'
import { authPlugin } from './auth'
import { registerErrorHandler } from './errors'
import { requireStoreOwner, STORE_NOT_FOUND, type StoreAccess, storeGuardPlugin } from './store-guard'

const owner = { id: randomUUID(), email: 'dona@loja.com', name: 'Dona', role: 'LOJISTA' as Role }
const other = { id: randomUUID(), email: 'outro@loja.com', name: 'Outro', role: 'LOJISTA' as Role }
const admin = { id: randomUUID(), email: 'admin@loja.com', name: 'Admin', role: 'ADMIN' as Role }
const store: StoreAccess = { id: randomUUID(), userId: owner.id }

let app: FastifyInstance
let lookups = 0
const token = (u: typeof owner) => `Bearer ${app.signToken({ ...u, sessionVersion: 0 })}`
const call = (method: 'GET' | 'PATCH', url: string, u?: typeof owner) =>
  app.inject({ method, url, headers: u ? { authorization: token(u) } : {} })

beforeAll(async () => {
  app = Fastify()
  registerErrorHandler(app)
  await app.register(authPlugin, {
    appSecret: 'store-guard-test-secret-long-enough-0123456789',
    expiresIn: '1h',
    lookupUser: async (id) => {
      const user = [owner, other, admin].find((u) => u.id === id)
      return user && { ...user, status: 'ACTIVE', sessionVersion: 0, revokedTokens: [] }
    },
  })
  await app.register(storeGuardPlugin, {
    lookupStore: async (id) => {
      lookups++
      // More than the guard needs, as a module's row would carry: the request sees only id and userId.
      return id === store.id ? { ...store, name: 'Loja', status: 'ACTIVE' } : undefined
    },
  })
  const reply = async (request: { store?: StoreAccess }) => ({ store: request.store })
  app.get('/stores/:storeId', { preHandler: requireStoreOwner(app) }, reply)
  app.patch('/stores/:storeId', { preHandler: requireStoreOwner(app) }, reply)
  app.get('/dashboard', { preHandler: requireStoreOwner(app, { rememberOwnerMs: 60_000 }) }, reply)
  await app.ready()
})
afterAll(() => app.close())

describe('requireStoreOwner', () => {
  it('gives the owner the store as { id, userId } only', async () => {
    const res = await call('GET', `/stores/${store.id}`, owner)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ store: { id: store.id, userId: owner.id } })
  })

  it('answers 404 to another merchant, an unknown id and a malformed one; 401 to no one', async () => {
    for (const [url, who] of [
      [`/stores/${store.id}`, other],
      [`/stores/${randomUUID()}`, owner],
      ['/stores/not-a-uuid', owner],
    ] as const) {
      const res = await call('GET', url, who)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(STORE_NOT_FOUND)
    }
    expect((await call('GET', `/stores/${store.id}`)).statusCode).toBe(401)
    expect((await call('GET', '/dashboard', owner)).statusCode).toBe(400)
  })

  it('lets an ADMIN read any store but not change it', async () => {
    expect((await call('GET', `/stores/${store.id}`, admin)).statusCode).toBe(200)
    expect((await call('PATCH', `/stores/${store.id}`, admin)).statusCode).toBe(404)
  })

  it('remembers an owner (never anyone else) for rememberOwnerMs', async () => {
    const before = lookups
    for (let i = 0; i < 3; i++)
      expect((await call('GET', `/dashboard?storeId=${store.id}`, owner)).statusCode).toBe(200)
    expect(lookups - before).toBe(1)
    for (let i = 0; i < 2; i++)
      expect((await call('GET', `/dashboard?storeId=${store.id}`, admin)).statusCode).toBe(200)
    expect(lookups - before).toBe(3)
    expect((await call('GET', `/dashboard?storeId=${store.id}`, other)).statusCode).toBe(404)
  })
})
