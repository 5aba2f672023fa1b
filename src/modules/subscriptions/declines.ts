/**
 * A refused renewal is hard (stolen, lost, invalid or expired card, closed account: retrying cannot help and
 * issuers penalise it) or soft (no funds, issuer unavailable, "do not honour": retried on the dunning schedule).
 * Gateways answer in words, so the reason text decides; an unknown reason is soft.
 */
export type Outcome =
  | { kind: 'PAID'; transactionId: string }
  | { kind: 'SOFT_DECLINED' | 'HARD_DECLINED'; reason: string; transactionId?: string }
  | { kind: 'UNKNOWN'; reason: string }

const HARD = /expirad|expired|roubad|stolen|perdid|lost|inv[aá]lid|invalid|cancelad|closed|bloquead|blocked/i

export function declineOf(reason: string | null): { kind: 'SOFT_DECLINED' | 'HARD_DECLINED'; reason: string } {
  const text = reason?.trim() || 'Pagamento recusado pelo emissor'
  return { kind: HARD.test(text) ? 'HARD_DECLINED' : 'SOFT_DECLINED', reason: text }
}
