/** The merchant's 'Recuperação' screen: the sessions, what was sent, and the recovered figures per kind. */

import type { AppConfig } from '../../config'
import type { Db } from '../../platform/db'
import { type RecoveryEntry, type RecoverySummary, whatsappUrl } from '../../shared/recovery'
import { catalogService } from '../catalog'
import { storesService } from '../stores'
import { toRecoveryEntryDto, toRecoverySummaryDto } from './dto'
import { recoveryLink } from './messages'
import * as repo from './repository'

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
    return toRecoveryEntryDto(
      r,
      product?.name ?? null,
      messages.filter((m) => m.session_id === r.id),
      // Only for a buyer who agreed to be contacted.
      r.consent_at && r.customer_phone && r.status === 'OPEN' ? whatsappUrl(r.customer_phone, prepared) : null,
    )
  })
}

export async function recoverySummary(db: Db, storeId: string): Promise<RecoverySummary> {
  const [sessions, recovered] = await Promise.all([
    repo.sessionsPerKind(db, storeId),
    repo.recoveredPerKind(db, storeId),
  ])
  return toRecoverySummaryDto(sessions, recovered)
}
