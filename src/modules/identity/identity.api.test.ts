import { createSigner } from 'fast-jwt'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveKey } from '../../platform/crypto'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import * as repo from './repository'
import { TOO_MANY_FOR_EMAIL } from './routes'
import * as service from './service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: unknown, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers })

describe('register and login', () => {
  it('registers a LOJISTA, logs in with a JWT carrying sub, email, name, role, exp', async () => {
    const reg = await post('/api/auth/register', {
      name: 'Maria Silva',
      email: 'Maria@Example.com',
      password: 'segredo1',
    })
    expect(reg.statusCode).toBe(201)
    expect(reg.json().user).toMatchObject({
      name: 'Maria Silva',
      email: 'maria@example.com',
      role: 'LOJISTA',
      status: 'ACTIVE',
    })
    expect(reg.body).not.toMatch(/password|hash/i)

    const login = await post('/api/auth/login', { email: 'maria@example.com', password: 'segredo1' })
    expect(login.statusCode).toBe(200)
    const { user, token } = login.json()
    expect(user.email).toBe('maria@example.com')
    expect(login.body).not.toMatch(/password_hash|\$2[aby]\$/)
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
    expect(claims).toMatchObject({ sub: user.id, email: 'maria@example.com', name: 'Maria Silva', role: 'LOJISTA' })
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
  })

  it('rejects a duplicate e-mail with 409, whatever its case', async () => {
    await post('/api/auth/register', { name: 'A', email: 'dup@example.com', password: 'segredo1' })
    const again = await post('/api/auth/register', { name: 'B', email: 'DUP@example.com', password: 'segredo1' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Este e-mail já está cadastrado.')
  })

  it('validates register and login with the spec messages', async () => {
    const empty = await post('/api/auth/register', { name: '', email: '', password: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Por favor, preencha todos os campos.')
    const short = await post('/api/auth/register', { name: 'A', email: 'a@b.com', password: '123' })
    expect(short.json().errors.password).toBe('A senha deve ter pelo menos 6 caracteres.')
    const badEmail = await post('/api/auth/register', { name: 'A', email: 'nope', password: '123456' })
    expect(badEmail.json().errors.email).toBe('E-mail inválido.')
    const long = await post('/api/auth/register', { name: 'x'.repeat(500), email: 'a@b.com', password: '123456' })
    expect(long.statusCode).toBe(400)
    const noLogin = await post('/api/auth/login', {})
    expect(noLogin.json().message).toBe('Por favor, preencha email e senha.')
    const wrongType = await post('/api/auth/login', { email: 42, password: ['x'] })
    expect(wrongType.statusCode).toBe(400)
  })

  it('answers 401 with one message for a wrong password and an unknown e-mail', async () => {
    const u = await t.login()
    const wrong = await post('/api/auth/login', { email: u.email, password: 'errada123' })
    const unknown = await post('/api/auth/login', { email: 'ninguem@example.com', password: 'errada123' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().message).toBe(unknown.json().message)
  })
})

describe('bad input never becomes a 500', () => {
  it('answers 400 to malformed JSON and 413 to a body over 1 MB', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('JSON inválido no corpo da requisição')
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(big.statusCode).toBe(413)
  })

  it('answers 401 to expired and forged tokens and 404 to unknown routes', async () => {
    const u = await t.login()
    const sign = createSigner({ key: deriveKey(t.config.APP_SECRET, 'jwt').toString('base64'), expiresIn: 1 })
    const expired = sign({
      sub: u.id,
      email: u.email,
      name: 'x',
      role: 'LOJISTA',
      iat: Math.floor(Date.now() / 1000) - 100,
      exp: Math.floor(Date.now() / 1000) - 50,
    })
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${expired}` } })).statusCode,
    ).toBe(401)
    const forged = createSigner({ key: 'someone-else' })({ sub: u.id, email: u.email, name: 'x', role: 'ADMIN' })
    expect(
      (await t.app.inject({ url: '/api/admin/users', headers: { authorization: `Bearer ${forged}` } })).statusCode,
    ).toBe(401)
    expect((await t.app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404)
  })

  it('counts the e-mail budget across addresses: the 11th guess from an 11th address is 429', async () => {
    const limited = await createTestApp({ redis: false, env: { RATE_LIMIT_AUTH_MAX: '10' } })
    try {
      const guess = (ip: string, headers: Record<string, string> = {}) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          headers,
          payload: { email: 'Vitima@Example.com', password: 'errada123' },
        })
      // Counters are per minute: should the run straddle a minute, the budget starts over once, so a 429 must come
      // by the 21st guess at the latest, and never before the 11th.
      const codes: number[] = []
      let locked: Awaited<ReturnType<typeof guess>> | undefined
      for (let i = 1; i <= 21 && !locked; i++) {
        const res = await guess(`10.9.0.${i}`)
        codes.push(res.statusCode)
        if (res.statusCode === 429) locked = res
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(401))
      expect(locked?.json().message).toBe(TOO_MANY_FOR_EMAIL)
    } finally {
      await limited.close()
    }
  }, 60_000)

  it('keeps the per-address budget whatever X-Forwarded-For the client makes up', async () => {
    // 2 per e-mail, 12 per address: one address spraying 13 e-mails, each with a new forged header.
    const limited = await createTestApp({ redis: false, env: { RATE_LIMIT_AUTH_MAX: '2' } })
    try {
      // As above: a 429 by the 25th request (one minute boundary at most), never before the 13th.
      const spray: number[] = []
      for (let i = 0; i < 25 && !spray.includes(429); i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.8.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { email: `alvo${i}@example.com`, password: 'errada123' },
        })
        spray.push(res.statusCode)
      }
      expect(spray.slice(0, 12)).toEqual(Array(12).fill(401))
      expect(spray).toContain(429)
    } finally {
      await limited.close()
    }
  }, 60_000)

  it('rate-limits login per address and e-mail with a Portuguese 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3' } })
    try {
      const codes: number[] = []
      for (let i = 0; i < 5; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: 'x@example.com', password: 'errada123' },
            })
          ).statusCode,
        )
      }
      expect(codes).toEqual([401, 401, 401, 429, 429])
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'errada123' },
      })
      expect(res.json().message).toBe(TOO_MANY_FOR_EMAIL)
      // Another e-mail from the same address still has its own budget.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'y@example.com', password: 'errada123' },
      })
      expect(other.statusCode).toBe(401)
    } finally {
      await limited.close()
    }
  })
})

describe('profile and password', () => {
  it('reads and renames the profile', async () => {
    const u = await t.login({ name: 'Antes' })
    const profile = await t.app.inject({ url: '/api/users/profile', headers: u.headers })
    expect(profile.json()).toMatchObject({ name: 'Antes', email: u.email })
    const renamed = await t.send('PATCH', '/api/users/profile', u, { name: 'Depois' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe('Depois')
    const blank = await t.send('PATCH', '/api/users/profile', u, { name: ' ' })
    expect(blank.json()).toMatchObject({ statusCode: 400, message: 'O nome é obrigatório' })
  })

  it('changes the password only with the right current one', async () => {
    const u = await t.login()
    const wrong = await t.send('PATCH', '/api/users/password', u, {
      currentPassword: 'errada',
      newPassword: 'nova-senha-1',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Senha atual incorreta',
      errors: { currentPassword: 'Senha atual incorreta' },
    })
    const short = await t.send('PATCH', '/api/users/password', u, {
      currentPassword: u.password,
      newPassword: '1234567',
    })
    expect(short.json().errors.newPassword).toBe('A senha deve ter pelo menos 8 caracteres')
    const ok = await t.send('PATCH', '/api/users/password', u, {
      currentPassword: u.password,
      newPassword: 'nova-senha-1',
    })
    expect(ok.statusCode).toBe(200)
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401)
    expect((await post('/api/auth/login', { email: u.email, password: 'nova-senha-1' })).statusCode).toBe(200)
  })
})

describe('admin users API', () => {
  it('is closed to merchants (403) and anonymous callers (401)', async () => {
    const m = await t.login()
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', `/api/admin/users/${m.id}`],
      ['DELETE', `/api/admin/users/${m.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: m.headers, payload: {} })).statusCode).toBe(403)
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401)
    }
  })

  it('lists, creates, details and deletes users', async () => {
    const admin = await t.login({ role: 'ADMIN' })
    const created = await t.send('POST', '/api/admin/users', admin, {
      name: 'Novo',
      email: 'novo@example.com',
      password: 'segredo1',
      role: 'MODERATOR',
    })
    expect(created.statusCode).toBe(201)
    const user = created.json()
    expect(user).toMatchObject({ name: 'Novo', role: 'MODERATOR', status: 'ACTIVE' })

    const list = await t.app.inject({ url: '/api/admin/users', headers: admin.headers })
    expect(list.json().some((u: { id: string }) => u.id === user.id)).toBe(true)
    expect(list.body).not.toMatch(/password/i)

    const owner = await t.login()
    await t.send('POST', '/api/stores', owner, { name: 'Loja X' })
    const details = await t.app.inject({ url: `/api/admin/users/${owner.id}`, headers: admin.headers })
    expect(details.statusCode).toBe(200)
    expect(details.json()).toMatchObject({
      user: { id: owner.id },
      summary: { totalRevenue: 0, totalOrders: 0, averageOrderValue: 0 },
      stores: [{ name: 'Loja X', status: 'ACTIVE', totalOrders: 0, totalRevenue: 0 }],
    })

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${owner.id}`, headers: admin.headers })
    expect(del.statusCode).toBe(200)
    expect((await t.app.inject({ url: `/api/admin/users/${owner.id}`, headers: admin.headers })).statusCode).toBe(404)
    // The deleted user's token stops working at once.
    expect((await t.app.inject({ url: '/api/stores/me', headers: owner.headers })).statusCode).toBe(401)
  })

  it('answers 404 for unknown ids, 409 for deleting oneself, 400 for bad input', async () => {
    const admin = await t.login({ role: 'ADMIN' })
    expect(
      (await t.app.inject({ url: '/api/admin/users/00000000-0000-0000-0000-000000000000', headers: admin.headers }))
        .statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: '/api/admin/users/abc', headers: admin.headers })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(409)
    const bad = await t.send('POST', '/api/admin/users', admin, {
      name: 'x',
      email: 'bad',
      password: '1',
      role: 'KING',
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'password', 'role'])
  })

  it('records the registration in the activity log through an event', async () => {
    const reg = await post('/api/auth/register', { name: 'Ev', email: 'ev@example.com', password: 'segredo1' })
    const id = reg.json().user.id
    await t.drain()
    await waitFor(async () => {
      const rows = await t.runtime.db.selectFrom('activity_log').select('kind').where('user_id', '=', id).execute()
      return rows.some((r) => r.kind === 'user.registered')
    })
  })
})

describe('admin user details figures', () => {
  it('shows the stores’ paid revenue in reais, summed in cents by the modules that count it', async () => {
    const admin = await t.login({ role: 'ADMIN' })
    const { user, storeId } = await t.merchantWithStore('Loja Centavos')
    // Orders as ordering writes them (paid 10.10 and 20.20, one pending): 10.10 + 20.20 is 30.299999999999997 in
    // float reais.
    for (const [n, cents, status] of [
      [1, 1010, 'PAID'],
      [2, 2020, 'DELIVERED'],
      [3, 990, 'PENDING'],
    ] as const)
      await sql`insert into orders (store_id, order_number, status, product_type, customer_name, customer_email,
          customer_phone, customer_document, subtotal_cents, total_cents, payment_method)
        values (${storeId}::uuid, ${n}, ${status}, 'DIGITAL', 'Ana', 'ana@example.com', '11987654321', '52998224725',
          ${cents}, ${cents}, 'PIX')`.execute(t.runtime.db)
    const details = await t.app.inject({ url: `/api/admin/users/${user.id}`, headers: admin.headers })
    expect(details.statusCode).toBe(200)
    expect(details.json().summary).toEqual({
      totalRevenue: 30.3,
      totalOrders: 2,
      totalProducts: 0,
      averageOrderValue: 15.15,
    })
    expect(details.json().stores[0]).toMatchObject({ name: 'Loja Centavos', totalOrders: 2, totalRevenue: 30.3 })
  })
})

describe('activity log jobs', () => {
  it('completes the registration log when the account was deleted first (no dead letter)', async () => {
    const embedded = await createTestApp({ redis: false })
    try {
      const { db } = embedded.runtime
      await db.transaction().execute(async (trx) => {
        const user = await service.createUser(
          trx,
          { email: 'some@example.com', password: 'segredo12', name: 'Some Já', role: 'LOJISTA' },
          4,
          'register',
        )
        await repo.deleteUser(trx, user.id)
      })
      await embedded.drain()
      const jobs = await db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('name', '=', 'identity.log-user-registered')
        .execute()
      expect(jobs).toEqual([{ status: 'completed', attempts: 1 }])
      expect(await embedded.runtime.jobs.failed()).toEqual([])
    } finally {
      await embedded.close()
    }
  })
})
