/**
 * Recovery (issue 26): what the buyer page reports about its checkout session, the consent box's text, and the
 * shapes of the merchant's 'Recuperação' screen. Shared by the page and the routes.
 */
import { z } from 'zod'
import { isValidPhone, onlyDigits } from './br'
import { isValidEmail, MSG } from './ordering-rules'
import { RECOVERY_CONSENT_TEXT } from './recovery-consent'
import { trackingSchema } from './tracking'

export { RECOVERY_CONSENT_TEXT }

export const RECOVERY_MESSAGES = {
  contactRequired: 'Informe um e-mail ou telefone válido',
  tooMany: 'Muitas atualizações desta página. Aguarde um minuto.',
  linkInvalid: 'Link de recuperação inválido ou expirado',
  notFound: 'Sessão não encontrada',
  settingsInvalid: 'O segundo lembrete deve vir depois do primeiro',
} as const

const text = (max: number) => z.string().trim().max(max)

/** The form fields a session restores: customer and shipping as typed, bumps and coupon; never card data. */
export const sessionFieldsSchema = z.object({
  customer: z
    .object({ name: text(120).optional(), email: text(254).optional(), phone: text(40).optional() })
    .default({}),
  shipping: z
    .object({
      zipCode: text(20).optional(),
      address: text(200).optional(),
      number: text(20).optional(),
      complement: text(120).optional(),
      neighborhood: text(120).optional(),
      city: text(120).optional(),
      state: text(2).optional(),
      method: text(100).optional(),
    })
    .optional(),
  orderBumps: z.array(z.string().uuid()).max(10).optional(),
  coupon: text(50).optional(),
  paymentMethod: z.enum(['pix', 'credit_card', 'boleto']).optional(),
})
export type SessionFields = z.output<typeof sessionFieldsSchema>

/** POST /checkout/sessions: the page reports once the e-mail or phone is valid, and at each step. */
export const sessionReportSchema = z
  .object({
    sessionId: z.string().uuid({ error: RECOVERY_MESSAGES.notFound }),
    storeId: z.string().uuid({ error: MSG.productUnavailable }),
    productId: z.string().uuid({ error: MSG.productUnavailable }),
    step: z.number().int().min(1).max(3),
    fields: sessionFieldsSchema,
    consent: z.boolean().default(false),
    tracking: trackingSchema.optional(),
  })
  .superRefine((r, ctx) => {
    const email = r.fields.customer.email ?? ''
    const phone = r.fields.customer.phone ?? ''
    if (email && !isValidEmail(email))
      ctx.addIssue({ code: 'custom', path: ['fields', 'customer', 'email'], message: MSG.emailInvalid })
    if (!isValidEmail(email) && !isValidPhone(phone))
      ctx.addIssue({ code: 'custom', path: ['fields', 'customer'], message: RECOVERY_MESSAGES.contactRequired })
  })
export type SessionReport = z.input<typeof sessionReportSchema>

/**
 * What a recovery link gives back to the page: the session to continue, the step the buyer had reached and the
 * fields (contact, address, bumps, coupon; the CPF and the card are never kept, so never returned).
 */
export const restoredSessionSchema = z.object({
  sessionId: z.string(),
  productId: z.string(),
  step: z.number().int().min(1).max(3),
  fields: sessionFieldsSchema,
})
export type RestoredSession = z.output<typeof restoredSessionSchema>

export const RECOVERY_KINDS = ['ABANDONED', 'REFUSED', 'EXPIRED'] as const
export type RecoveryKind = (typeof RECOVERY_KINDS)[number]
export const RECOVERY_KIND_LABELS: Record<RecoveryKind, string> = {
  ABANDONED: 'Abandonado',
  REFUSED: 'Recusado',
  EXPIRED: 'Expirado',
}
/**
 * Where a session stands on the 'Recuperação' screen: still open, waiting on its PIX or boleto, paid without a
 * reminder's link ('Convertido', also when the same buyer paid the same product in a later visit), or paid through
 * a reminder's link ('Recuperado', the figures' count).
 */
export const RECOVERY_OUTCOMES = ['OPEN', 'AWAITING_PAYMENT', 'CONVERTED', 'RECOVERED'] as const
export type RecoveryOutcome = (typeof RECOVERY_OUTCOMES)[number]
export const RECOVERY_OUTCOME_LABELS: Record<Exclude<RecoveryOutcome, 'OPEN'>, string> = {
  AWAITING_PAYMENT: 'Aguardando pagamento',
  CONVERTED: 'Convertido',
  RECOVERED: 'Recuperado',
}
export const RECOVERY_STEP_LABELS = ['Dados pessoais', 'Entrega', 'Pagamento'] as const
export const RECOVERY_MESSAGE_LABELS = {
  FIRST: '1º lembrete',
  SECOND: '2º lembrete',
  REFUSED: 'Cartão recusado',
  EXPIRED: 'PIX/boleto expirado',
} as const

export const recoveryEntrySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  productId: z.string(),
  productName: z.string().nullable(),
  bumps: z.array(z.object({ name: z.string(), price: z.number() })),
  value: z.number(),
  step: z.number(),
  kind: z.enum(RECOVERY_KINDS),
  /** 'Recuperado' once an order placed through the recovery link was paid. */
  recovered: z.boolean(),
  outcome: z.enum(RECOVERY_OUTCOMES),
  recoveredValue: z.number().nullable(),
  updatedAt: z.string(),
  utmSource: z.string().nullable(),
  consent: z.boolean(),
  sent: z.array(z.object({ step: z.string(), status: z.string(), at: z.string().nullable() })),
  /** A wa.me link with a prepared message: only for a buyer who agreed to be contacted and gave a phone. */
  whatsappUrl: z.string().nullable(),
})
export type RecoveryEntry = z.output<typeof recoveryEntrySchema>

export const recoverySummarySchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(RECOVERY_KINDS),
      sessions: z.number(),
      recoveredOrders: z.number(),
      recoveredRevenue: z.number(),
      rate: z.number(),
    }),
  ),
  recoveredOrders: z.number(),
  recoveredRevenue: z.number(),
})
export type RecoverySummary = z.output<typeof recoverySummarySchema>

export const recoverySettingsSchema = z
  .object({
    enabled: z.boolean(),
    firstDelayMinutes: z.number().int().min(5).max(10080),
    secondDelayMinutes: z.number().int().min(10).max(20160),
  })
  .refine((s) => s.secondDelayMinutes > s.firstDelayMinutes, {
    path: ['secondDelayMinutes'],
    message: RECOVERY_MESSAGES.settingsInvalid,
  })
export type RecoverySettings = z.output<typeof recoverySettingsSchema>

/** A Brazilian mobile for wa.me: 55 + DDD + number. */
export function whatsappUrl(phone: string, message: string): string | null {
  const digits = onlyDigits(phone)
  if (digits.length < 10 || digits.length > 11) return null
  return `https://wa.me/55${digits}?text=${encodeURIComponent(message)}`
}
