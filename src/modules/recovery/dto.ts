/** Recovery's rows as the merchant's 'Recuperação' screen shows them (reais, ISO dates). */
import { toReais } from '../../shared/money'
import {
  RECOVERY_KINDS,
  type RecoveryEntry,
  type RecoveryOutcome,
  type RecoverySummary,
  type RestoredSession,
  sessionFieldsSchema,
} from '../../shared/recovery'
import type { messagesOf, recoveredPerKind, SessionRow, sessionsPerKind } from './repository'

type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number]

export function toSettingsDto(s: { enabled: boolean; first_delay_minutes: number; second_delay_minutes: number }) {
  return {
    enabled: s.enabled,
    firstDelayMinutes: s.first_delay_minutes,
    secondDelayMinutes: s.second_delay_minutes,
  }
}

/** One session of the screen; `messages` are its own, `whatsappUrl` only for a buyer who agreed to be contacted. */
export function toRecoveryEntryDto(
  r: SessionRow,
  productName: string | null,
  messages: MessageRow[],
  outcome: RecoveryOutcome,
  whatsappUrl: string | null,
): RecoveryEntry {
  return {
    id: r.id,
    name: r.customer_name,
    email: r.customer_email,
    phone: r.customer_phone,
    productId: r.product_id,
    productName,
    bumps: r.bumps.map((b) => ({ name: b.name, price: toReais(b.priceCents) })),
    value: toReais(r.value_cents),
    step: r.step,
    kind: r.kind,
    recovered: Boolean(r.recovered_at),
    outcome,
    recoveredValue: r.recovered_cents === null ? null : toReais(r.recovered_cents),
    updatedAt: r.updated_at.toISOString(),
    utmSource: r.tracking?.utm_source ?? null,
    consent: Boolean(r.consent_at),
    sent: messages.map((m) => ({
      step: m.step,
      status: m.status === 'SKIPPED' ? `SKIPPED:${m.reason ?? ''}` : m.status,
      at: (m.sent_at ?? m.claimed_at)?.toISOString() ?? null,
    })),
    whatsappUrl,
  }
}

/**
 * A recovery link's answer: the step (1–3) and the stored fields read through the report's own schema, so whatever
 * an older row holds beyond contact, address, bumps and coupon (a CPF, say) never reaches the page.
 */
export function toRestoredSessionDto(r: SessionRow): RestoredSession {
  const fields = sessionFieldsSchema.safeParse(r.fields)
  return {
    sessionId: r.id,
    productId: r.product_id,
    step: Math.min(Math.max(r.step, 1), 3),
    fields: fields.success ? fields.data : { customer: {} },
  }
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0)

/** The recovered figures per kind and in all. */
export function toRecoverySummaryDto(
  sessions: Awaited<ReturnType<typeof sessionsPerKind>>,
  recovered: Awaited<ReturnType<typeof recoveredPerKind>>,
): RecoverySummary {
  const kinds = RECOVERY_KINDS.map((kind) => {
    const n = Number(sessions.find((s) => s.kind === kind)?.n ?? 0)
    const r = recovered.find((x) => x.kind === kind)
    const orders = Number(r?.orders ?? 0)
    return {
      kind,
      sessions: n,
      recoveredOrders: orders,
      recoveredRevenue: toReais(Number(r?.revenue_cents ?? 0)),
      rate: rate(orders, n),
    }
  })
  return {
    kinds,
    recoveredOrders: kinds.reduce((s, k) => s + k.recoveredOrders, 0),
    recoveredRevenue: toReais(kinds.reduce((s, k) => s + Math.round(k.recoveredRevenue * 100), 0)),
  }
}
