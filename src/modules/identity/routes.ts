import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import {
  adminCreateUserSchema,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registerSchema,
  userSchema,
} from '../../shared/identity'
import { isUuid } from '../../shared/ids'
import { issueDeviceCookie, trustedDevice } from './device-cookie'
import { toUserDto } from './dto'
import * as service from './service'
import { type StoreFiguresSource, userDetails } from './user-details'

const authAnswer = z.object({ user: userSchema, token: z.string() })
const USER_NOT_FOUND = 'Usuário não encontrado'
const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.'
export const TOO_MANY_FOR_EMAIL =
  'Muitas tentativas de acesso para este e-mail. Por segurança, aguarde um minuto e tente novamente.'

export async function identityRoutes(fastify: FastifyInstance, deps: { storeFigures: StoreFiguresSource[] }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { config } = app
  const cost = config.PASSWORD_HASH_COST

  // Two budgets, both counted whatever address the request comes from: one per e-mail across every address (so
  // N addresses do not get N times the guesses at one account) and a wider one per address (spraying many accounts).
  // The address is the socket's unless TRUST_PROXY names the proxy in front, so a forged X-Forwarded-For resets nothing.
  const emailOf = (r: FastifyRequest) => String((r.body as { email?: unknown })?.email ?? '').toLowerCase()
  const limited = app.rateLimiter.guard(
    [{ key: (r) => `auth-ip|${r.ip}`, max: config.RATE_LIMIT_AUTH_MAX * 6, windowMs: 60_000 }],
    TOO_MANY,
  )
  const emailLimited = app.rateLimiter.guard(
    [{ key: (r) => `auth-email|${emailOf(r)}`, max: config.RATE_LIMIT_AUTH_MAX, windowMs: 60_000 }],
    TOO_MANY_FOR_EMAIL,
  )

  app.post(
    '/auth/register',
    {
      schema: { tags: ['auth'], body: registerSchema, response: { 201: z.object({ user: userSchema }) } },
      preHandler: [limited, emailLimited],
    },
    async (request, reply) => {
      const user = await service.registerUser(app.db, { ...request.body, role: 'LOJISTA' }, cost, 'register')
      return reply.status(201).send({ user: toUserDto(user) })
    },
  )

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: authAnswer } } },
    async (request, reply) => {
      // Failures only count (device-cookie.ts): a device that logged in to this account before has a budget of its
      // own; any other device shares the e-mail's budget and its address's.
      const email = emailOf(request).trim()
      const device = trustedDevice(request, config.APP_SECRET, email)
      const rules = device
        ? [{ key: `login-fail-device|${device}`, max: config.RATE_LIMIT_AUTH_MAX, windowMs: 60_000 }]
        : [
            { key: `login-fail-ip|${request.ip}`, max: config.RATE_LIMIT_AUTH_MAX * 6, windowMs: 60_000 },
            { key: `login-fail-email|${email}`, max: config.RATE_LIMIT_AUTH_MAX, windowMs: 60_000 },
          ]
      if (await app.rateLimiter.anyExhausted(rules)) throw new AppError(429, device ? TOO_MANY : TOO_MANY_FOR_EMAIL)
      const user = await service.authenticate(app.db, request.body.email, request.body.password).catch(async (err) => {
        if (err instanceof AppError && err.statusCode === 401) await app.rateLimiter.firstExceeded(rules)
        throw err
      })
      issueDeviceCookie(reply, config.APP_SECRET, email, config.publicUrl.startsWith('https:'))
      return { user: toUserDto(user), token: app.signToken(user) }
    },
  )

  app.get(
    '/users/profile',
    { schema: { tags: ['users'], response: { 200: userSchema } }, preHandler: app.authenticate },
    async (request) => {
      const user = await service.findUser(app.db, request.user.id)
      if (!user) throw new AppError(404, USER_NOT_FOUND)
      return toUserDto(user)
    },
  )

  app.patch(
    '/users/profile',
    { schema: { tags: ['users'], body: profileSchema, response: { 200: userSchema } }, preHandler: app.authenticate },
    async (request) => {
      const user = await service.updateProfile(app.db, request.user.id, request.body)
      app.forgetUser(user.id)
      return toUserDto(user)
    },
  )

  app.patch(
    '/users/password',
    {
      schema: {
        tags: ['users'],
        body: passwordChangeSchema,
        response: { 200: z.object({ message: z.string(), token: z.string() }) },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const sessionVersion = await service.changePassword(app.db, request.user.id, request.body, cost)
      app.forgetUser(request.user.id)
      // Every other session ended with the old version; this one continues with a token of the new one.
      return { message: 'Senha alterada com sucesso!', token: app.signToken({ ...request.user, sessionVersion }) }
    },
  )

  const admin = app.requireRole('ADMIN')
  const idParams = z.object({ id: z.string() })
  const findUserOr404 = async (id: string) => {
    const user = isUuid(id) ? await service.findUser(app.db, id) : undefined
    if (!user) throw new AppError(404, USER_NOT_FOUND)
    return user
  }

  app.get(
    '/admin/users',
    { schema: { tags: ['admin'], response: { 200: z.array(userSchema) } }, preHandler: admin },
    async () => (await service.listUsers(app.db)).map(toUserDto),
  )

  app.post(
    '/admin/users',
    { schema: { tags: ['admin'], body: adminCreateUserSchema, response: { 201: userSchema } }, preHandler: admin },
    async (request, reply) => {
      const user = await service.registerUser(app.db, request.body, cost, 'admin')
      return reply.status(201).send(toUserDto(user))
    },
  )

  app.get('/admin/users/:id', { schema: { tags: ['admin'], params: idParams }, preHandler: admin }, async (request) =>
    userDetails(app.db, await findUserOr404(request.params.id), deps.storeFigures),
  )

  app.delete(
    '/admin/users/:id',
    {
      schema: { tags: ['admin'], params: idParams, response: { 200: z.object({ message: z.string() }) } },
      preHandler: admin,
    },
    async (request) => {
      const user = await findUserOr404(request.params.id)
      if (user.id === request.user.id) throw new AppError(409, 'Você não pode excluir sua própria conta.')
      await service.deleteUser(app.db, user.id)
      app.forgetUser(user.id)
      return { message: 'Usuário excluído com sucesso!' }
    },
  )

  app.get('/admin/jobs/failed', { schema: { tags: ['admin'] }, preHandler: admin }, async () => app.jobs.failed(100))
}
