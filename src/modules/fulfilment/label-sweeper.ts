/**
 * A label purchase that died half-way (the worker killed, Melhor Envio answering past our timeout) leaves the shipment
 * 'Gerando etiqueta', and every click after it is refused as "já está sendo gerada". This sweeper takes such rows once
 * untouched for STUCK_AFTER_MS, reads the label back from Melhor Envio (Pesquisar etiqueta: by the cart item's id when
 * we kept it, else by the buyer's CPF we sent, picking the item tagged with our order number) and finishes it:
 * - paid at Melhor Envio (released, posted, delivered): generated, printed, kept, the order SHIPPED;
 * - still unpaid in the cart, or nothing there: FAILED ('Falha na etiqueta') with a history line saying nothing was
 *   charged, so 'Gerar etiqueta' works again (resuming the same cart item when there is one);
 * - a cancel that died (the row was shipped): cancelled at Melhor Envio → finished; otherwise the label stands.
 * It never pays (no checkout call) and a paid label is only ever finished, so nothing is bought twice.
 */
import { onlyDigits } from '../../shared/br'
import { orderingService, type ShippableOrder } from '../ordering'
import { type MeOrder, shippingService } from '../shipping'
import { completeCancel } from './cancel-label'
import { HISTORY, record } from './history'
import * as repo from './repository'
import { type FulfilmentDeps, finishFoundLabel, nowOf } from './service'

/** Well past a purchase's longest life (seven Melhor Envio calls of LABEL_TIMEOUT_MS each, about 2.5 minutes). */
export const STUCK_AFTER_MS = 15 * 60_000
export const LABEL_SWEEP_EVERY_MS = 5 * 60_000

export interface SweepDeps extends FulfilmentDeps {
  log?: { warn(obj: object, msg: string): void }
}

export type SweepOutcome = 'recovered' | 'released' | 'cancelled' | 'restored' | 'left'

/** Melhor Envio's label for this order: ours by its tag and service, paid ones first; a cancelled one is no label. */
function ours(found: MeOrder[], order: ShippableOrder, serviceId: number | null): MeOrder | undefined {
  const candidates = found.filter(
    (o) =>
      o.status !== 'canceled' &&
      (serviceId === null || o.service_id == null || o.service_id === serviceId) &&
      (o.tags ?? []).some((t) => t.tag === order.orderNumber),
  )
  return candidates.find((o) => o.status !== 'pending') ?? candidates[0]
}

async function settle(deps: SweepDeps, row: repo.StuckLabel): Promise<SweepOutcome> {
  const order = await orderingService.shippableOrder(deps.db, row.store_id, row.order_id)
  const conn = await shippingService.activeConnection(deps, row.store_id)
  // Without the order or the store's token nothing can be read: left for the next pass (its lease moved).
  if (!order || !conn) return 'left'
  const me = shippingService.clientOf(deps)
  const at = nowOf(deps)
  const line = (kind: 'LABEL_RECOVERED' | 'LABEL_NOT_BOUGHT', message: string) =>
    record(deps.db, nowOf(deps), { storeId: row.store_id, orderId: row.order_id, kind, message })

  if (row.shipped_at && row.me_order_id) {
    // A cancel held the shipped label (SHIPPED → BUYING) and died: Melhor Envio's state says which way it went.
    const label = (await me.search(conn.token, row.me_order_id)).find((o) => o.id === row.me_order_id)
    if (label?.status === 'canceled') {
      await completeCancel(deps, row, order)
      return 'cancelled'
    }
    await repo.updateShipment(deps.db, row.id, { status: 'SHIPPED', updated_at: at })
    await line('LABEL_RECOVERED', HISTORY.cancelResumed)
    return 'restored'
  }

  const found = row.me_order_id
    ? (await me.search(conn.token, row.me_order_id)).find((o) => o.id === row.me_order_id)
    : ours(await me.search(conn.token, onlyDigits(order.customer.document)), order, row.service_id)
  if (found && found.status !== 'pending' && found.status !== 'canceled') {
    if (!row.me_order_id)
      await repo.updateShipment(deps.db, row.id, { me_order_id: found.id, me_protocol: found.protocol, updated_at: at })
    await finishFoundLabel(deps, order, row.id, conn.token, found.id)
    await line('LABEL_RECOVERED', HISTORY.recovered)
    return 'recovered'
  }
  // Never paid: the merchant buys again. An unpaid cart item is kept so that click pays that one, not a second.
  const unpaid = found?.status === 'pending' ? found : undefined
  const message = unpaid ? HISTORY.notPaid : HISTORY.notBought
  await deps.db.transaction().execute(async (trx) => {
    await repo.failPurchase(trx, row.id, {
      me_order_id: unpaid?.id ?? null,
      me_protocol: unpaid?.protocol ?? null,
      error: message,
      updated_at: at,
    })
    await record(trx, at, { storeId: row.store_id, orderId: row.order_id, kind: 'LABEL_NOT_BOUGHT', message })
  })
  return 'released'
}

/**
 * One pass: the stuck rows are locked (SKIP LOCKED) and their updated_at moved to now in one transaction — a lease,
 * so another worker's pass skips them for STUCK_AFTER_MS — then each is settled. A Melhor Envio failure leaves the
 * row for a later pass (a purchase found paid is left FAILED with the reason, and the merchant's click resumes it).
 */
export async function sweepStuckLabels(deps: SweepDeps, limit = 20): Promise<SweepOutcome[]> {
  const now = nowOf(deps)
  const stuck = await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.lockStuckLabels(trx, new Date(now.getTime() - STUCK_AFTER_MS), limit)
    for (const r of rows) await repo.updateShipment(trx, r.id, { updated_at: now })
    return rows
  })
  const outcomes: SweepOutcome[] = []
  for (const row of stuck) {
    try {
      outcomes.push(await settle(deps, row))
    } catch (err) {
      deps.log?.warn(
        { orderId: row.order_id, err: err instanceof Error ? err.message : String(err) },
        'stuck label not settled',
      )
      outcomes.push('left')
    }
  }
  return outcomes
}
