import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES, resetPasswordSchema } from '../../shared/identity'
import * as sessions from './sessions'

const message = z.object({ message: z.string() })

/** Logout on the server, 'Esqueci minha senha' and the reset itself. */
export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config } = app

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: message } }, preHandler: app.authenticate },
    async (request) => {
      const session = request.authSession ?? { jti: undefined, expiresAt: new Date() }
      await sessions.logout(app.db, request.user.id, session)
      app.forgetUser(request.user.id)
      return { message: 'Sessão encerrada.' }
    },
  )

  // Each request may send an e-mail: a few per address a minute, and a few per e-mail an hour whatever the address
  // (nobody floods an inbox). Over the budget is a 429 for known and unknown e-mails alike.
  const emailOf = (r: FastifyRequest) =>
    String((r.body as { email?: unknown })?.email ?? '')
      .trim()
      .toLowerCase()
  const forgotLimited = app.rateLimiter.guard(
    [
      { key: (r) => `reset-ip|${r.ip}`, max: config.RATE_LIMIT_AUTH_MAX, windowMs: 60_000 },
      { key: (r) => `reset-email|${emailOf(r)}`, max: 5, windowMs: 3_600_000 },
    ],
    PASSWORD_RESET_MESSAGES.tooMany,
  )
  app.post(
    '/auth/password/forgot',
    {
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: message } },
      preHandler: forgotLimited,
    },
    async (request) => {
      await sessions.requestPasswordReset(app.db, config.APP_SECRET, request.body.email)
      return { message: PASSWORD_RESET_MESSAGES.requested }
    },
  )

  const resetLimited = app.rateLimiter.guard(
    [{ key: (r) => `reset-use-ip|${r.ip}`, max: config.RATE_LIMIT_AUTH_MAX, windowMs: 60_000 }],
    PASSWORD_RESET_MESSAGES.tooMany,
  )
  app.post(
    '/auth/password/reset',
    { schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: message } }, preHandler: resetLimited },
    async (request) => {
      const userId = await sessions.resetPassword(
        app.db,
        request.body.token,
        request.body.password,
        config.PASSWORD_HASH_COST,
      )
      app.forgetUser(userId)
      return { message: PASSWORD_RESET_MESSAGES.done }
    },
  )
}
