/**
 * Affiliates (issue 37): the program and affiliation inputs shared by the API and the forms, the answer shapes and
 * the Portuguese messages. Money is integer cents, commissions are basis points (10000 = 100 %).
 */
import { z } from 'zod'
import { isValidCpf, isValidPhone, onlyDigits } from './br'
import { methodFeeSchema } from './payment-accounts'

export const ATTRIBUTION_RULES = ['LAST_CLICK', 'FIRST_CLICK'] as const
export type AttributionRule = (typeof ATTRIBUTION_RULES)[number]
export const AFFILIATION_STATUSES = ['PENDING', 'ACTIVE', 'REFUSED', 'BLOCKED'] as const
export type AffiliationStatus = (typeof AFFILIATION_STATUSES)[number]
export const COMMISSION_STATUSES = ['PENDING', 'AVAILABLE', 'PAID', 'REVERSED'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]
export const COMMISSION_ROLES = ['AFFILIATE', 'COPRODUCER', 'PRODUCER'] as const
export type CommissionRole = (typeof COMMISSION_ROLES)[number]
export const LEDGER_KINDS = ['SALE', 'FEE', 'RELEASE', 'REFUND', 'CHARGEBACK', 'PAYOUT', 'ADJUSTMENT'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]
export type LedgerBucket = 'NONE' | 'PENDING' | 'AVAILABLE' | 'PAID'

export interface ReleaseDays {
  credit_card: number
  pix: number
  bank_slip: number
}
export const DEFAULT_RELEASE_DAYS: ReleaseDays = { credit_card: 30, pix: 7, bank_slip: 7 }

/** The first-party cookie naming the browser that clicked an affiliate link (a random id, never the affiliate). */
export { AFFILIATE_VISITOR_COOKIE } from './tracking-rules'

export const AFFILIATE_MESSAGES = {
  commission: 'A comissão deve estar entre 0% e 100%',
  cookieDays: 'O prazo do cookie deve ser de pelo menos 1 dia',
  releaseDays: 'O prazo de liberação deve ser de 0 a 365 dias',
  programNotFound: 'Programa de afiliados não encontrado',
  programClosed: 'Este produto não aceita afiliados',
  productNotFound: 'Produto não encontrado nesta loja',
  ownProduct: 'Você não pode se afiliar a um produto seu',
  alreadyAffiliated: 'Você já pediu afiliação a este produto',
  affiliationNotFound: 'Afiliação não encontrada',
  linkNotFound: 'Link de afiliado não encontrado',
  saved: 'Programa de afiliados salvo',
  requested: 'Pedido de afiliação enviado',
  approved: 'Afiliação aprovada',
  statusChanged: 'Afiliação atualizada',
  payoutAmount: 'Informe um valor maior que zero',
  payoutAboveAvailable: 'O valor é maior que o seu saldo disponível',
  payoutNegative: 'Seu saldo está negativo por estornos: saques ficam suspensos até ele voltar a ser positivo',
  pixKey: 'Chave PIX inválida (CPF, CNPJ, e-mail, celular ou chave aleatória)',
  payoutRequested: 'Saque solicitado',
  payoutNotFound: 'Saque não encontrado',
  payoutNotRequested: 'Este saque já foi analisado',
  payoutNotApproved: 'Só um saque aprovado pode ser marcado como pago',
  payoutFinished: 'Este saque já foi concluído',
  payoutApproved: 'Saque aprovado',
  payoutPaid: 'Saque marcado como pago',
  payoutTransferring: 'Saque aprovado: a transferência PIX foi enviada ao Asaas',
  payoutInTransfer: 'Este saque está em transferência pelo Asaas: o resultado chega sozinho',
  payoutTransferFailed: 'A transferência PIX falhou',
  platformFeeSaved: 'Taxa da plataforma salva',
  payoutRejected: 'Saque recusado: o valor voltou ao saldo disponível',
  sharesAbove100: 'A comissão do afiliado somada às participações dos coprodutores passa de 100%',
  share: 'A participação deve estar entre 0,01% e 100%',
  coproducerSelf: 'Você não pode ser coprodutor do seu próprio produto',
  coproducerExists: 'Este e-mail já foi convidado para este produto',
  coproducerNotFound: 'Coprodução não encontrada',
  coproducerInvited: 'Convite de coprodução enviado',
  coproducerAccepted: 'Coprodução aceita',
} as const

export const AFFILIATION_STATUS_LABELS: Record<AffiliationStatus, string> = {
  PENDING: 'Pendente',
  ACTIVE: 'Ativa',
  REFUSED: 'Recusada',
  BLOCKED: 'Bloqueada',
}
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  PENDING: 'Pendente',
  AVAILABLE: 'Disponível',
  PAID: 'Paga',
  REVERSED: 'Estornada',
}

const days = z.number().int().min(0, AFFILIATE_MESSAGES.releaseDays).max(365, AFFILIATE_MESSAGES.releaseDays)

export const affiliateProgramSchema = z.object({
  enabled: z.boolean(),
  commissionBps: z
    .number()
    .int(AFFILIATE_MESSAGES.commission)
    .min(0, AFFILIATE_MESSAGES.commission)
    .max(10_000, AFFILIATE_MESSAGES.commission),
  cookieDays: z.number().int(AFFILIATE_MESSAGES.cookieDays).min(1, AFFILIATE_MESSAGES.cookieDays).max(3650).nullable(),
  attribution: z.enum(ATTRIBUTION_RULES).default('LAST_CLICK'),
  autoApprove: z.boolean().default(false),
  releaseDays: z.object({ credit_card: days, pix: days, bank_slip: days }).default(DEFAULT_RELEASE_DAYS),
  /** Subscriptions: pay the affiliate and co-producers on every paid renewal (false: the first order only). */
  recurring: z.boolean().default(false),
})
export type AffiliateProgramInput = z.input<typeof affiliateProgramSchema>
export type AffiliateProgram = z.output<typeof affiliateProgramSchema> & { productId: string; storeId: string }

