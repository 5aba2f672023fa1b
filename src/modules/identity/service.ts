import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import type { PasswordChangeInput, ProfileInput, Role } from '../../shared/identity'
import { userRegistered } from './events'
import { hashPassword, verifyPassword } from './password'
import * as repo from './repository'
import type { Db, Trx } from './tables'

export const INVALID_CREDENTIALS = 'Email ou senha inválidos.'
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.'

interface NewUser {
  name: string
  email: string
  password: string
  role: Role
}

/** The use case of a sign-up or of an administrator's new account: one transaction for the account and its event. */
export async function registerUser(db: Db, user: NewUser, cost: number, via: 'register' | 'admin') {
  return db.transaction().execute((trx) => createUser(trx, user, cost, via))
}

/** Creates the account and announces it in the same transaction. */
export async function createUser(trx: Trx, user: NewUser, cost: number, via: 'register' | 'admin' | 'seed') {
  const row = await insertUserIfAbsent(trx, user, cost, via)
  if (!row) throw new AppError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
  return row
}

/** The new account and its event, or undefined when the e-mail is taken (by a replica starting at the same moment). */
async function insertUserIfAbsent(trx: Trx, user: NewUser, cost: number, via: 'register' | 'admin' | 'seed') {
  const passwordHash = await hashPassword(user.password, cost)
  const row = await repo.insertUser(trx, {
    email: user.email.toLowerCase(),
    name: user.name,
    passwordHash,
    role: user.role,
  })
  if (row) await publish(trx, userRegistered, { userId: row.id, email: row.email, name: row.name, role: row.role, via })
  return row
}

export async function authenticate(db: Db, email: string, password: string) {
  const row = await repo.findUserWithHashByEmail(db, email.trim())
  // Compare against a fixed hash when the e-mail is unknown so both failures take the same time.
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH)
  if (!row || !ok) throw new AppError(401, INVALID_CREDENTIALS)
  if (row.status !== 'ACTIVE') throw new AppError(403, 'Conta suspensa. Entre em contato com o suporte.')
  const { password_hash: _, session_version, ...user } = row
  return { ...user, sessionVersion: session_version }
}
const DUMMY_HASH = '$2b$10$rPih2fcbqQtXxjtdlPp9.uwXkKbEX95c5tpr6VxcR2VjoKp2Yy3ca'

export async function updateProfile(db: Db, userId: string, input: ProfileInput) {
  const row = await repo.updateUser(db, userId, { name: input.name })
  if (!row) throw new AppError(404, 'Usuário não encontrado')
  return row
}

export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta'

export async function changePassword(db: Db, userId: string, input: PasswordChangeInput, cost: number) {
  const hash = await repo.findPasswordHash(db, userId)
  if (!hash) throw new AppError(404, 'Usuário não encontrado')
  // 400, not 401: a 401 would end the session of someone who merely mistyped.
  if (!(await verifyPassword(input.currentPassword, hash))) {
    throw new AppError(
      400,
      WRONG_CURRENT_PASSWORD,
      { currentPassword: WRONG_CURRENT_PASSWORD },
      'CURRENT_PASSWORD_WRONG',
    )
  }
  // A new password ends every session of the account (a stolen token stops working); the caller gets a new token.
  const version = await repo.bumpSessionVersion(db, userId, await hashPassword(input.newPassword, cost))
  if (version === undefined) throw new AppError(404, 'Usuário não encontrado')
  return version
}

/** ADMIN_EMAIL/ADMIN_PASSWORD on start: create that administrator, or promote and re-key an existing account. */
export async function ensureAdmin(db: Db, email: string, password: string, cost: number) {
  let existing = await repo.findUserWithHashByEmail(db, email)
  if (!existing) {
    // insert … on conflict do nothing: replicas starting in the same second all come up, one of them creates it.
    const created = await db
      .transaction()
      .execute((trx) =>
        insertUserIfAbsent(trx, { name: 'Administrador', email, password, role: 'ADMIN' }, cost, 'seed'),
      )
    if (created) return created
    existing = await repo.findUserWithHashByEmail(db, email)
    if (!existing) throw new Error(`admin ${email} neither created nor found`)
  }
  const samePassword = await verifyPassword(password, existing.password_hash)
  return repo.updateUser(db, existing.id, {
    role: 'ADMIN',
    ...(!samePassword && { passwordHash: await hashPassword(password, cost) }),
  })
}

/** The account of an e-mail (any case), without its password hash. */
export async function findUserByEmail(db: Db, email: string) {
  const row = await repo.findUserWithHashByEmail(db, email)
  if (!row) return undefined
  const { password_hash: _, session_version: __, ...user } = row
  return user
}

export async function findUser(db: Db, id: string) {
  return repo.findUserById(db, id)
}

export async function listUsers(db: Db) {
  return repo.listUsers(db)
}

export async function deleteUser(db: Db, id: string) {
  await repo.deleteUser(db, id)
}

/** One row of the account's activity log, written by the handler of the event it records. */
export async function logActivity(db: Db, entry: Parameters<typeof repo.insertActivity>[1]) {
  await repo.insertActivity(db, entry)
}

/** Names and e-mails of a set of users, for reports that only hold their ids. */
export async function describeUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  return repo.describeUsers(db, ids)
}

/** Accounts created in [from, to) (all accounts when no bounds), for the platform dashboard. */
export async function countUsers(db: Db, range: { from?: Date; to?: Date } = {}): Promise<number> {
  return repo.countUsers(db, range)
}
