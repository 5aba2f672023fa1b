/** Melhor Envio (issue 38): the merchant's connection, the quote rules and the shipment statuses. Reais on the wire. */
import { z } from 'zod'
import { onlyDigits } from './br'

/** Melhor Envio's service ids the settings screen offers (its catalogue: /api/v2/me/shipment/services). */
export const ME_SERVICES = [
  { id: 1, label: 'Correios PAC' },
  { id: 2, label: 'Correios SEDEX' },
  { id: 3, label: 'Jadlog .Package' },
  { id: 4, label: 'Jadlog .Com' },
  { id: 17, label: 'Correios Mini Envios' },
] as const

/** An option id of a Melhor Envio quote: `me-<serviceId>`; the zone table's ids are uuids, so they never collide. */
export const ME_OPTION_PREFIX = 'me-'
export function meServiceOf(optionId: string): number | undefined {
  const m = /^me-(\d{1,4})$/.exec(optionId)
  return m ? Number(m[1]) : undefined
}

/** Melhor Envio's quotes beside the store's own CEP zones, or instead of them (the zones stay the fallback). */
export const ZONES_MODES = ['BESIDE', 'INSTEAD'] as const
export type ZonesMode = (typeof ZONES_MODES)[number]
export const ZONES_MODE_LABELS: Record<ZonesMode, string> = {
  BESIDE: 'Junto das minhas opções de frete por CEP',
  INSTEAD: 'No lugar das minhas opções por CEP (que só aparecem se as transportadoras falharem)',
}

export const ME_MESSAGES = {
  zones: 'Escolha como as cotações aparecem',
  dimensionsRequired:
    'Peso e dimensões (peso, altura, largura e comprimento) são obrigatórios: a loja cota o frete com as transportadoras.',
  tokenFirst: 'Informe o token do Melhor Envio',
  tokenInvalid: 'Token inválido',
  originCep: 'CEP de origem deve ter 8 dígitos',
  services: 'Escolha pelo menos um serviço de entrega',
  markup: 'Acréscimo deve ser um valor válido',
  freeAbove: 'Valor para frete grátis deve ser um valor válido',
  saved: 'Melhor Envio configurado com sucesso!',
  saveError: 'Erro ao salvar configuração do Melhor Envio',
} as const

/** A masked token as the owner sees it comes back on save: it means "keep the stored token". */
export const isMaskedToken = (v: string) => v.includes('•')

const senderText = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, message)
    .refine((v) => !/[\p{Cc}]/u.test(v), message)

/** Who sends the labels (Melhor Envio prints it; its cart requires it). */
export const senderSchema = z.object({
  name: senderText('Informe o nome do remetente'),
  document: z
    .string({ error: 'CPF ou CNPJ do remetente inválido' })
    .transform(onlyDigits)
    .refine((v) => v.length === 11 || v.length === 14, 'CPF ou CNPJ do remetente inválido'),
  phone: z
    .string({ error: 'Telefone do remetente inválido' })
    .transform(onlyDigits)
    .refine((v) => v.length >= 10 && v.length <= 11, 'Telefone do remetente inválido'),
  email: z.email('E-mail do remetente inválido').max(200),
  address: senderText('Informe o endereço do remetente', 200),
  number: senderText('Informe o número', 20),
  district: senderText('Informe o bairro'),
  city: senderText('Informe a cidade'),
  state: z
    .string({ error: 'UF inválida' })
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z]{2}$/.test(v), 'UF inválida'),
})
export type Sender = z.output<typeof senderSchema>

export const melhorEnvioSettingsInputSchema = z.object({
  /** Write-only: empty or masked keeps the stored token. */
  token: z
    .string()
    .trim()
    .max(4000, ME_MESSAGES.tokenInvalid)
    .refine((v) => v === '' || isMaskedToken(v) || /^[\x21-\x7e]{10,}$/.test(v), ME_MESSAGES.tokenInvalid)
    .optional(),
  originCep: z
    .string({ error: ME_MESSAGES.originCep })
    .refine((v) => onlyDigits(v).length === 8, ME_MESSAGES.originCep)
    .transform(onlyDigits),
  services: z
    .array(z.number().int().positive().max(9999), { error: ME_MESSAGES.services })
    .min(1, ME_MESSAGES.services)
    .max(20, ME_MESSAGES.services),
  markup: z
    .object({
      type: z.enum(['FIXED', 'PERCENT'], { error: ME_MESSAGES.markup }),
      /** Reais for FIXED, percent for PERCENT. */
      value: z.number({ error: ME_MESSAGES.markup }).min(0, ME_MESSAGES.markup).max(10_000, ME_MESSAGES.markup),
    })
    .default({ type: 'FIXED', value: 0 }),
  /** 'Frete grátis acima de' (reais) for the Melhor Envio options; null: never free. */
  freeShippingAbove: z
    .number({ error: ME_MESSAGES.freeAbove })
    .min(0, ME_MESSAGES.freeAbove)
    .max(1_000_000)
    .nullable()
    .default(null),
  /** Needed to buy labels only; quotes work without it. */
  sender: senderSchema.nullable().default(null),
  /** The carriers' quotes beside the store's CEP zones, or instead of them (the zones answer when carriers fail). */
  zones: z.enum(ZONES_MODES, { error: ME_MESSAGES.zones }).default('BESIDE'),
  active: z.boolean({ error: 'Valor inválido' }),
})
export type MelhorEnvioSettingsInput = z.input<typeof melhorEnvioSettingsInputSchema>
export type MelhorEnvioSettingsValues = z.output<typeof melhorEnvioSettingsInputSchema>

export const melhorEnvioSettingsSchema = z.object({
  /** The stored token masked ('abcd••••wxyz'), or null when none. */
  tokenMasked: z.string().nullable(),
  originCep: z.string().nullable(),
  services: z.array(z.number()),
  markup: z.object({ type: z.enum(['FIXED', 'PERCENT']), value: z.number() }),
  freeShippingAbove: z.number().nullable(),
  // Plain strings: an answer schema carries no transforms (the serializer refuses them).
  sender: z
    .object({
      name: z.string(),
      document: z.string(),
      phone: z.string(),
      email: z.string(),
      address: z.string(),
      number: z.string(),
      district: z.string(),
      city: z.string(),
      state: z.string(),
    })
    .nullable(),
  zones: z.enum(ZONES_MODES),
  active: z.boolean(),
})
export type MelhorEnvioSettings = z.infer<typeof melhorEnvioSettingsSchema>

/** Product logistics (issue 38 §1): what a real quote needs. Integers: grams and whole centimetres. */
export const LOGISTICS_LIMITS = {
  weightGrams: { min: 1, max: 30_000 },
  heightCm: { min: 1, max: 100 },
  widthCm: { min: 1, max: 100 },
  lengthCm: { min: 1, max: 100 },
} as const

export interface Dimensions {
  weightGrams: number
  heightCm: number
  widthCm: number
  lengthCm: number
}
