import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { identityService } from '.'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '10' } })
})
afterAll(() => t.close())

async function account(email: string, password = 'senha-do-dono-1') {
  await t.runtime.db
    .transaction()
    .execute((trx) => identityService.createUser(trx, { email, password, name: 'Dona', role: 'LOJISTA' }, 4, 'seed'))
  return { email, password }
}

const login = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  })
/** The cookie as the browser would send it back. */
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => String(res.headers['set-cookie']).split(';')[0]

describe('login limits with device cookies', () => {
  it("lets the owner in from a known device while a stranger's 11th guess is refused", async () => {
    const owner = await account('dona@example.com')
    const first = await login(owner.email, owner.password)
    expect(first.statusCode).toBe(200)
    const cookie = deviceCookieOf(first)
    expect(cookie).toMatch(/^device=/)
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly')

    for (let i = 0; i < 10; i++) expect((await login(owner.email, `chute-${i}-errado`)).statusCode).toBe(401)
    const eleventh = await login(owner.email, 'chute-11-errado')
    expect(eleventh.statusCode).toBe(429)
    // Even the right password from a new device waits: the e-mail's budget for unknown devices is spent.
    expect((await login(owner.email, owner.password)).statusCode).toBe(429)
    // The owner's own device has a budget of its own.
    const back = await login(owner.email, owner.password, cookie)
    expect(back.statusCode).toBe(200)
  })

  it('counts failures only: many successful logins spend no budget', async () => {
    const owner = await account('muitas@example.com')
    for (let i = 0; i < 15; i++) expect((await login(owner.email, owner.password)).statusCode).toBe(200)
  })

  it("refuses a forged, altered or another account's device cookie as a known device", async () => {
    const victim = await account('vitima@example.com')
    const attacker = await account('atacante@example.com', 'senha-do-atacante')
    const attackerCookie = deviceCookieOf(await login(attacker.email, attacker.password))
    const [name, value] = attackerCookie.split('=')
    const [, nonce, mac] = value!.split('.')
    const forged = `${name}=${Buffer.from(victim.email).toString('base64url')}.${nonce}.${mac}`
    for (let i = 0; i < 10; i++) await login(victim.email, `errada-${i}-xx`, i % 2 ? attackerCookie : forged)
    expect((await login(victim.email, 'outra-errada', forged)).statusCode).toBe(429)
    expect((await login(victim.email, 'outra-errada', attackerCookie)).statusCode).toBe(429)
  })

  it("locks only the device that guesses, when the guesses come with the account's own device cookie", async () => {
    const owner = await account('propria@example.com')
    const cookie = deviceCookieOf(await login(owner.email, owner.password))
    for (let i = 0; i < 10; i++) expect((await login(owner.email, `errada-${i}-yy`, cookie)).statusCode).toBe(401)
    expect((await login(owner.email, owner.password, cookie)).statusCode).toBe(429)
    // The e-mail's budget for other devices was not touched.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200)
  })
})
