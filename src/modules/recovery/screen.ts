/** The merchant's 'Recuperação' screen: the sessions, what was sent, and the recovered figures per kind. */

import type { AppConfig } from '../../config'
import type { Db } from '../../platform/db'
import { type RecoveryEntry, type RecoveryOutcome, type RecoverySummary, whatsappUrl } from '../../shared/recovery'
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
  const ids = rows.map((r) => r.id)
  const [messages, products, store, paidLater] = await Promise.all([
    repo.messagesOf(db, ids),
    catalogService.findProducts(db, storeId, [...new Set(rows.map((r) => r.product_id))]),
    storesService.findStoreById(db, storeId),
    repo.paidLaterElsewhere(
      db,
      storeId,
      rows.filter((r) => r.status === 'OPEN' && r.customer_email).map((r) => r.id),
    ),
  ])
  const productOf = new Map(products.map((p) => [p.id, p]))
  return rows.map((r) => {
    const product = productOf.get(r.product_id)
    const first = r.customer_name?.split(' ')[0] ?? ''
    const outcome = outcomeOf(r, paidLater.has(r.id))
    const open = outcome === 'OPEN' || outcome === 'AWAITING_PAYMENT'
    const link = open ? recoveryLink(config, r, product?.type ?? 'PHYSICAL') : ''
    const prepared = `Olá${first ? `, ${first}` : ''}! Vi que você não concluiu sua compra de ${product?.name ?? 'nosso produto'} na ${store?.name ?? 'loja'}. Posso ajudar? ${link}`
    return toRecoveryEntryDto(
      r,
      product?.name ?? null,
      messages.filter((m) => m.session_id === r.id),
      outcome,
      // Only for a buyer who agreed to be contacted and has not paid.
      r.consent_at && r.customer_phone && open ? whatsappUrl(r.customer_phone, prepared) : null,
    )
  })
}

/** Paid through a reminder's link, paid otherwise (here or in a later visit), waiting on its charge, or still open. */
export function outcomeOf(
  r: Pick<repo.SessionRow, 'status' | 'recovered_at' | 'order_id'>,
  paidLater: boolean,
): RecoveryOutcome {
  if (r.recovered_at) return 'RECOVERED'
  if (r.status === 'CONVERTED' || paidLater) return 'CONVERTED'
  return r.order_id ? 'AWAITING_PAYMENT' : 'OPEN'
}

export async function recoverySummary(db: Db, storeId: string): Promise<RecoverySummary> {
  const [sessions, recovered] = await Promise.all([
    repo.sessionsPerKind(db, storeId),
    repo.recoveredPerKind(db, storeId),
  ])
  return toRecoverySummaryDto(sessions, recovered)
}
