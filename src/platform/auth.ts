import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role, UserStatus } from '../modules/identity/tables'
import { deriveKey } from './crypto'
import { AppError } from './errors'

export interface TokenClaims {
  sub: string
  email: string
  name: string
  role: Role
}

export interface AuthUser {
  id: string
  email: string
  name: string
  role: Role
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims
    user: AuthUser
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requires a valid token of an existing, active user; sets request.user. */
    authenticate: PreHandler
    /** Sets request.user when a valid token is present; never rejects. */
    optionalAuth: PreHandler
    requireRole(...roles: Role[]): PreHandler
    signToken(user: AuthUser): string
  }
}

export interface AuthOptions {
  appSecret: string
  expiresIn: string
  /** The current state of an account, so a deleted or suspended user's token stops working at once. */
  lookupUser(id: string): Promise<(AuthUser & { status: UserStatus }) | undefined>
}

export const SESSION_EXPIRED = 'Sessão expirada ou inválida. Faça login novamente.'

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(jwt, {
      secret: deriveKey(opts.appSecret, 'jwt').toString('base64'),
      sign: { expiresIn: opts.expiresIn },
      formatUser: (claims) => ({ id: claims.sub, email: claims.email, name: claims.name, role: claims.role }),
    })

    async function resolve(request: FastifyRequest): Promise<AuthUser> {
      try {
        await request.jwtVerify()
      } catch {
        throw new AppError(401, SESSION_EXPIRED)
      }
      const current = await opts.lookupUser(request.user.id)
      if (current?.status !== 'ACTIVE') throw new AppError(401, SESSION_EXPIRED)
      request.user = { id: current.id, email: current.email, name: current.name, role: current.role }
      return request.user
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      await resolve(request)
    })
    app.decorate('optionalAuth', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return
      await resolve(request).catch(() => undefined)
    })
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      const user = await resolve(request)
      if (!roles.includes(user.role)) throw new AppError(403, 'Você não tem permissão para acessar esta área.')
    })
    app.decorate('signToken', (user: AuthUser) =>
      app.jwt.sign({ sub: user.id, email: user.email, name: user.name, role: user.role }),
    )
  },
  { name: 'auth' },
)
