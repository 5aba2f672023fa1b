/**
 * The sales screen (spec 000 §2 'Vendas', §3 'Sale', §4 'Sale statuses'): the merchant's view of their orders across
 * all their stores, with Portuguese status and payment labels. The same schemas validate the route and the filter form.
 */
import { z } from 'zod'
import { type OrderPaymentMethod, type OrderStatus, orderStatusLabel } from './ordering-rules'

export const SALES_PAGE_SIZE = 10
export const SALES_MAX_LIMIT = 100

export const SALE_STATUSES = ['Pendente', 'Pago', 'Enviado', 'Entregue', 'Cancelado', 'Reembolsado'] as const
export type SaleStatus = (typeof SALE_STATUSES)[number]

/** Which order statuses each label covers: PROCESSING reads as Pago; the words are ORDER_STATUS_LABELS'. */
export const SALE_STATUS_ORDERS: Record<SaleStatus, readonly OrderStatus[]> = {
  Pendente: ['PENDING'],
  Pago: ['PAID', 'PROCESSING'],
  Enviado: ['SHIPPED'],
  Entregue: ['DELIVERED'],
  Cancelado: ['CANCELLED'],
  Reembolsado: ['REFUNDED'],
}

/** The order status a label sets. */
export const SALE_STATUS_TARGET: Record<SaleStatus, OrderStatus> = {
  Pendente: 'PENDING',
  Pago: 'PAID',
  Enviado: 'SHIPPED',
  Entregue: 'DELIVERED',
  Cancelado: 'CANCELLED',
  Reembolsado: 'REFUNDED',
}

export function saleStatusOf(status: OrderStatus): SaleStatus {
  return SALE_STATUSES.find((label) => SALE_STATUS_ORDERS[label].includes(status)) ?? 'Pendente'
}

/** What the sale's badge reads: the shared label, so a sale and its order never name one state differently. */
export const saleStatusLabel = orderStatusLabel

/** The filter labels (spec 000 §9); we take no transfers nor cash, so those two match no sale. */
export const SALE_PAYMENT_METHODS = ['Cartão de Crédito', 'Boleto', 'PIX', 'Transferência', 'Dinheiro'] as const
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number]

export const SALE_PAYMENT_ORDERS: Record<SalePaymentMethod, readonly OrderPaymentMethod[]> = {
  'Cartão de Crédito': ['CREDIT_CARD'],
  Boleto: ['BANK_SLIP'],
  PIX: ['PIX'],
  Transferência: [],
  Dinheiro: [],
}

export function salePaymentOf(method: OrderPaymentMethod): SalePaymentMethod {
  return SALE_PAYMENT_METHODS.find((label) => SALE_PAYMENT_ORDERS[label].includes(method)) ?? 'PIX'
}

export const SALES_MSG = {
  notFound: 'Venda não encontrada',
  cancelledLocked: 'Venda cancelada ou reembolsada não pode ser alterada.',
  refundHere:
    'Reembolso não se marca por aqui: use "Reembolsar" no pedido (tela Pedidos), que devolve o dinheiro ao comprador.',
  backToPending: 'Uma venda paga, enviada ou entregue não pode voltar para Pendente.',
  paidCannotCancel:
    'Venda paga não pode ser cancelada por aqui: faça o reembolso na tela Pedidos e ela passará a Reembolsado.',
  backToPaid: 'Uma venda enviada ou entregue não volta para Pago.',
  deliveredStays: 'Uma venda entregue não volta para Enviado.',
  unpaidCannotShip: 'Confirme o pagamento (Pago) antes de marcar a venda como Enviado ou Entregue.',
  loadFailed: 'Falha ao carregar dados de vendas.',
  empty: 'Nenhuma venda para exibir na tabela.',
} as const

/** '' (an empty form field) reads as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const DAY = /^\d{4}-\d{2}-\d{2}$/
function isDay(v: string): boolean {
  if (!DAY.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

const day = (message: string) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).refine(isDay, { error: message }).optional())

const amount = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).min(0, { error: message }).max(1_000_000_000, { error: message }).optional(),
  )

export const salesQuerySchema = z
  .object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Página inválida' })
        .int({ error: 'Página inválida' })
        .min(1, { error: 'Página inválida' })
        .max(100_000, { error: 'Página inválida' })
        .default(1),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Limite inválido' })
        .int({ error: 'Limite inválido' })
        .min(1, { error: `O limite deve estar entre 1 e ${SALES_MAX_LIMIT}` })
        .max(SALES_MAX_LIMIT, { error: `O limite deve estar entre 1 e ${SALES_MAX_LIMIT}` })
        .default(SALES_PAGE_SIZE),
    ),
    status: z.preprocess(blankToUndefined, z.enum(SALE_STATUSES, { error: 'Status inválido' }).optional()),
    customerName: z.preprocess(
      blankToUndefined,
      z.string().trim().max(120, { error: 'Nome do cliente muito longo (máximo de 120 caracteres)' }).optional(),
    ),
    paymentMethod: z.preprocess(
      blankToUndefined,
      z.enum(SALE_PAYMENT_METHODS, { error: 'Forma de pagamento inválida' }).optional(),
    ),
    /** pricing: only the sales that used this coupon (case-insensitive). */
    coupon: z.preprocess(blankToUndefined, z.string().trim().max(60, { error: 'Cupom inválido' }).optional()),
    startDate: day('Data inicial inválida (use AAAA-MM-DD)'),
    endDate: day('Data final inválida (use AAAA-MM-DD)'),
    minAmount: amount('Valor mínimo inválido: informe um número maior ou igual a 0'),
    maxAmount: amount('Valor máximo inválido: informe um número maior ou igual a 0'),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A data final deve ser igual ou posterior à inicial' })
    if (q.minAmount !== undefined && q.maxAmount !== undefined && q.maxAmount < q.minAmount)
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'O valor máximo deve ser maior ou igual ao mínimo',
      })
  })
export type SalesQueryInput = z.input<typeof salesQuerySchema>
export type SalesQuery = z.output<typeof salesQuerySchema>

export const saleStatusBodySchema = z.object({
  status: z.enum(SALE_STATUSES, { error: 'Status inválido' }),
})

export const saleSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  /** ISO instant the order was placed. */
  date: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), price: z.number() })),
  totalAmount: z.number(),
  status: z.enum(SALE_STATUSES),
  /** The badge's words (orderStatusLabel): 'Parcialmente reembolsado', 'Chargeback'... as on the orders screen. */
  statusLabel: z.string(),
  paymentMethod: z.enum(SALE_PAYMENT_METHODS),
  /** A Reembolsado sale whose payment the buyer's card issuer charged back (contestação), not a refund. */
  chargeback: z.boolean().optional(),
})
export type Sale = z.infer<typeof saleSchema>

export const salesListSchema = z.object({
  sales: z.array(saleSchema),
  totalPages: z.number(),
  total: z.number(),
  page: z.number(),
})
export type SalesList = z.infer<typeof salesListSchema>
