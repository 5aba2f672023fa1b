import type { z } from 'zod'
import { decryptSecret, encryptSecret, maskSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import type { JobQueue } from '../../platform/jobs'
import {
  BOLETO_DAYS_DEFAULT,
  INSTALLMENTS_DEFAULT,
  isMaskedKey,
  PAYMENT_MESSAGES,
  type PaymentConfig,
  PIX_EXPIRATION_DAYS,
  type PublicPaymentMethods,
  type paymentConfigInputSchema,
  WEBHOOK_CALLBACK_PATH,
} from '../../shared/payments'
import { bpToPercent, type InstallmentRules, percentToBp } from '../../shared/pricing'
import * as accounts from './accounts.repository'
import { toConfigDto } from './dto'
import type { GatewayDeps } from './gateway'
import type { SerializedGatewayError } from './gateway-client'
import * as repo from './repository'
import { sandboxEnabled } from './sandbox'
import type { Db, DbOrTrx } from './tables'

export const HEALTH_JOB = 'payments.check-health'

export function webhookUrl(publicUrl: string): string {
  return `${publicUrl}${WEBHOOK_CALLBACK_PATH}`
}

/** The store's AtivoPay gateway account (the first by priority): the configuration screen's key is its key. */
async function ativoPayAccount(db: DbOrTrx, storeId: string) {
  return (await accounts.listAccounts(db, storeId)).find((a) => a.provider === 'ativopay')
}

/** The configuration answer: the store's row and what this server says about it. */
async function configDto(storeId: string, row: repo.ConfigRow | undefined, deps: GatewayDeps): Promise<PaymentConfig> {
  // The key shown is the AtivoPay account's when the store has one (the screen reads and writes that account).
  const account = await ativoPayAccount(deps.db, storeId)
  const shown = account && row ? { ...row, api_key_masked: account.api_key_masked } : row
  return toConfigDto(storeId, shown, {
    webhookUrl: webhookUrl(deps.config.publicUrl),
    webhookUrlPublic: deps.config.publicUrlSet,
    sandbox: sandboxEnabled(deps.config),
  })
}

/** The store's plain key, for the gateway calls only (never returned, never logged). */
export async function storeApiKey(deps: GatewayDeps, storeId: string): Promise<string | undefined> {
  const row = await repo.findConfig(deps.db, storeId)
  return row?.api_key_encrypted ? decryptSecret(deps.config.APP_SECRET, row.api_key_encrypted) : undefined
}

export interface HealthJobData {
  storeId: string
  /** A key typed but not saved yet, encrypted so it is not readable in the queue. */
  candidateKey?: string
  /** Whether the outcome marks the stored configuration active/inactive. */
  record: boolean
}

export type HealthOutcome = { ok: true } | { ok: false; error: SerializedGatewayError }

/**
 * Runs the health check as a job and maps the outcome to the spec's answers. The browser waits 5 s (spec 002);
 * the gateway call gets 4.5 s and the job 4.8 s so the server's own answer arrives before the browser gives up.
 */
export async function checkHealth(
  deps: GatewayDeps & { jobs: JobQueue },
  storeId: string,
  candidateKey?: string,
): Promise<{ status: 'healthy'; configured: boolean; sandbox: boolean }> {
  const data: HealthJobData = {
    storeId,
    candidateKey: candidateKey ? encryptSecret(deps.config.APP_SECRET, candidateKey) : undefined,
    record: !candidateKey,
  }
  let outcome: HealthOutcome
  try {
    outcome = await deps.jobs.run<HealthOutcome>(HEALTH_JOB, data, { timeoutMs: 4_800 })
  } catch {
    if (!candidateKey) await repo.markConfigChecked(deps.db, storeId, false, PAYMENT_MESSAGES.connectError)
    throw new AppError(503, PAYMENT_MESSAGES.connectError)
  }
  if (outcome.ok) return { status: 'healthy', configured: true, sandbox: sandboxEnabled(deps.config) }
  if (outcome.error.kind === 'unauthorized')
    throw new AppError(401, PAYMENT_MESSAGES.invalidKey, undefined, 'GATEWAY_KEY_INVALID')
  throw new AppError(503, PAYMENT_MESSAGES.connectError)
}

/** The health job: one cheap authenticated gateway call; records the result on the configuration when asked. */
export async function runHealthJob(
  deps: GatewayDeps,
  data: HealthJobData,
  client: { checkHealth(key: string): Promise<void> },
): Promise<HealthOutcome> {
  const key = data.candidateKey
    ? decryptSecret(deps.config.APP_SECRET, data.candidateKey)
    : await storeApiKey(deps, data.storeId)
  let outcome: HealthOutcome
  if (!key) outcome = { ok: false, error: { kind: 'unauthorized', message: PAYMENT_MESSAGES.invalidKey } }
  else {
    try {
      await client.checkHealth(key)
      outcome = { ok: true }
    } catch (err) {
      const e = err as { kind?: string; toJSON?: () => SerializedGatewayError }
      outcome = {
        ok: false,
        error: e.toJSON?.() ?? { kind: 'unavailable', message: PAYMENT_MESSAGES.connectError },
      }
    }
  }
  if (data.record) {
    const message = outcome.ok
      ? null
      : outcome.error.kind === 'unauthorized'
        ? PAYMENT_MESSAGES.invalidKey
        : PAYMENT_MESSAGES.connectError
    await repo.markConfigChecked(deps.db, data.storeId, outcome.ok, message)
  }
  return outcome
}

/**
 * Saves the configuration. A masked key posted back keeps the stored one; a new key is encrypted and verified
 * at once (the configuration is active only while the gateway accepts its key).
 */
export async function saveConfig(
  deps: GatewayDeps & { jobs: JobQueue },
  storeId: string,
  input: z.output<typeof paymentConfigInputSchema>,
): Promise<PaymentConfig> {
  const existing = await repo.findConfig(deps.db, storeId)
  const account = await ativoPayAccount(deps.db, storeId)
  const keepKey = isMaskedKey(input.ativoPayApiKey)
  if (keepKey && !existing?.api_key_encrypted && !account)
    throw new AppError(400, PAYMENT_MESSAGES.apiKeyRequired, {
      ativoPayApiKey: PAYMENT_MESSAGES.apiKeyRequired,
    })
  const settings = {
    pix_enabled: input.pixEnabled,
    credit_card_enabled: input.creditCardEnabled,
    boleto_enabled: input.boletoEnabled,
    credit_card_max_installments: input.creditCardMaxInstallments,
    boleto_expiration_days: input.boletoExpirationDays,
    pix_discount_bp: percentToBp(input.pixDiscountPercent),
    boleto_discount_bp: percentToBp(input.boletoDiscountPercent),
    interest_free_installments: input.interestFreeInstallments,
    monthly_interest_bp: percentToBp(input.monthlyInterestPercent),
  }
  const accountKey = account ? decryptSecret(deps.config.APP_SECRET, account.api_key_encrypted) : undefined
  if (account && !keepKey && accountKey !== input.ativoPayApiKey)
    await accounts.updateAccount(deps.db, storeId, account.id, {
      api_key_encrypted: encryptSecret(deps.config.APP_SECRET, input.ativoPayApiKey),
      api_key_masked: maskSecret(input.ativoPayApiKey),
    })
  const changedKey =
    !keepKey && (!existing?.api_key_encrypted || (await storeApiKey(deps, storeId)) !== input.ativoPayApiKey)
  if (!changedKey) {
    await repo.upsertConfig(deps.db, storeId, settings)
  } else {
    await repo.upsertConfig(deps.db, storeId, {
      ...settings,
      api_key_encrypted: encryptSecret(deps.config.APP_SECRET, input.ativoPayApiKey),
      api_key_masked: maskSecret(input.ativoPayApiKey),
      active: false,
      last_checked_at: null,
      last_check_error: null,
    })
    // The answer only matters for the recorded state: the save itself succeeds either way.
    await checkHealth(deps, storeId).catch(() => undefined)
  }
  return await configDto(storeId, await repo.findConfig(deps.db, storeId), deps)
}

export async function getConfig(deps: GatewayDeps, storeId: string): Promise<PaymentConfig> {
  return await configDto(storeId, await repo.findConfig(deps.db, storeId), deps)
}

/** A store can charge: an active key on this screen, or an active gateway account (routing.ts). */
function usable(row: repo.ConfigRow | undefined): row is repo.ConfigRow {
  return Boolean((row?.api_key_encrypted && row.active) || row?.routed)
}

/** The store's installment rules for pricing: 'sem juros até' never above the maximum. */
export function installmentRulesOf(row: repo.ConfigRow | undefined): InstallmentRules {
  const max = row?.credit_card_max_installments ?? INSTALLMENTS_DEFAULT
  return {
    max,
    interestFree: Math.min(row?.interest_free_installments ?? max, max),
    monthlyRateBp: row?.monthly_interest_bp ?? 0,
  }
}

/** The discount (basis points) for paying with a method. */
export function methodDiscountBpOf(row: repo.ConfigRow | undefined, method: 'PIX' | 'CREDIT_CARD' | 'BOLETO'): number {
  if (method === 'PIX') return row?.pix_discount_bp ?? 0
  if (method === 'BOLETO') return row?.boleto_discount_bp ?? 0
  return 0
}

/** The buyer-facing methods (spec 002 §3 defaults); a method is on only when the store has an active key. */
export function methodsOf(row: repo.ConfigRow | undefined): PublicPaymentMethods {
  const on = usable(row)
  const rules = installmentRulesOf(row)
  return {
    pix: {
      enabled: on && row.pix_enabled,
      name: 'PIX',
      expirationDays: PIX_EXPIRATION_DAYS,
      discountPercent: bpToPercent(row?.pix_discount_bp ?? 0),
    },
    credit_card: {
      enabled: on && row.credit_card_enabled,
      name: 'Cartão de Crédito',
      // Only said when true: a store without gateway accounts answers exactly as before them.
      ...(on && row.routed && row.card_on_file ? { cardOnFile: true } : {}),
      ...(on && row.routed && row.card_holder_address ? { holderAddress: true } : {}),
      maxInstallments: rules.max,
      installments: {
        max: rules.max,
        interestFree: rules.interestFree,
        monthlyRatePercent: bpToPercent(rules.monthlyRateBp),
      },
    },
    bank_slip: {
      enabled: on && row.boleto_enabled,
      name: 'Boleto Bancário',
      expirationDays: row?.boleto_expiration_days ?? BOLETO_DAYS_DEFAULT,
      discountPercent: bpToPercent(row?.boleto_discount_bp ?? 0),
    },
  }
}

export async function publicMethods(db: Db, storeId: string): Promise<PublicPaymentMethods> {
  return methodsOf(await repo.findConfig(db, storeId))
}

export async function paymentSettings(deps: GatewayDeps, storeId: string) {
  const row = await repo.findConfig(deps.db, storeId)
  const ativoPay = {
    apiKey: row?.api_key_masked ?? null,
    configured: Boolean(row?.api_key_encrypted),
    active: row?.active ?? false,
    webhookUrl: webhookUrl(deps.config.publicUrl),
  }
  return { storeId, ativoPay, paymentMethods: methodsOf(row) }
}

export async function seedDemoConfig(db: DbOrTrx, appSecret: string, storeId: string, key: string) {
  await repo.upsertConfig(db, storeId, {
    api_key_encrypted: encryptSecret(appSecret, key),
    api_key_masked: maskSecret(key),
    active: true,
    last_checked_at: new Date(),
  })
}
