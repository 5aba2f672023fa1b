import type { PaymentMethod, PaymentStatus } from '../../shared/payments'

export type { PaymentMethod, PaymentStatus }

/** What another module asks for when it needs a charge (amounts in cents; card data never stored). */
export interface ChargeRequest {
  storeId: string
  /** The caller's reference (the order id); comes back in payment.status_changed. */
  orderRef: string
  amountCents: number
  method: PaymentMethod
  customer: {
    name: string
    email: string
    phone: string
    /** 11 digits CPF */
    document: string
    /** The card holder's billing address (Asaas requires it with raw card data). */
    postalCode?: string
    addressNumber?: string
  }
  items: { title: string; unitPriceCents: number; quantity: number; tangible: boolean; externalRef: string }[]
  card?: ChargeCard
  installments?: number
  ip?: string
  metadata?: Record<string, string>
  /**
   * PIX or boleto only: how many days this charge stays payable, when the caller's due date says so (a renewal
   * invoice sent days before its due date). Absent: PIX 1 day, boleto the store's setting.
   */
  expiresInDays?: number
}

/** Raw card data: sent to the gateway, never stored. `save: false` keeps its token only 30 minutes (this purchase). */
export interface ChargeCard {
  number: string
  holderName: string
  expMonth: number
  expYear: number
  cvv: string
  save?: boolean
}

export interface ChargeResult {
  /** Our payment_transactions.id. */
  transactionId: string
  gatewayId: string
  status: PaymentStatus
  method: PaymentMethod
  amountCents: number
  pixCode: string | null
  pixExpiresAt: string | null
  boletoUrl: string | null
  boletoLine: string | null
  paymentUrl: string | null
  /** Set when the built-in sandbox answered (the buyer page may offer 'Simular pagamento'). */
  sandbox: boolean
  /** The gateway's reason for a refused charge (subscriptions tell a hard decline from a soft one by it). */
  refusedReason?: string | null
}

/** The buyer-facing methods of a store (spec 002 §3 defaults); never carries a key. */
export interface PublicPaymentMethods {
  pix: { enabled: boolean; name: string; expirationDays: number }
  credit_card: { enabled: boolean; name: string; maxInstallments: number }
  bank_slip: { enabled: boolean; name: string; expirationDays: number }
}
