import { randomUUID } from 'node:crypto'
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
  /** The account's session version when the token was issued; absent in tokens older than it (version 0). */
  sv?: number
  /** The token's own id, what a logout revokes. */
  jti?: string
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

/** The verified token behind an authenticated request: what a logout revokes. */
export interface AuthSession {
  jti: string | undefined
  expiresAt: Date
}

declare module 'fastify' {
  interface FastifyRequest {
    authSession?: AuthSession
  }
  interface FastifyInstance {
    /** Requires a valid token of an existing, active user; sets request.user. */
    authenticate: PreHandler
    /** Sets request.user when a valid token is present; never rejects. */
    optionalAuth: PreHandler
    requireRole(...roles: Role[]): PreHandler
    /** A token for the account at its current session version (a password change raises it: older tokens end). */
    signToken(user: AuthUser & { sessionVersion: number }): string
    /** Drops the cached state of an account after it changed (role, status, deletion). */
    forgetUser(id: string): void
  }
}

export interface AuthOptions {
  appSecret: string
  expiresIn: string
  /**
   * The current state of an account, so a deleted or suspended user's token stops working at once: its session
   * version (tokens of an older one are refused) and the ids of its tokens revoked by a logout that have not expired.
   */
  lookupUser(
    id: string,
  ): Promise<(AuthUser & { status: UserStatus; sessionVersion: number; revokedTokens: string[] }) | undefined>
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
    type VerifiedToken = { userId: string; expiresAt: number; sv: number; jti: string | undefined }
    const verified = new Map<string, VerifiedToken>()
    async function verifiedToken(request: FastifyRequest): Promise<VerifiedToken> {
      const header = request.headers.authorization
      const hit = header ? verified.get(header) : undefined
      if (hit && Date.now() < hit.expiresAt) return hit
      try {
        await request.jwtVerify()
        // jwtVerify answers the user it made of the claims; the rest is read from the same, now verified, token.
        const { exp, sv, jti } = await request.jwtDecode<{ exp?: number; sv?: number; jti?: string }>()
        const token = { userId: request.user.id, expiresAt: (exp ?? 0) * 1000, sv: sv ?? 0, jti }
        if (header && exp) {
          if (verified.size > 10_000) verified.clear()
          verified.set(header, token)
        }
        return token
      } catch {
        throw new AppError(401, SESSION_EXPIRED)
      }
    }

    async function resolve(request: FastifyRequest): Promise<AuthUser> {
      const token = await verifiedToken(request)
      const current = await lookup(token.userId)
      if (current?.status !== 'ACTIVE') throw new AppError(401, SESSION_EXPIRED)
      // Same 2 s as a suspension: a logout or a password change on another replica ends the token there as fast.
      if (current.sessionVersion !== token.sv) throw new AppError(401, SESSION_EXPIRED)
      if (token.jti && current.revokedTokens.includes(token.jti)) throw new AppError(401, SESSION_EXPIRED)
      request.authSession = { jti: token.jti, expiresAt: new Date(token.expiresAt) }
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
    app.decorate('signToken', (user: AuthUser & { sessionVersion: number }) =>
      app.jwt.sign({
        sub: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        sv: user.sessionVersion,
        jti: randomUUID(),
      }),
    )
  },
  { name: 'auth' },
)
