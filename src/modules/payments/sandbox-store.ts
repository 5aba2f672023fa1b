/**
 * Whether a store takes money only through the built-in sandbox (subscriptions' test clock is for those stores
 * only): the sandbox is on (not production, no real gateway URL) and every key the store has is a sandbox one.
 */
import * as accounts from './accounts.repository'
import * as repo from './repository'
import { SANDBOX_KEY_PREFIX, sandboxEnabled } from './sandbox'
import type { PaymentsDeps } from './service'
import { storeKey } from './store-key'

export async function onSandboxOnly(deps: Pick<PaymentsDeps, 'db' | 'config'>, storeId: string): Promise<boolean> {
  if (!sandboxEnabled(deps.config)) return false
  const keys: string[] = []
  const config = await repo.findConfig(deps.db, storeId)
  if (config?.api_key_encrypted) keys.push(storeKey(deps.config, config.api_key_encrypted))
  const list = await accounts.listAccounts(deps.db, storeId)
  if (list.some((a) => a.provider === 'asaas')) return false
  for (const a of list) keys.push(storeKey(deps.config, a.api_key_encrypted))
  return keys.length > 0 && keys.every((k) => k.startsWith(SANDBOX_KEY_PREFIX))
}
