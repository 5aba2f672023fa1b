/**
 * Rows → answers: what callers, the merchant's API, the buyer's page and the sandbox's wire contract see of this
 * module's rows (snake_case columns in, camelCase out).
 */
import { toReais } from '../../shared/money'
import {
  BOLETO_DAYS_DEFAULT,
  INSTALLMENTS_DEFAULT,
  type PaymentConfig,
  type PaymentMethod,
  type PaymentStatus,
} from '../../shared/payments'
import { bpToPercent } from '../../shared/pricing'
import type { ChargeResult } from './contract'
import type { ConfigRow, TransactionRow } from './repository'
import type { SandboxRow } from './sandbox.repository'

/** A boleto may still clear up to three days after its due date: its expires_at is the due date plus these. */
export const BOLETO_CLEARING_MS = 3 * 86_400_000

/** The status a caller sees: CREATING and FAILED are ours alone (the gateway has not answered, or refused to create). */
function publicStatus(row: TransactionRow): PaymentStatus {
  return (row.status === 'CREATING' || row.status === 'FAILED' ? 'PENDING' : row.status) as PaymentStatus
}

export function toChargeResult(row: TransactionRow): ChargeResult {
  return {
    transactionId: row.id,
    gatewayId: row.gateway_id ?? '',
    status: publicStatus(row),
    method: row.method,
    amountCents: row.amount_cents,
    pixCode: row.pix_code,
    pixExpiresAt: row.pix_expires_at?.toISOString() ?? null,
    boletoUrl: row.boleto_url,
    boletoLine: row.boleto_line,
    paymentUrl: row.payment_url,
    sandbox: row.sandbox,
    refusedReason: row.refused_reason,
  }
}

/** A charge as the merchant's transactions API shows it. */
export function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    storeId: row.store_id,
    orderRef: row.order_ref,
    gatewayId: row.gateway_id,
    method: row.method,
    amount: toReais(row.amount_cents),
    amountCents: row.amount_cents,
    status: row.status,
    pixCode: row.pix_code,
    pixExpiresAt: row.pix_expires_at?.toISOString() ?? null,
    boletoUrl: row.boleto_url,
    boletoLine: row.boleto_line,
    paymentUrl: row.payment_url,
    expiresAt: row.expires_at?.toISOString() ?? null,
    cardLast4: row.card_last4,
    cardBrand: row.card_brand,
    refusedReason: row.refused_reason,
    errorMessage: row.error_message,
    sandbox: row.sandbox,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** The buyer's view of an order's charge. */
export interface ChargeView {
  transactionId: string
  status: PaymentStatus
  method: PaymentMethod
  amountCents: number
  pixCode: string | null
  pixExpiresAt: string | null
  boletoLine: string | null
  boletoUrl: string | null
  /** YYYY-MM-DD, the boleto's due date. */
  boletoDueDate: string | null
  paymentUrl: string | null
  cardLast4: string | null
  cardBrand: string | null
  installments: number | null
  sandbox: boolean
  gatewayId: string | null
  /** When the status last changed: tells an expiry-cancelled order from one the merchant cancelled before. */
  updatedAt: string
}

function dueDateOf(row: TransactionRow): string | null {
  if (row.method !== 'BOLETO' || !row.expires_at) return null
  const due = new Date(row.expires_at.getTime() - BOLETO_CLEARING_MS)
  // en-CA formats as YYYY-MM-DD.
  return due.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
}

export function toChargeView(row: TransactionRow): ChargeView {
  return {
    transactionId: row.id,
    status: publicStatus(row),
    method: row.method,
    amountCents: row.amount_cents,
    pixCode: row.pix_code,
    pixExpiresAt: row.pix_expires_at?.toISOString() ?? null,
    boletoLine: row.boleto_line,
    boletoUrl: row.boleto_url,
    boletoDueDate: dueDateOf(row),
    paymentUrl: row.payment_url,
    cardLast4: row.card_last4,
    cardBrand: row.card_brand,
    installments: row.installments,
    sandbox: row.sandbox,
    gatewayId: row.gateway_id,
    updatedAt: row.updated_at.toISOString(),
  }
}

/** What the configuration answer says about this server rather than the store's row. */
export interface ConfigContext {
  webhookUrl: string
  webhookUrlPublic: boolean
  sandbox: boolean
}

export function toConfigDto(storeId: string, row: ConfigRow | undefined, ctx: ConfigContext): PaymentConfig {
  return {
    storeId,
    ativoPayApiKey: row?.api_key_masked ?? '',
    hasApiKey: Boolean(row?.api_key_encrypted),
    ativoPayActive: row?.active ?? false,
    ativoPayWebhookUrl: ctx.webhookUrl,
    webhookUrlPublic: ctx.webhookUrlPublic,
    pixEnabled: row?.pix_enabled ?? true,
    creditCardEnabled: row?.credit_card_enabled ?? true,
    boletoEnabled: row?.boleto_enabled ?? true,
    creditCardMaxInstallments: row?.credit_card_max_installments ?? INSTALLMENTS_DEFAULT,
    boletoExpirationDays: row?.boleto_expiration_days ?? BOLETO_DAYS_DEFAULT,
    pixDiscountPercent: bpToPercent(row?.pix_discount_bp ?? 0),
    boletoDiscountPercent: bpToPercent(row?.boleto_discount_bp ?? 0),
    interestFreeInstallments: row?.interest_free_installments ?? null,
    monthlyInterestPercent: bpToPercent(row?.monthly_interest_bp ?? 0),
    lastCheckedAt: row?.last_checked_at?.toISOString() ?? null,
    lastCheckError: row?.last_check_error ?? null,
    sandbox: ctx.sandbox,
  }
}

/** A sandbox transaction as the gateway contract answers it (gateway-client.ts reads this shape). */
export function toSandboxWire(row: SandboxRow) {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    paidAmount: row.status === 'PAID' ? row.amount : 0,
    paymentMethod: row.payment_method,
    installments: row.installments,
    pix: row.pix_qrcode
      ? { qrcode: row.pix_qrcode, expirationDate: row.pix_expiration_date?.toISOString() ?? null }
      : null,
    boleto: row.boleto_digitable_line
      ? {
          url: row.boleto_url,
          digitableLine: row.boleto_digitable_line,
          barcode: row.boleto_barcode,
          dueDate: row.boleto_due_date,
        }
      : null,
    card: row.card_last_digits
      ? { lastDigits: row.card_last_digits, brand: row.card_brand, token: row.card_token ?? null }
      : null,
    secureUrl: row.boleto_url,
    refusedReason: row.refused_reason,
    postbackUrl: row.postback_url,
    metadata: row.metadata,
    externalRef: row.external_ref,
    customer: row.customer,
    items: row.items,
    paidAt: row.paid_at?.toISOString() ?? null,
    refundedAmount: row.refunded_amount,
    refunds: row.refunds,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export type SandboxWireTransaction = ReturnType<typeof toSandboxWire>
