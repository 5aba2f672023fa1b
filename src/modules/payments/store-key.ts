import type { AppConfig } from '../../config'
import { decryptSecret } from '../../platform/crypto'

/** Decrypted store keys per app (its config), by their stored ciphertext: a new key is a new ciphertext. */
const decryptedKeys = new WeakMap<AppConfig, Map<string, string>>()
const KEPT_KEYS = 10_000

/**
 * A store's gateway key, decrypted once per process rather than on every charge (the decipher was a visible share
 * of an order's CPU). The plaintext lives in this process's memory either way while it calls the gateway.
 */
export function storeKey(config: AppConfig, encrypted: string): string {
  let keys = decryptedKeys.get(config)
  if (!keys) {
    keys = new Map()
    decryptedKeys.set(config, keys)
  }
  let key = keys.get(encrypted)
  if (key === undefined) {
    if (keys.size >= KEPT_KEYS) keys.clear()
    key = decryptSecret(config.APP_SECRET, encrypted)
    keys.set(encrypted, key)
  }
  return key
}
