/**
 * A store's gateway accounts (issue 32): which gateways charge, for which methods, in which order. Keys are kept
 * encrypted and shown masked; an Asaas account's webhook token authenticates its webhook.
 */
import type { z } from 'zod'
import { decryptSecret, encryptSecret, maskSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import {
  ACCOUNT_MESSAGES,
  asaasWebhookPath,
  type PaymentAccount,
  type paymentAccountInputSchema,
  type paymentAccountPatchSchema,
} from '../../shared/payment-accounts'
import { isMaskedKey } from '../../shared/payments'
import * as repo from './accounts.repository'
import { type GatewayDeps, providerGateway } from './gateway'
import { GatewayError } from './gateway-client'
import { gatewayHealthOf } from './gateway-health'
import type { Trx } from './tables'

const notFound = () => new AppError(404, ACCOUNT_MESSAGES.notFound, undefined, 'NOT_FOUND')
const priorityTaken = () =>
  new AppError(400, ACCOUNT_MESSAGES.priorityTaken, { priority: ACCOUNT_MESSAGES.priorityTaken }, 'PRIORITY_TAKEN')

function toDto(deps: GatewayDeps, row: repo.AccountRow): PaymentAccount {
  return {
    id: row.id,
    provider: row.provider,
    label: row.label,
    apiKey: row.api_key_masked,
    webhookTokenSet: Boolean(row.webhook_token_encrypted),
    webhookUrl: row.provider === 'asaas' ? `${deps.config.publicUrl}${asaasWebhookPath(row.id)}` : null,
    methods: row.methods,
    priority: row.priority,
    active: row.active,
    fees: row.fees ?? {},
    capabilities: providerGateway(deps, row.provider).capabilities,
    health: {
      lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
      lastError: row.last_check_error,
      circuitOpen: gatewayHealthOf(deps.config).isOpen(row.id),
    },
  }
}

/** After a change: the buyer's card step offers to keep the card only when every card account would keep it. */
async function refresh(deps: GatewayDeps, trx: Trx, storeId: string) {
  const cards = (await repo.listAccounts(trx, storeId)).filter((a) => a.active && a.methods.includes('credit_card'))
  const cardOnFile = cards.length > 0 && cards.every((a) => providerGateway(deps, a.provider).capabilities.cardOnFile)
  // Any card account may take the charge (fallback): one that needs the holder's address makes the checkout ask it.
  const holderAddress = cards.some((a) => providerGateway(deps, a.provider).capabilities.holderAddress)
  await repo.refreshRouted(trx, storeId, cardOnFile, holderAddress)
}

export async function listAccounts(deps: GatewayDeps, storeId: string): Promise<PaymentAccount[]> {
  return (await repo.listAccounts(deps.db, storeId)).map((r) => toDto(deps, r))
}

function checkProvider(deps: GatewayDeps, provider: repo.AccountRow['provider']) {
  if (provider === 'sandbox' && deps.config.NODE_ENV === 'production')
    throw new AppError(400, ACCOUNT_MESSAGES.sandboxOff, { provider: ACCOUNT_MESSAGES.sandboxOff })
}

export async function createAccount(
  deps: GatewayDeps,
  storeId: string,
  input: z.output<typeof paymentAccountInputSchema>,
): Promise<PaymentAccount> {
  checkProvider(deps, input.provider)
  if (isMaskedKey(input.apiKey)) throw new AppError(400, ACCOUNT_MESSAGES.apiKey, { apiKey: ACCOUNT_MESSAGES.apiKey })
  const row = await deps.db.transaction().execute(async (trx) => {
    const priority = input.priority ?? (await repo.nextPriority(trx, storeId))
    if (await repo.priorityTaken(trx, storeId, priority)) throw priorityTaken()
    const created = await repo.insertAccount(trx, {
      store_id: storeId,
      provider: input.provider,
      label: input.label,
      api_key_encrypted: encryptSecret(deps.config.APP_SECRET, input.apiKey),
      api_key_masked: maskSecret(input.apiKey),
      webhook_token_encrypted: input.webhookToken ? encryptSecret(deps.config.APP_SECRET, input.webhookToken) : null,
      methods: input.methods,
      priority,
      active: input.active,
      fees: JSON.stringify(input.fees ?? {}),
      updated_at: new Date(),
    })
    await refresh(deps, trx, storeId)
    return created
  })
  return toDto(deps, row)
}

export async function updateAccount(
  deps: GatewayDeps,
  storeId: string,
  id: string,
  input: z.output<typeof paymentAccountPatchSchema>,
): Promise<PaymentAccount> {
  if (!isUuid(id)) throw notFound()
  const row = await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findAccount(trx, storeId, id)
    if (!existing) throw notFound()
    if (input.priority !== undefined && (await repo.priorityTaken(trx, storeId, input.priority, id)))
      throw priorityTaken()
    const newKey = input.apiKey && !isMaskedKey(input.apiKey) ? input.apiKey : undefined
    const updated = await repo.updateAccount(trx, storeId, id, {
      label: input.label,
      methods: input.methods,
      priority: input.priority,
      active: input.active,
      fees: input.fees ? JSON.stringify(input.fees) : undefined,
      ...(newKey
        ? {
            api_key_encrypted: encryptSecret(deps.config.APP_SECRET, newKey),
            api_key_masked: maskSecret(newKey),
            last_checked_at: null,
            last_check_error: null,
          }
        : {}),
      ...(input.webhookToken && !isMaskedKey(input.webhookToken)
        ? { webhook_token_encrypted: encryptSecret(deps.config.APP_SECRET, input.webhookToken) }
        : {}),
    })
    await refresh(deps, trx, storeId)
    return updated!
  })
  return toDto(deps, row)
}

/** Swaps an account's priority with its neighbour's (the screen's arrows), in one transaction. */
export async function moveAccount(deps: GatewayDeps, storeId: string, id: string, direction: 'up' | 'down') {
  if (!isUuid(id)) throw notFound()
  await deps.db.transaction().execute(async (trx) => {
    const list = await repo.listAccounts(trx, storeId)
    const at = list.findIndex((a) => a.id === id)
    if (at < 0) throw notFound()
    const other = list[direction === 'up' ? at - 1 : at + 1]
    if (!other) return
    await repo.swapPriorities(trx, storeId, list[at]!, other)
  })
  return listAccounts(deps, storeId)
}

export async function deleteAccount(deps: GatewayDeps, storeId: string, id: string) {
  if (!isUuid(id)) throw notFound()
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteAccount(trx, storeId, id))) throw notFound()
    await refresh(deps, trx, storeId)
  })
}

/** 'Testar conexão': one cheap authenticated call with the account's key; the outcome is recorded on the account. */
export async function testAccount(deps: GatewayDeps, storeId: string, id: string) {
  if (!isUuid(id)) throw notFound()
  const row = await repo.findAccount(deps.db, storeId, id)
  if (!row) throw notFound()
  let message: string | null = null
  try {
    await providerGateway(deps, row.provider).checkHealth(decryptSecret(deps.config.APP_SECRET, row.api_key_encrypted))
  } catch (err) {
    message =
      err instanceof GatewayError && err.kind === 'unauthorized'
        ? 'API Key inválida para este gateway'
        : 'Não foi possível conectar ao gateway'
  }
  await repo.markAccountChecked(deps.db, row.id, message)
  return { ok: message === null, message: message ?? 'Conexão bem-sucedida' }
}
