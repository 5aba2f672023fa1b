/** Refunds from the merchant's order screen: the input (shared by the form and the route) and the answers. */
import { z } from 'zod'

export const REFUND_MESSAGES = {
  amountInvalid: 'Informe um valor maior que zero, com no máximo duas casas decimais',
  itemInvalid: 'Item inválido',
  itemNotInOrder: 'Este item não pertence ao pedido',
  reasonRequired: 'Informe o motivo do reembolso',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres',
  notPaid: 'Só é possível reembolsar pedidos pagos, enviados ou entregues',
  alreadyRefunded: 'Este pedido já foi reembolsado',
  inProgress: 'Já existe um reembolso em andamento para este pedido. Aguarde a resposta do gateway.',
  itemAlreadyRefunded: 'Este item já foi reembolsado',
  gatewayNoAnswer:
    'O gateway não respondeu. O reembolso será confirmado quando o gateway avisar; não o solicite de novo agora.',
  refusedPrefix: 'Reembolso recusado pelo gateway',
} as const

export const aboveLeft = (left: string) => `O valor excede o disponível para reembolso (${left})`

/** Reais as typed ("12,50", "12.5") or a number; empty reads as "not given" (the whole amount left). */
const reais = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return undefined
    if (typeof v !== 'string') return v
    const t = v.trim()
    // pt-BR "1.234,56": the comma is the decimal mark and dots group thousands.
    return Number(t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t)
  },
  z
    .number({ error: REFUND_MESSAGES.amountInvalid })
    .positive({ error: REFUND_MESSAGES.amountInvalid })
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: REFUND_MESSAGES.amountInvalid,
    })
    .optional(),
)

export const refundInputSchema = z.object({
  /** In reais; default: everything left (or, with itemId, what is left of that line). */
  amount: reais,
  /** A line of the order (its items[].id): refunds that line, its stock and its digital access. */
  itemId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.uuid({ error: REFUND_MESSAGES.itemInvalid }).optional(),
  ),
  reason: z
    .string({ error: REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(3, { error: REFUND_MESSAGES.reasonRequired })
    .max(500, { error: REFUND_MESSAGES.reasonTooLong }),
})
export type RefundInput = z.input<typeof refundInputSchema>

export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const
export const REFUND_STATUS_LABELS: Record<(typeof REFUND_STATUSES)[number], string> = {
  PENDING: 'Em processamento',
  SUCCEEDED: 'Reembolsado',
  FAILED: 'Recusado',
}

export const refundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})
export type Refund = z.infer<typeof refundSchema>

export const refundListSchema = z.object({
  refunds: z.array(refundSchema),
  /** What has been refunded, and what may still be (reais). */
  refunded: z.number(),
  refundable: z.number(),
})
export type RefundList = z.infer<typeof refundListSchema>