export const affiliateProgramOutSchema = affiliateProgramSchema.extend({
  productId: z.string(),
  storeId: z.string(),
})

export const affiliationRequestSchema = z.object({ productId: z.string().min(1, AFFILIATE_MESSAGES.productNotFound) })
export const affiliationStatusSchema = z.object({ status: z.enum(['ACTIVE', 'REFUSED', 'BLOCKED']) })

export const affiliationSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  status: z.enum(AFFILIATION_STATUSES),
  /** The link's path (`/a/<code>`) — only once the affiliation is ACTIVE. */
  link: z.string().nullable(),
  commissionBps: z.number().int(),
  createdAt: z.string(),
})
export type Affiliation = z.infer<typeof affiliationSchema>

/** The producer's view of one affiliate: who, and what they brought. */
export const storeAffiliationSchema = affiliationSchema.extend({
  affiliateName: z.string(),
  affiliateEmail: z.string(),
  clicks: z.number().int(),
  sales: z.number().int(),
  commissionCents: z.number().int(),
})
export type StoreAffiliation = z.infer<typeof storeAffiliationSchema>

export const commissionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  orderId: z.string(),
  role: z.enum(COMMISSION_ROLES),
  affiliationId: z.string().nullable(),
  amountCents: z.number().int(),
  reversedCents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  releaseAt: z.string(),
  createdAt: z.string(),
})
export type Commission = z.infer<typeof commissionSchema>

export const balanceSchema = z.object({
  pendingCents: z.number().int(),
  availableCents: z.number().int(),
  paidCents: z.number().int(),
  stores: z.array(
    z.object({
      storeId: z.string(),
      pendingCents: z.number().int(),
      availableCents: z.number().int(),
      paidCents: z.number().int(),
    }),
  ),
})
export type Balance = z.infer<typeof balanceSchema>

export const marketplaceItemSchema = z.object({
  storeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  priceCents: z.number().int(),
  commissionBps: z.number().int(),
  cookieDays: z.number().int().nullable(),
  autoApprove: z.boolean(),
})
export type MarketplaceItem = z.infer<typeof marketplaceItemSchema>

/** "12,5%" from basis points. */
export function bpsLabel(bps: number): string {
  return `${(bps / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A PIX key as DICT knows them: CPF, CNPJ (14 digits), e-mail, phone (+55 and DDD) or a random key (EVP, a UUID). */
export function isValidPixKey(raw: string): boolean {
  const key = raw.trim()
  if (UUID.test(key)) return true
  if (key.includes('@')) return EMAIL.test(key) && key.length <= 77
  if (key.startsWith('+')) return key.startsWith('+55') && isValidPhone(key.slice(3))
  const digits = onlyDigits(key)
  if (digits.length === 11 && isValidCpf(digits)) return true
  return digits.length === 14 && /^[\d./-]+$/.test(key)
}

export const payoutRequestSchema = z.object({
  amountCents: z.number().int(AFFILIATE_MESSAGES.payoutAmount).min(1, AFFILIATE_MESSAGES.payoutAmount),
  pixKey: z.string().trim().max(100, AFFILIATE_MESSAGES.pixKey).refine(isValidPixKey, AFFILIATE_MESSAGES.pixKey),
})
export type PayoutRequest = z.infer<typeof payoutRequestSchema>

export const PAYOUT_STATUSES = ['REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  REQUESTED: 'Solicitado',
  APPROVED: 'Aprovado',
  PROCESSING: 'Em transferência',
  PAID: 'Pago',
  REJECTED: 'Recusado',
  FAILED: 'Falhou',
}

export const payoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  pixKey: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  rejectionReason: z.string().nullable(),
  /** Why the PIX transfer failed (status FAILED): the amount is back in the available balance. */
  failureReason: z.string().nullable(),
})
export type Payout = z.infer<typeof payoutSchema>

/** The admin's view of a payout request: who asked, and who decided when. */
export const adminPayoutSchema = payoutSchema.extend({
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The Asaas transfer of the payout (sent when the platform's Asaas key is configured), else null. */
  transfer: z.object({ id: z.string().nullable(), status: z.string() }).nullable(),
})
export type AdminPayout = z.infer<typeof adminPayoutSchema>

/** The platform's fee on split orders (admin): a percentage of the total plus a fixed part; 0 by default. */
export const platformFeeSchema = methodFeeSchema
export type PlatformFee = z.infer<typeof platformFeeSchema>

export const payoutRejectSchema = z.object({
  reason: z.string().trim().min(3, 'Informe o motivo da recusa').max(300, 'O motivo deve ter no máximo 300 caracteres'),
})
export type PayoutReject = z.infer<typeof payoutRejectSchema>

export const coproducerInviteSchema = z.object({
  email: z.string().trim().toLowerCase().email('E-mail inválido').max(254),
  shareBps: z
    .number()
    .int(AFFILIATE_MESSAGES.share)
    .min(1, AFFILIATE_MESSAGES.share)
    .max(10_000, AFFILIATE_MESSAGES.share),
  endsAt: z.string().datetime({ offset: true }).nullable().optional(),
})

export const coproducerSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  productId: z.string(),
  email: z.string(),
  shareBps: z.number().int(),
  status: z.enum(['INVITED', 'ACTIVE']),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
})
export type Coproducer = z.infer<typeof coproducerSchema>
