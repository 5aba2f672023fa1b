/** UTMify (spec 002 §2.7, §3, §4, §5, §8): the merchant's configuration, the simulation and the delivery log. */
import { z } from 'zod'
import { deliveryOutcomeFields, pageFields } from './fields'

/** The platform name UTMify shows for our sales (spec 002 §9). */
export const UTMIFY_PLATFORM = 'dexter'
/** How long the page's feedback banner stays (spec 002 §9). */
export const UTMIFY_BANNER_MS = 3000

export const UTMIFY_MESSAGES = {
  storeNotFound: 'ID da loja não encontrado',
  activateFirst: 'Ative a integração primeiro antes de simular uma venda',
  keyFirst: 'Configure a chave API primeiro',
  saved: 'Configuração salva com sucesso!',
  saveFailed: 'Erro ao salvar configuração',
  simulated: (orderId: string) => `Venda simulada enviada com sucesso! Ordem: ${orderId}`,
  simulateFailed: 'Erro ao simular venda',
  keyInvalid: 'Chave API inválida: use apenas letras, números, "-" e "_" (10 a 200 caracteres)',
  retried: 'Reenvio agendado',
} as const

/** A masked key as the owner sees it comes back on save: it means "keep the stored key". */
export function isMaskedUtmifyKey(value: string): boolean {
  return value.includes('•')
}

const KEY = /^[A-Za-z0-9_-]{10,200}$/

export const utmifyConfigInputSchema = z
  .object({
    utmfyApiKey: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isMaskedUtmifyKey(v) || KEY.test(v), UTMIFY_MESSAGES.keyInvalid),
    utmfyActive: z.boolean({ error: 'Informe se a integração está ativa' }),
  })
  .describe('An empty or masked utmfyApiKey keeps the stored key.')
export type UtmifyConfigInput = z.input<typeof utmifyConfigInputSchema>

export const utmifyConfigSchema = z.object({
  storeId: z.string(),
  /** Masked: the first and last four characters only. */
  utmfyApiKey: z.string(),
  hasApiKey: z.boolean(),
  utmfyActive: z.boolean(),
  platform: z.string(),
})
export type UtmifyConfig = z.infer<typeof utmifyConfigSchema>

export const simulateSaleResultSchema = z.object({
  success: z.boolean(),
  orderId: z.string().nullable(),
  error: z.string().nullable(),
})
export type SimulateSaleResult = z.infer<typeof simulateSaleResultSchema>

export const UTMIFY_STATUSES = ['waiting_payment', 'paid', 'refused', 'refunded', 'chargedback'] as const
export type UtmifyStatus = (typeof UTMIFY_STATUSES)[number]

export const UTMIFY_STATUS_LABELS: Record<UtmifyStatus, string> = {
  waiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  refused: 'Recusado',
  refunded: 'Reembolsado',
  chargedback: 'Chargeback',
}

/** SENDING: a worker has it; RETRY: a timeout or 5xx, the job tries again; FAILED: UTMify refused it (4xx). */
export const DELIVERY_STATES = ['PENDING', 'SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

export const utmifyDeliverySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(UTMIFY_STATUSES),
  ...deliveryOutcomeFields(DELIVERY_STATES),
  isTest: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type UtmifyDelivery = z.infer<typeof utmifyDeliverySchema>

export const utmifyDeliveryListSchema = z.object({
  deliveries: z.array(utmifyDeliverySchema),
  ...pageFields,
})
export type UtmifyDeliveryList = z.infer<typeof utmifyDeliveryListSchema>
