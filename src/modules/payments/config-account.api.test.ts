import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret } from '../../platform/crypto'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { PAYMENTS_BASE } from './payments-test-fixtures'

// The old payment configuration screen reads and writes the store's AtivoPay gateway account when it has one.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t.close()
})

describe('payment configuration and the AtivoPay account', () => {
  it('shows the account’s masked key, keeps it when posted back, and writes a new key to the account', async () => {
    const m = await t.merchantWithStore()
    const made = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
      provider: 'ativopay',
      label: 'AtivoPay',
      apiKey: 'sk_live_account_key_00000001',
      methods: ['pix', 'credit_card', 'bank_slip'],
    })
    expect(made.statusCode).toBe(201)
    const accountId = made.json().id as string
    const url = `${PAYMENTS_BASE}/payment-config?storeId=${m.storeId}`
    const read = await t.app.inject({ url, headers: m.user.headers })
    expect(read.statusCode).toBe(200)
    const shown = JSON.stringify(read.json())
    expect(shown).toContain(made.json().apiKey)
    expect(shown).not.toContain('sk_live_account_key_00000001')

    // Posting the masked key back keeps the account's key.
    const masked = made.json().apiKey as string
    const kept = await t.app.inject({
      method: 'POST',
      url,
      headers: m.user.headers,
      payload: { ativoPayApiKey: masked },
    })
    expect(kept.statusCode).toBe(200)
    const keyOf = async () => {
      const row = await t.runtime.db
        .selectFrom('payment_accounts')
        .select(['api_key_encrypted', 'api_key_masked'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
      return decryptSecret(t.config.APP_SECRET, row.api_key_encrypted)
    }
    expect(await keyOf()).toBe('sk_live_account_key_00000001')

    const changed = await t.app.inject({
      method: 'POST',
      url,
      headers: m.user.headers,
      payload: { ativoPayApiKey: 'sk_sandbox_new_key_from_screen_01' },
    })
    expect(changed.statusCode).toBe(200)
    expect(await keyOf()).toBe('sk_sandbox_new_key_from_screen_01')
    const after = await t.app.inject({ url, headers: m.user.headers })
    expect(JSON.stringify(after.json())).not.toContain('sk_sandbox_new_key_from_screen_01')
  })
})
