import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'

// No SMTP_URL (the embedded default): every message is kept and an administrator reads it.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

it('keeps the messages for the admin mailbox when no SMTP server is configured', async () => {
  const user = await t.login()
  const admin = await t.login({ role: 'ADMIN' })
  await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email } })
  await t.drain()
  let list: { messages: { id: string; to: string; subject: string }[]; smtpConfigured: boolean } = {
    messages: [],
    smtpConfigured: true,
  }
  await waitFor(async () => {
    list = (
      await t.app.inject({ url: `/api/admin/emails?to=${encodeURIComponent(user.email)}`, headers: admin.headers })
    ).json()
    return list.messages.length === 1
  })
  expect(list.smtpConfigured).toBe(false)
  expect(list.messages[0]).toMatchObject({ to: user.email, subject: 'Redefinição de senha' })
  const message = await t.app.inject({ url: `/api/admin/emails/${list.messages[0].id}`, headers: admin.headers })
  expect(message.statusCode).toBe(200)
  expect(message.json().html).toContain('/redefinir-senha?token=')
  expect(message.json().text).toContain('/redefinir-senha?token=')

  expect((await t.app.inject({ url: '/api/admin/emails', headers: user.headers })).statusCode).toBe(403)
  expect((await t.app.inject({ url: '/api/admin/emails/nao-existe', headers: admin.headers })).statusCode).toBe(404)
})
