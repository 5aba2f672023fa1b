/** The merchant's 'Recuperação' screen: the sessions, what was sent, and the recovered figures per kind. */

import type { AppConfig } from '../../config'
import type { Db } from '../../platform/db'
import { toReais } from '../../shared/money'
import { RECOVERY_KINDS, type RecoveryEntry, type RecoverySummary, whatsappUrl } from '../../shared/recovery'
import { catalogService } from '../catalog'
import { storesService } from '../stores'
import { recoveryLink } from './messages'
import * as repo from './repository'

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0)

export async function listRecovery(
  db: Db,
  config: AppConfig,
  storeId: string,
  page: { limit: number; offset: number },
): Promise<RecoveryEntry[]> {
  const rows = await repo.listSessions(db, storeId, page)
  const [messages, products, store] = await Promise.all([
    repo.messagesOf(
      db,
      rows.map((r) => r.id),
    ),
    catalogService.findProducts(db, storeId, [...new Set(rows.map((r) => r.product_id))]),
    storesService.findStoreById(db, storeId),
  ])
  const productOf = new Map(products.map((p) => [p.id, p]))
  return rows.map((r) => {
    const product = productOf.get(r.product_id)
    const first = r.customer_name?.split(' ')[0] ?? ''
    const link = r.status === 'OPEN' ? recoveryLink(config, r, product?.type ?? 'PHYSICAL') : ''
    const prepared = `Olá${first ? `, ${first}` : ''}! Vi que você não concluiu sua compra de ${product?.name ?? 'nosso produto'} na ${store?.name ?? 'loja'}. Posso ajudar? ${link}`
    return {
      id: r.id,
      name: r.customer_name,
      email: r.customer_email,
      phone: r.customer_phone,
      productId: r.product_id,
      productName: product?.name ?? null,
      bumps: r.bumps.map((b) => ({ name: b.name, price: toReais(b.priceCents) })),
      value: toReais(r.value_cents),
      step: r.step,
      kind: r.kind,
      recovered: Boolean(r.recovered_at),
      recoveredValue: r.recovered_cents === null ? null : toReais(r.recovered_cents),
      updatedAt: r.updated_at.toISOString(),
      utmSource: r.tracking?.utm_source ?? null,
      consent: Boolean(r.consent_at),
      sent: messages
        .filter((m) => m.session_id === r.id)
        .map((m) => ({
          step: m.step,
          status: m.status === 'SKIPPED' ? `SKIPPED:${m.reason ?? ''}` : m.status,
          at: (m.sent_at ?? m.claimed_at)?.toISOString() ?? null,
        })),
      // Only for a buyer who agreed to be contacted.
      whatsappUrl:
        r.consent_at && r.customer_phone && r.status === 'OPEN' ? whatsappUrl(r.customer_phone, prepared) : null,
    }
  })
}

export async function recoverySummary(db: Db, storeId: string): Promise<RecoverySummary> {
  const [sessions, recovered] = await Promise.all([
    repo.sessionsPerKind(db, storeId),
    repo.recoveredPerKind(db, storeId),
  ])
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
