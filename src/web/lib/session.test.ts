import { describe, expect, it } from 'vitest'
import { homeAfterLogin } from './roles'
import { normalizeRole, userFromToken, validClaims } from './session'

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`
const future = Math.floor(Date.now() / 1000) + 3600

describe('session token rules (spec 000 §4)', () => {
  it('accepts a token with three decodable parts and a future exp', () => {
    expect(validClaims(token({ sub: 'u1', exp: future }))).toMatchObject({ sub: 'u1' })
  })

  it('rejects missing parts, garbage, a past exp or no exp', () => {
    expect(validClaims(null)).toBeUndefined()
    expect(validClaims('a.b')).toBeUndefined()
    expect(validClaims('a.%%%.c')).toBeUndefined()
    expect(validClaims(token({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 1 }))).toBeUndefined()
    expect(validClaims(token({ sub: 'u1' }))).toBeUndefined()
  })

  it('uses the stored user when it is the token subject, and lets the token role win', () => {
    const claims = { sub: 'u1', email: 'a@b.c', name: 'Token Name', role: 'ADMIN', exp: future }
    const stored = { id: 'u1', email: 'a@b.c', name: 'Stored Name', role: 'LOJISTA' as const }
    expect(userFromToken(claims, stored)).toEqual({ id: 'u1', email: 'a@b.c', name: 'Stored Name', role: 'ADMIN' })
  })

  it('builds the user from the claims when the stored one belongs to someone else', () => {
    const claims = { sub: 'u2', email: 'x@y.z', role: 'WHATEVER', exp: future }
    const stored = { id: 'u1', email: 'a@b.c', name: 'Other', role: 'ADMIN' as const }
    expect(userFromToken(claims, stored)).toEqual({ id: 'u2', email: 'x@y.z', name: 'Usuário', role: 'USER' })
  })

  it('shows an unknown role as USER', () => {
    expect(normalizeRole('SUPERUSER')).toBe('USER')
    expect(normalizeRole('MODERATOR')).toBe('MODERATOR')
  })
})

describe('login redirect (spec 000 §2)', () => {
  it('sends ADMIN to /admin, LOJISTA to /dashboard and others back where they came from', () => {
    expect(homeAfterLogin('ADMIN', '/debug')).toBe('/admin')
    expect(homeAfterLogin('LOJISTA', '/debug')).toBe('/dashboard')
    expect(homeAfterLogin('USER', '/debug')).toBe('/debug')
    expect(homeAfterLogin('MODERATOR', undefined)).toBe('/')
  })
})
