import { createHash } from 'node:crypto'
import bcrypt from 'bcryptjs'

// bcrypt reads at most 72 bytes; a SHA-256 pre-hash (base64, no NUL bytes) lets every character of a long password count.
const prehash = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64')

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(prehash(password), cost)
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash)
}
