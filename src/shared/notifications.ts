/** E-mail: the kinds of message, the store's e-mail settings (form and route share the schema), the log's shape. */
import { z } from 'zod'

/** Messages a buyer receives; a store may switch each one off (all on by default). */
export const BUYER_EMAIL_KINDS = [
  'order_received',
  'payment_approved',
  'payment_reminder',
  'payment_expired',
  'order_cancelled',
  'order_refunded',
] as const
export type BuyerEmailKind = (typeof BUYER_EMAIL_KINDS)[number]

/** Every kind the platform itself sends (other modules add theirs through sendStoreMessage). */
export const EMAIL_KINDS = [...BUYER_EMAIL_KINDS, 'new_sale', 'password_reset', 'buyer_login'] as const
export type EmailKind = (typeof EMAIL_KINDS)[number]

export const EMAIL_KIND_LABELS: Record<string, string> = {
  order_received: 'Pedido recebido',
  payment_approved: 'Pagamento aprovado',
  payment_reminder: 'Lembrete de pagamento',
  payment_expired: 'Pagamento expirado',
  order_cancelled: 'Pedido cancelado',
  order_refunded: 'Reembolso',
  new_sale: 'Nova venda aprovada (para você)',
  password_reset: 'Redefinição de senha',
  buyer_login: 'Acesso à área do comprador',
  order_refunded_partial: 'Reembolso parcial',
  recovery_reminder: 'Lembrete de compra (Recuperação)',
  'affiliates.coproducer_invite': 'Convite de coprodução',
  subscription_payment_failed: 'Assinatura: pagamento recusado',
  subscription_canceled: 'Assinatura cancelada',
  subscription_renewal_upcoming: 'Assinatura anual: renovação próxima',
  subscription_trial_ending: 'Assinatura: fim do teste grátis',
}

/** Kinds a merchant can preview with the store's look (a partial refund and a recovery reminder besides the kinds). */
export const PREVIEW_KINDS = [
  ...BUYER_EMAIL_KINDS,
  'order_refunded_partial',
  'new_sale',
  'recovery_reminder',
  'subscription_payment_failed',
  'subscription_canceled',
  'subscription_renewal_upcoming',
  'subscription_trial_ending',
] as const
export type PreviewKind = (typeof PREVIEW_KINDS)[number]

export const EMAIL_DELIVERY_STATES = ['PENDING', 'SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED'] as const
export type EmailDeliveryState = (typeof EMAIL_DELIVERY_STATES)[number]

export const EMAIL_STATE_LABELS: Record<EmailDeliveryState, string> = {
  PENDING: 'Na fila',
  SENDING: 'Enviando',
  RETRY: 'Nova tentativa agendada',
  SENT: 'Enviado',
  FAILED: 'Falhou',
  SKIPPED: 'Não enviado',
}

export const REPLY_TO_INVALID = 'Informe um e-mail válido para respostas.'

export const emailSettingsSchema = z.object({
  notifyNewSale: z.boolean(),
  buyerKinds: z.record(z.enum(BUYER_EMAIL_KINDS), z.boolean()),
  replyTo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(254, REPLY_TO_INVALID).pipe(z.email(REPLY_TO_INVALID)).nullable(),
  ),
})
export type EmailSettingsInput = z.input<typeof emailSettingsSchema>
export const emailSettingsAnswerSchema = z.object({
  storeId: z.string(),
  notifyNewSale: z.boolean(),
  buyerKinds: z.record(z.enum(BUYER_EMAIL_KINDS), z.boolean()),
  replyTo: z.string().nullable(),
})
export type EmailSettings = z.output<typeof emailSettingsSchema> & { storeId: string }

export const emailDeliverySchema = z.object({
  id: z.string(),
  kind: z.string(),
  subjectId: z.string(),
  recipient: z.string(),
  subject: z.string(),
  state: z.enum(EMAIL_DELIVERY_STATES),
  attempts: z.number(),
  response: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
})
export type EmailDelivery = z.infer<typeof emailDeliverySchema>

export const emailPreviewSchema = z.object({
  kind: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
})
export type EmailPreview = z.infer<typeof emailPreviewSchema>

export const mailboxItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  createdAt: z.string(),
})
export type MailboxItem = z.infer<typeof mailboxItemSchema>
export const mailboxMessageSchema = mailboxItemSchema.extend({
  html: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), cid: z.string().nullable(), contentType: z.string() })),
})
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>
