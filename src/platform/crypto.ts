import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const derived = new Map<string, Buffer>()

/**
 * Derives an independent 32-byte key per purpose from APP_SECRET. Kept once derived: every order decrypts the
 * store's gateway key, and HKDF per call was a visible share of the api's CPU.
 */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${appSecret}`
  let key = derived.get(id)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'checkout-platform', purpose, 32))
    derived.set(id, key)
  }
  return key
}

/** AES-256-GCM; the stored form is `v1.iv.tag.ciphertext` in base64url. */
export function encryptSecret(appSecret: string, plain: string): string {
  const key = deriveKey(appSecret, 'secrets-at-rest')
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(appSecret, 'secrets-at-rest'),
    Buffer.from(iv, 'base64url'),
  )
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}

/** What the owner sees of a secret: its first 4 and last 4 characters. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '•'.repeat(secret.length)
  return `${secret.slice(0, 4)}${'•'.repeat(Math.min(12, secret.length - 8))}${secret.slice(-4)}`
}
