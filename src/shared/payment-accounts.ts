/** Gateway accounts of a store (issue 32): the input both the 'Gateways' screen and the route validate. */
import { z } from 'zod'

export const ACCOUNT_PROVIDERS = ['ativopay', 'asaas', 'sandbox'] as const
export type AccountProvider = (typeof ACCOUNT_PROVIDERS)[number]
export const ACCOUNT_METHODS = ['pix', 'credit_card', 'bank_slip'] as const
export type AccountMethodName = (typeof ACCOUNT_METHODS)[number]

export const PROVIDER_LABELS: Record<AccountProvider, string> = {
  ativopay: 'AtivoPay',
  asaas: 'Asaas',
  sandbox: 'Sandbox (testes)',
}
export const ACCOUNT_METHOD_LABELS: Record<AccountMethodName, string> = {
  pix: 'PIX',
  credit_card: 'Cartão de crédito',
  bank_slip: 'Boleto',
}

export const ACCOUNT_MESSAGES = {
  provider: 'Gateway desconhecido: use ativopay, asaas ou sandbox',
  label: 'Informe um nome para a conta',
  apiKey: 'API Key é obrigatória',
  methods: 'Escolha ao menos uma forma de pagamento',
  priority: 'A prioridade deve ser um número de 1 a 100',
  priorityTaken: 'Já existe uma conta com esta prioridade nesta loja',
  notFound: 'Conta de pagamento não encontrada',
  webhookToken: 'O token do webhook deve ter de 32 a 255 caracteres',
  sandboxOff: 'O gateway sandbox não está disponível neste servidor',
  feePercent: 'A taxa percentual deve estar entre 0% e 100%',
  feeFixed: 'A taxa fixa deve estar entre R$ 0,00 e R$ 1.000,00',
} as const

/** The gateway's fee on one method: a percentage of the amount (basis points: 399 = 3,99 %) plus a fixed part. */
export const methodFeeSchema = z.object({
  percentBps: z
    .number({ error: ACCOUNT_MESSAGES.feePercent })
    .int(ACCOUNT_MESSAGES.feePercent)
    .min(0, ACCOUNT_MESSAGES.feePercent)
    .max(10_000, ACCOUNT_MESSAGES.feePercent),
  fixedCents: z
    .number({ error: ACCOUNT_MESSAGES.feeFixed })
    .int(ACCOUNT_MESSAGES.feeFixed)
    .min(0, ACCOUNT_MESSAGES.feeFixed)
    .max(100_000, ACCOUNT_MESSAGES.feeFixed),
})
export type MethodFee = z.infer<typeof methodFeeSchema>
/** Per method; a method left out has no fee. */
export const accountFeesSchema = z.object({
  pix: methodFeeSchema.optional(),
  credit_card: methodFeeSchema.optional(),
  bank_slip: methodFeeSchema.optional(),
})
export type AccountFees = z.infer<typeof accountFeesSchema>

/** The fee on `amountCents` (rounded half up to the centavo), never more than the amount itself. */
export function feeOf(fee: MethodFee | undefined, amountCents: number): number {
  if (!fee) return 0
  return Math.min(amountCents, Math.round((amountCents * fee.percentBps) / 10_000) + fee.fixedCents)
}

const methods = z
  .array(z.enum(ACCOUNT_METHODS, { error: ACCOUNT_MESSAGES.methods }))
  .min(1, ACCOUNT_MESSAGES.methods)
  .transform((m) => [...new Set(m)])
const priority = z
  .number({ error: ACCOUNT_MESSAGES.priority })
  .int(ACCOUNT_MESSAGES.priority)
  .min(1, ACCOUNT_MESSAGES.priority)
  .max(100, ACCOUNT_MESSAGES.priority)
// Asaas asks 32 to 255 characters of the webhook's authToken.
const webhookToken = z.string().trim().min(32, ACCOUNT_MESSAGES.webhookToken).max(255, ACCOUNT_MESSAGES.webhookToken)

export const paymentAccountInputSchema = z.object({
  provider: z.enum(ACCOUNT_PROVIDERS, { error: ACCOUNT_MESSAGES.provider }),
  label: z.string().trim().min(1, ACCOUNT_MESSAGES.label).max(80, ACCOUNT_MESSAGES.label),
  apiKey: z.string().trim().min(1, ACCOUNT_MESSAGES.apiKey).max(300, ACCOUNT_MESSAGES.apiKey),
  webhookToken: webhookToken.optional(),
  methods,
  priority: priority.optional(),
  active: z.boolean().default(true),
  fees: accountFeesSchema.optional(),
})
export type PaymentAccountInput = z.input<typeof paymentAccountInputSchema>

/** A change: every field optional; a masked key posted back keeps the stored one. */
export const paymentAccountPatchSchema = z.object({
  label: z.string().trim().min(1, ACCOUNT_MESSAGES.label).max(80, ACCOUNT_MESSAGES.label).optional(),
  apiKey: z.string().trim().min(1, ACCOUNT_MESSAGES.apiKey).max(300, ACCOUNT_MESSAGES.apiKey).optional(),
  webhookToken: webhookToken.optional(),
  methods: methods.optional(),
  priority: priority.optional(),
  active: z.boolean().optional(),
  fees: accountFeesSchema.optional(),
})

export const paymentAccountSchema = z.object({
  id: z.string(),
  provider: z.enum(ACCOUNT_PROVIDERS),
  label: z.string(),
  apiKey: z.string(),
  webhookTokenSet: z.boolean(),
  webhookUrl: z.string().nullable(),
  methods: z.array(z.enum(ACCOUNT_METHODS)),
  priority: z.number(),
  active: z.boolean(),
  fees: accountFeesSchema,
  capabilities: z.object({
    cardOnFile: z.boolean(),
    refunds: z.boolean(),
    split: z.boolean(),
    pixAutomatic: z.boolean(),
  }),
  health: z.object({
    lastCheckedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    circuitOpen: z.boolean(),
  }),
})
export type PaymentAccount = z.infer<typeof paymentAccountSchema>

export const accountHealthSchema = z.object({ ok: z.boolean(), message: z.string() })

export const asaasWebhookPath = (accountId: string) => `/api/payment/asaas/webhook/${accountId}`
