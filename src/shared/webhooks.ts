/** Merchant webhooks (Standard Webhooks): the inputs shared by the form and the routes, and the answers. */
import { z } from 'zod'
import { deliveryOutcomeFields } from './fields'

/** What a merchant may subscribe to; later events are added here. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.cancelled',
  'order.expired',
  'order.refunded',
  'order.chargeback',
  'order.shipped',
  'order.delivered',
  'checkout.abandoned',
  'commission.created',
  'commission.released',
  'commission.reversed',
  // subscriptions (issue 36): a merchant's member area follows them
  'subscription.created',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.trial_will_end',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** The type of the 'Enviar teste' message. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'Pedido criado',
  'order.paid': 'Pedido pago',
  'order.cancelled': 'Pedido cancelado',
  'order.expired': 'Pagamento expirado',
  'order.refunded': 'Pedido reembolsado',
  'order.chargeback': 'Chargeback',
  'order.shipped': 'Pedido enviado',
  'order.delivered': 'Pedido entregue',
  'checkout.abandoned': 'Checkout abandonado',
  'commission.created': 'Comissão criada (pendente)',
  'commission.released': 'Comissão liberada (disponível)',
  'commission.reversed': 'Comissão estornada',
  'subscription.created': 'Assinatura criada',
  'subscription.renewed': 'Assinatura renovada',
  'subscription.past_due': 'Assinatura em atraso',
  'subscription.canceled': 'Assinatura cancelada',
  'subscription.trial_will_end': 'Fim do período de teste',
}

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Informe uma URL válida',
  httpsOnly: 'A URL deve usar HTTPS',
  credentials: 'A URL não pode conter usuário ou senha',
  privateAddress: 'A URL aponta para um endereço privado, local ou reservado',
  unresolvable: 'Não foi possível resolver o endereço da URL',
  eventsRequired: 'Escolha pelo menos um evento',
  notFound: 'Webhook não encontrado',
  deliveryNotFound: 'Entrega não encontrada',
  disabledAfterFailures: 'Desativado automaticamente após 3 dias de falhas nas entregas. Corrija o endereço e reative.',
} as const

export const webhookInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(2000)
    .pipe(z.url({ error: WEBHOOK_MESSAGES.urlInvalid })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, { error: WEBHOOK_MESSAGES.eventsRequired }),
  description: z.string().trim().max(200).optional(),
})
export type WebhookInput = z.input<typeof webhookInputSchema>

export const webhookPatchSchema = webhookInputSchema.partial().extend({ active: z.boolean().optional() })

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Why the endpoint was turned off by the platform (3 days of failures), for the screen's notice. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** The end of the secret, to tell which one the receiver holds (the whole secret is shown once). */
  secretHint: z.string(),
  /** Until when the previous secret still signs, beside the new one (after a rotation). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
})
export type Webhook = z.infer<typeof webhookSchema>

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() })
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>

export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'SENDING', 'RETRY', 'SENT', 'FAILED'] as const
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<(typeof WEBHOOK_DELIVERY_STATES)[number], string> = {
  PENDING: 'Na fila',
  SENDING: 'Enviando',
  RETRY: 'Nova tentativa agendada',
  SENT: 'Entregue',
  FAILED: 'Falhou',
}

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header: the same on every retry and resend of this message. */
  messageId: z.string(),
  eventType: z.string(),
  ...deliveryOutcomeFields(WEBHOOK_DELIVERY_STATES),
  durationMs: z.number().nullable(),
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  page: z.number(),
  total: z.number(),
})
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>
