import { describe, expect, it } from 'vitest'
import { appWithFake } from '../../testing/app-with-fake'
import { type FakeSmtp, startFakeSmtp } from '../../testing/fake-smtp'
import { type TestApp, waitFor } from '../../testing/test-app'

let t: TestApp
let smtp: FakeSmtp
appWithFake(
  startFakeSmtp,
  (url) => ({ SMTP_URL: url, EMAIL_RETRY_BASE_MS: '50' }),
  (s) => ({ t, fake: smtp } = s),
)

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers })
const profile = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/profile', headers })

async function resetLinkFor(email: string): Promise<string> {
  await waitFor(
    () =>
      smtp.messages.some(
        (m) =>
          m.subject === 'Redefinição de senha' &&
          m.text?.includes(email) !== undefined &&
          JSON.stringify(m.to).includes(email),
      ),
    15_000,
  )
  const mail = smtp.messages.filter((m) => JSON.stringify(m.to).includes(email)).at(-1)!
  return /(http:\/\/[^\s"]+\/redefinir-senha\?token=[^\s"&]+)/.exec(mail.text ?? '')![1]
}

describe('Esqueci minha senha', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const known = await t.login()
    const a = await post('/api/auth/password/forgot', { email: 'ninguem@example.com' })
    const b = await post('/api/auth/password/forgot', { email: known.email })
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    expect(a.json()).toEqual(b.json())
    await resetLinkFor(known.email)
    await t.drain()
    expect(smtp.messages.some((m) => JSON.stringify(m.to).includes('ninguem@example.com'))).toBe(false)
  })

  it('resets once through the e-mailed link, ends the other sessions, and refuses a used, wrong or expired token', async () => {
    const user = await t.login()
    const other = await post('/api/auth/login', { email: user.email, password: user.password })
    const otherHeaders = { authorization: `Bearer ${other.json().token}` }
    expect((await profile(otherHeaders)).statusCode).toBe(200)

    await post('/api/auth/password/forgot', { email: user.email.toUpperCase() })
    const link = new URL(await resetLinkFor(user.email))
    expect(link.origin).toBe(t.config.publicUrl)
    const token = link.searchParams.get('token')!

    const short = await post('/api/auth/password/reset', { token, password: '123' })
    expect(short.statusCode).toBe(400)
    expect(short.json().errors.password).toBe('A senha deve ter pelo menos 6 caracteres.')
    const wrong = await post('/api/auth/password/reset', { token: `${token}x`, password: 'nova-senha-1' })
    expect(wrong.statusCode).toBe(400)

    const done = await post('/api/auth/password/reset', { token, password: 'nova-senha-1' })
    expect(done.statusCode).toBe(200)
    const again = await post('/api/auth/password/reset', { token, password: 'outra-senha-2' })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toMatch(/inválido ou expirou/)

    // Every session from before the reset is over, on this replica and (within the 2 s cache) on any other.
    await waitFor(async () => (await profile(user.headers)).statusCode === 401, 5000)
    expect((await profile(otherHeaders)).statusCode).toBe(401)
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401)
    expect((await post('/api/auth/login', { email: user.email, password: 'nova-senha-1' })).statusCode).toBe(200)

    // An hour later the link no longer works.
    await post('/api/auth/password/forgot', { email: user.email })
    await waitFor(() => smtp.messages.filter((m) => JSON.stringify(m.to).includes(user.email)).length === 2, 15_000)
    const second = new URL(await resetLinkFor(user.email)).searchParams.get('token')!
    await t.runtime.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute()
    expect((await post('/api/auth/password/reset', { token: second, password: 'nova-senha-3' })).statusCode).toBe(400)
  })

  it('is rate-limited per e-mail', async () => {
    const user = await t.login()
    const codes: number[] = []
    for (let i = 0; i < 7; i++) codes.push((await post('/api/auth/password/forgot', { email: user.email })).statusCode)
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(codes.at(-1)).toBe(429)
  })
})

describe('sessions', () => {
  it('logout revokes only its own token', async () => {
    const user = await t.login()
    const second = (await post('/api/auth/login', { email: user.email, password: user.password })).json().token
    const out = await post('/api/auth/logout', {}, user.headers)
    expect(out.statusCode).toBe(200)
    expect((await profile(user.headers)).statusCode).toBe(401)
    expect((await profile({ authorization: `Bearer ${second}` })).statusCode).toBe(200)
  })

  it('a password change ends the other sessions and keeps this one with a new token', async () => {
    const user = await t.login()
    const second = (await post('/api/auth/login', { email: user.email, password: user.password })).json().token
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'senha-nova-123' },
    })
    expect(res.statusCode).toBe(200)
    expect((await profile({ authorization: `Bearer ${res.json().token}` })).statusCode).toBe(200)
    expect((await profile({ authorization: `Bearer ${second}` })).statusCode).toBe(401)
    expect((await profile(user.headers)).statusCode).toBe(401)
  })
})
