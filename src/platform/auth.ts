import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role, UserStatus } from '../shared/roles'
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
    /** Drops the cached state of an account after it changed (role, status, deletion). */
    forgetUser(id: string): void
  }
}

export interface AuthOptions {
  appSecret: string
  expiresIn: string
  /** The current state of an account, so a deleted or suspended user's token stops working at once. */
  lookupUser(id: string): Promise<(AuthUser & { status: UserStatus }) | undefined>
}

const GUARD = Symbol('guard')

/**
 * Marks a preHandler as an access guard. Guards are moved to onRequest, so a caller without access gets 401/403/404
 * before the body is validated and never learns the route's input rules.
 */
export function markGuard<T extends PreHandler>(fn: T): T {
  return Object.assign(fn, { [GUARD]: true })
}

const isGuard = (fn: unknown) => typeof fn === 'function' && GUARD in fn

export const SESSION_EXPIRED = 'Sessão expirada ou inválida. Faça login novamente.'

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(jwt, {
      secret: deriveKey(opts.appSecret, 'jwt').toString('base64'),
      sign: { expiresIn: opts.expiresIn },
      formatUser: (claims) => ({ id: claims.sub, email: claims.email, name: claims.name, role: claims.role }),
    })

    // Each request re-reads the account (deletion and suspension take effect), but one read serves a burst of
    // requests: a short per-process cache, dropped on every change this process makes.
    const cache = new Map<string, { at: number; user: Awaited<ReturnType<AuthOptions['lookupUser']>> }>()
    const CACHE_MS = 2000
    async function lookup(id: string) {
      const hit = cache.get(id)
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.user
      const user = await opts.lookupUser(id)
      if (cache.size > 10_000) cache.clear()
      cache.set(id, { at: Date.now(), user })
      return user
    }
    app.decorate('forgetUser', (id: string) => void cache.delete(id))

    // Checking a token's signature and claims costs more than the rest of a cached read (a dashboard reloaded in a
    // loop), and its answer for the same Authorization header only changes when the token expires: the header
    // verified once is trusted until then. The account behind it is still looked up on every request.
    const verified = new Map<string, { userId: string; expiresAt: number }>()
    async function verifiedUserId(request: FastifyRequest): Promise<string> {
      const header = request.headers.authorization
      const hit = header ? verified.get(header) : undefined
      if (hit && Date.now() < hit.expiresAt) return hit.userId
      try {
        await request.jwtVerify()
        // jwtVerify answers the user it made of the claims; the expiry is read from the same, now verified, token.
        const { exp } = await request.jwtDecode<{ exp?: number }>()
        if (header && exp) {
          if (verified.size > 10_000) verified.clear()
          verified.set(header, { userId: request.user.id, expiresAt: exp * 1000 })
        }
        return request.user.id
      } catch {
        throw new AppError(401, SESSION_EXPIRED)
      }
    }

    async function resolve(request: FastifyRequest): Promise<AuthUser> {
      const current = await lookup(await verifiedUserId(request))
      if (current?.status !== 'ACTIVE') throw new AppError(401, SESSION_EXPIRED)
      request.user = { id: current.id, email: current.email, name: current.name, role: current.role }
      return request.user
    }

    app.addHook('onRoute', (route) => {
      const pre = [route.preHandler ?? []].flat()
      const guards = pre.filter(isGuard)
      if (guards.length === 0) return
      route.preHandler = pre.filter((fn) => !isGuard(fn))
      route.onRequest = [...guards, ...[route.onRequest ?? []].flat()] as typeof route.onRequest
    })

    app.decorate(
      'authenticate',
      markGuard(async (request: FastifyRequest) => {
        await resolve(request)
      }),
    )
    app.decorate('optionalAuth', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return
      // A token that no longer resolves leaves the request anonymous, not half-authenticated.
      await resolve(request).catch(() => {
        request.user = undefined as unknown as AuthUser
      })
    })
    app.decorate('requireRole', (...roles: Role[]) =>
      markGuard(async (request: FastifyRequest) => {
        const user = await resolve(request)
        if (!roles.includes(user.role)) throw new AppError(403, 'Você não tem permissão para acessar esta área.')
      }),
    )
    app.decorate('signToken', (user: AuthUser) =>
      app.jwt.sign({ sub: user.id, email: user.email, name: user.name, role: user.role }),
    )
  },
  { name: 'auth' },
)
