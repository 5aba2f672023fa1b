/** Keeping an approved card's token (saved-cards.ts tells the whole story); no card number ever reaches here. */
import type { AppConfig } from '../../config'
import type { Clock } from '../../platform/clock'
import { encryptSecret } from '../../platform/crypto'
import * as cards from './saved-cards.repository'
import type { Trx } from './tables'

/** A card the buyer did not ask to keep serves this purchase's offers only. */
export const TEMPORARY_CARD_MS = 30 * 60_000

export interface KeptCard {
  token: string
  customerRef: string | null
  accountId: string
  expMonth: number
  expYear: number
  /** false: kept only for this purchase's offers (30 minutes). */
  save: boolean
}

/** Keeps the card of a charge just approved, in the transaction that records the approval. */
export async function keepCard(
  deps: { config: AppConfig; clock?: Clock },
  trx: Trx,
  row: {
    store_id: string
    card_last4: string | null
    card_brand: string | null
    request: { customer: { email: string } }
  },
  keep: KeptCard,
) {
  if (!row.card_last4 || !/^\d{4}$/.test(row.card_last4)) return
  await cards.replaceInstrument(trx, {
    store_id: row.store_id,
    buyer_email: row.request.customer.email.trim().toLowerCase(),
    account_id: keep.accountId,
    token_encrypted: encryptSecret(deps.config.APP_SECRET, keep.token),
    customer_ref: keep.customerRef,
    brand: row.card_brand ?? 'outro',
    last4: row.card_last4,
    exp_month: keep.expMonth,
    exp_year: keep.expYear < 100 ? 2000 + keep.expYear : keep.expYear,
    expires_at: keep.save ? null : new Date((deps.clock?.now() ?? new Date()).getTime() + TEMPORARY_CARD_MS),
  })
}
