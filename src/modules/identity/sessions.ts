/** Sessions that end (logout, a new password) and 'Esqueci minha senha'. */
import { createHash, randomBytes } from 'node:crypto'
import { encryptSecret } from '../../platform/crypto'
import type { Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { PASSWORD_RESET_MESSAGES } from '../../shared/identity'
import { passwordResetRequested } from './events'
import { hashPassword } from './password'
import * as repo from './repository'

/** How long an e-mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Ends one token: the one the request came with. A token from before token ids existed ends every session. */
export async function logout(db: Db, userId: string, session: { jti: string | undefined; expiresAt: Date }) {
  if (session.jti) await repo.revokeToken(db, { jti: session.jti, userId, expiresAt: session.expiresAt })
  else await repo.bumpSessionVersion(db, userId)
}

/**
 * Issues a reset link for an existing, active account and announces it (notifications e-mails it). An unknown or
 * suspended e-mail does nothing; the caller answers the same either way, so nobody learns which e-mails exist.
 */
export async function requestPasswordReset(db: Db, appSecret: string, email: string): Promise<void> {
  const user = await repo.findUserWithHashByEmail(db, email.trim())
  if (user?.status !== 'ACTIVE') return
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS)
  await db.transaction().execute(async (trx) => {
    const resetId = await repo.insertResetToken(trx, { userId: user.id, tokenHash: hashToken(token), expiresAt })
    await publish(trx, passwordResetRequested, {
      userId: user.id,
      resetId,
      email: user.email,
      name: user.name,
      tokenEncrypted: encryptSecret(appSecret, token),
      expiresAt: expiresAt.toISOString(),
    })
  })
}

/**
 * Sets the new password with a valid token: the token is used up, the account's other reset links too, and every
 * session of the account ends (the session version rises). A wrong, used or expired token changes nothing.
 */
export async function resetPassword(db: Db, token: string, password: string, cost: number): Promise<string> {
  const passwordHash = await hashPassword(password, cost)
  return db.transaction().execute(async (trx) => {
    const reset = await repo.consumeResetToken(trx, hashToken(token))
    if (!reset)
      throw new AppError(400, PASSWORD_RESET_MESSAGES.invalidToken, { token: PASSWORD_RESET_MESSAGES.invalidToken })
    await repo.bumpSessionVersion(trx, reset.user_id, passwordHash)
    await repo.expireResetTokens(trx, reset.user_id)
    return reset.user_id
  })
}
