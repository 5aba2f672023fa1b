import { sql } from 'kysely'
import type { DbOrTrx, Role } from './tables'

const userColumns = ['id', 'email', 'name', 'role', 'status', 'created_at'] as const

export async function findUserById(db: DbOrTrx, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst()
}

export async function findUserWithHashByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash', 'session_version'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function findPasswordHash(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst()
  return row?.password_hash
}

export async function insertUser(db: DbOrTrx, user: { email: string; name: string; passwordHash: string; role: Role }) {
  return db
    .insertInto('users')
    .values({ email: user.email, name: user.name, password_hash: user.passwordHash, role: user.role })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst()
}

export async function updateUser(
  db: DbOrTrx,
  id: string,
  patch: { name?: string; passwordHash?: string; role?: Role },
) {
  return db
    .updateTable('users')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
      ...(patch.role !== undefined && { role: patch.role }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirst()
}

export async function listUsers(db: DbOrTrx) {
  return db.selectFrom('users').select(userColumns).orderBy('created_at', 'desc').limit(5000).execute()
}

export async function deleteUser(db: DbOrTrx, id: string) {
  const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function insertActivity(
  db: DbOrTrx,
  entry: { eventId: string; userId: string; kind: string; data: Record<string, unknown> },
) {
  await db
    .insertInto('activity_log')
    .values({ event_id: entry.eventId, user_id: entry.userId, kind: entry.kind, data: JSON.stringify(entry.data) })
    .onConflict((oc) => oc.columns(['event_id', 'kind']).doNothing())
    .execute()
}

export async function listActivity(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('activity_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

export async function describeUsers(db: DbOrTrx, ids: string[]) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute()
}

export async function countUsers(db: DbOrTrx, range: { from?: Date; to?: Date }): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
  if (range.from) q = q.where('created_at', '>=', range.from)
  if (range.to) q = q.where('created_at', '<', range.to)
  return (await q.executeTakeFirstOrThrow()).n
}

/** What every authenticated request checks (through a 2 s cache): the account, its session version, its logouts. */
export async function findSessionState(db: DbOrTrx, id: string) {
  const row = await db
    .selectFrom('users')
    .select([...userColumns, 'session_version'])
    .select((eb) =>
      eb
        .selectFrom('revoked_tokens')
        .select(sql<string[]>`coalesce(array_agg(jti), '{}')`.as('jtis'))
        .whereRef('revoked_tokens.user_id', '=', 'users.id')
        .where('revoked_tokens.expires_at', '>', new Date())
        .as('revoked'),
    )
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { session_version, revoked, ...user } = row
  return { ...user, sessionVersion: session_version, revokedTokens: revoked ?? [] }
}

export async function revokeToken(db: DbOrTrx, token: { jti: string; userId: string; expiresAt: Date }) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: token.jti, user_id: token.userId, expires_at: token.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute()
  // Expired revocations mean nothing any more (the token's own expiry refuses it): kept from piling up.
  await db
    .deleteFrom('revoked_tokens')
    .where('user_id', '=', token.userId)
    .where('expires_at', '<=', new Date())
    .execute()
}

/** Ends every token issued so far; answers the new version. */
export async function bumpSessionVersion(db: DbOrTrx, id: string, passwordHash?: string) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      session_version: eb('session_version', '+', 1),
      ...(passwordHash !== undefined && { password_hash: passwordHash }),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirst()
  return row?.session_version
}

export async function insertResetToken(db: DbOrTrx, token: { userId: string; tokenHash: string; expiresAt: Date }) {
  const row = await db
    .insertInto('password_reset_tokens')
    .values({ user_id: token.userId, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Takes a reset token once: the row is marked used by the same statement that finds it, so two uses cannot both win. */
export async function consumeResetToken(db: DbOrTrx, tokenHash: string) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['id', 'user_id'])
    .executeTakeFirst()
}

/** Unused tokens of the account, ended by a successful reset (an older e-mail cannot be used afterwards). */
export async function expireResetTokens(db: DbOrTrx, userId: string) {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}
