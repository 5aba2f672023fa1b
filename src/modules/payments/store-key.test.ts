import { expect, it } from 'vitest'
import { encryptSecret } from '../../platform/crypto'
import { testConfig } from '../../testing/test-app'
import { storeKey } from './service'

it("decrypts a store's key once per app and never answers another app's secret from its memory", () => {
  const config = testConfig()
  const encrypted = encryptSecret(config.APP_SECRET, 'sk_sandbox_key_0001')
  expect(storeKey(config, encrypted)).toBe('sk_sandbox_key_0001')
  expect(storeKey(config, encrypted)).toBe('sk_sandbox_key_0001')
  // A new key is a new ciphertext (random IV), so a changed key is never answered from memory.
  const changed = encryptSecret(config.APP_SECRET, 'sk_sandbox_key_0002')
  expect(storeKey(config, changed)).toBe('sk_sandbox_key_0002')
  const otherApp = testConfig({ APP_SECRET: 'another-secret-that-is-long-enough-for-hkdf-9876543210' })
  expect(() => storeKey(otherApp, encrypted)).toThrow()
})
