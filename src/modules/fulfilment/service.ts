/**
 * Shipping a paid physical order: a label bought on Melhor Envio for the carrier the buyer chose (cart → checkout →
 * generate → print, the PDF kept), or a tracking code the merchant typed for any carrier. One shipment per order
 * (unique order_id: two concurrent clicks buy one label); the order becomes SHIPPED and `order.shipped` is published
 * in the same transaction. Tracking is polled until DELIVERED (jobs.ts), or the merchant marks it delivered.
 */
import type { AppConfig } from '../../config'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { FULFILMENT_MESSAGES as MSG, type ShipmentInput, trackingUrlFor } from '../../shared/fulfilment'
import { isUuid } from '../../shared/ids'
import { meServiceOf } from '../../shared/melhor-envio'
import { toReais } from '../../shared/money'
import { orderingService, type ShippableOrder } from '../ordering'
import { type MeAddress, type MelhorEnvioClient, shippingService } from '../shipping'
import { orderDelivered, orderShipped, shipmentFactsOf } from './events'
import * as repo from './repository'
import type { Db } from './tables'

/** Melhor Envio's tracking is read this often until the label is delivered. */
export const POLL_EVERY_MS = 4 * 60 * 60_000

export interface FulfilmentDeps {
  db: Db
  config: Pick<AppConfig, 'APP_SECRET' | 'MELHOR_ENVIO_API_URL'>
  melhorEnvio?: MelhorEnvioClient
  now?: () => Date
}

export const nowOf = (deps: Pick<FulfilmentDeps, 'now'>) => deps.now?.() ?? new Date()

async function requireOrder(db: Db, storeId: string, orderId: string): Promise<ShippableOrder> {
  const order = await orderingService.shippableOrder(db, storeId, orderId)
  if (!order) throw new AppError(404, MSG.notFound)
  orderingService.assertShippable(order)
  return order
}

/** The row written, the order SHIPPED and `order.shipped` published, in one transaction. */
async function ship(
  deps: FulfilmentDeps,
  order: ShippableOrder,
  shipmentId: string,
  fields: {
    carrier: string
    trackingCode: string | null
    trackingUrl: string | null
    labelPdf?: Buffer
    protocol?: string
  },
) {
  const now = nowOf(deps)
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateShipment(trx, shipmentId, {
      status: 'SHIPPED',
      carrier: fields.carrier,
      tracking_code: fields.trackingCode,
      tracking_url: fields.trackingUrl,
      ...(fields.labelPdf ? { label_pdf: fields.labelPdf } : {}),
      // A resumed purchase (or the sweeper) has no protocol in hand: the one kept with the cart item stays.
      ...(fields.protocol ? { me_protocol: fields.protocol } : {}),
      shipped_at: now,
      next_poll_at: fields.labelPdf ? new Date(now.getTime() + POLL_EVERY_MS) : null,
      error: null,
      updated_at: now,
    })
    const moved = await orderingService.markOrderShipped(trx, order.storeId, order.id)
    if (moved)
      await publish(trx, orderShipped, {
        orderId: order.id,
        storeId: order.storeId,
        orderNumber: order.orderNumber,
        shipmentId,
        carrier: fields.carrier,
        trackingCode: fields.trackingCode,
        trackingUrl: fields.trackingUrl,
        customer: { name: order.customer.name, email: order.customer.email },
        shippedAt: now.toISOString(),
      })
  })
}

export async function createShipment(deps: FulfilmentDeps, storeId: string, orderId: string, input: ShipmentInput) {
  const order = await requireOrder(deps.db, storeId, orderId)
  if (input.kind === 'MANUAL') {
    const claimed = await repo.claimShipment(deps.db, {
      store_id: storeId,
      order_id: order.id,
      kind: 'MANUAL',
      carrier: input.carrier.trim(),
      status: 'BUYING',
    })
    if (!claimed) throw new AppError(409, MSG.alreadyShipped)
    const code = input.trackingCode.trim().toUpperCase()
    await ship(deps, order, claimed.id, {
      carrier: input.carrier.trim(),
      trackingCode: code,
      trackingUrl: trackingUrlFor(input.carrier, code),
    })
    return repo.findShipment(deps.db, order.id)
  }
  return buyLabel(deps, order)
}

function addressOf(order: ShippableOrder): MeAddress {
  const a = order.address
  if (!a) throw new AppError(409, 'Pedido sem endereço de entrega.')
  return {
    name: order.customer.name,
    phone: order.customer.phone,
    email: order.customer.email,
    document: order.customer.document,
    address: a.street,
    number: a.number,
    complement: a.complement ?? undefined,
    district: a.neighborhood || 'Centro',
    city: a.city,
    state_abbr: a.state,
    country_id: 'BR',
    postal_code: a.zipCode,
  }
}

/** Whether 'Gerar etiqueta' can work: the buyer chose a Melhor Envio service and the store is connected. */
export async function canBuyLabel(deps: FulfilmentDeps, order: ShippableOrder): Promise<boolean> {
  if (meServiceOf(order.shippingOptionId ?? '') === undefined) return false
  const conn = await shippingService.activeConnection(deps, order.storeId)
  return Boolean(conn?.row.sender)
}

async function buyLabel(deps: FulfilmentDeps, order: ShippableOrder) {
  const serviceId = meServiceOf(order.shippingOptionId ?? '')
  if (serviceId === undefined) throw new AppError(409, MSG.notMelhorEnvio)
  const conn = await shippingService.activeConnection(deps, order.storeId)
  if (!conn?.row.sender) throw new AppError(409, MSG.notConnected)
  const sender = conn.row.sender
  const claimed = await repo.claimShipment(deps.db, {
    store_id: order.storeId,
    order_id: order.id,
    kind: 'LABEL',
    carrier: order.shippingMethod ?? 'Melhor Envio',
    service_id: serviceId,
    status: 'BUYING',
    // The sweeper takes a purchase untouched for STUCK_AFTER_MS by this clock (label-sweeper.ts).
    updated_at: nowOf(deps),
  })
  let shipmentId = claimed?.id
  if (!shipmentId) {
    const existing = await repo.findShipment(deps.db, order.id)
    // The first click's label (bought or being bought) is the order's label: a second click buys nothing.
    if (existing?.status !== 'FAILED' || existing.kind !== 'LABEL') {
      if (existing?.status === 'BUYING') throw new AppError(409, MSG.buying)
      return existing
    }
    if (!(await repo.reclaimFailed(deps.db, order.id, nowOf(deps)))) throw new AppError(409, MSG.buying)
    shipmentId = existing.id
  }
  try {
    let meOrderId = (await repo.findShipment(deps.db, order.id))?.me_order_id ?? null
    let protocol: string | undefined
    if (!meOrderId) {
      const cart = await shippingService.cartPackage(deps.db, order.storeId, order.items)
      if ('missing' in cart) throw new AppError(409, 'Produto sem peso e dimensões: preencha-os para gerar a etiqueta.')
      const item = await shippingService.clientOf(deps).addToCart(conn.token, {
        service: serviceId,
        from: {
          name: sender.name,
          phone: sender.phone,
          email: sender.email,
          document: sender.document,
          address: sender.address,
          number: sender.number,
          district: sender.district,
          city: sender.city,
          state_abbr: sender.state,
          country_id: 'BR',
          postal_code: conn.row.origin_cep,
        },
        to: addressOf(order),
        products: order.items.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          unitary_value: toReais(i.unitPriceCents),
        })),
        volume: cart.pkg,
        insuranceValue: toReais(cart.valueCents),
        // The order number travels as the label's tag: the stuck-purchase sweeper recognises its label by it.
        orderTag: order.orderNumber,
      })
      meOrderId = item.id
      protocol = item.protocol
      // Kept at once: a retry after a failure further on resumes this cart item instead of buying another.
      await repo.updateShipment(deps.db, shipmentId, {
        me_order_id: meOrderId,
        me_protocol: protocol,
        updated_at: nowOf(deps),
      })
    }
    return await finishLabel(deps, order, shipmentId, conn.token, meOrderId, { protocol, pay: true })
  } catch (err) {
    throw await failed(deps, shipmentId, err)
  }
}

/** The row FAILED with the reason (unless the purchase was finished meanwhile), and the error the caller answers. */
async function failed(deps: FulfilmentDeps, shipmentId: string, err: unknown): Promise<AppError> {
  const message = err instanceof Error ? err.message : 'Falha ao gerar a etiqueta'
  await repo.failPurchase(deps.db, shipmentId, { error: message.slice(0, 300), updated_at: nowOf(deps) })
  return err instanceof AppError ? err : new AppError(422, `Melhor Envio: ${message}`)
}

/**
 * A label whose Melhor Envio cart item exists: paid if still pending (and `pay`), generated, printed, the PDF kept,
 * the order SHIPPED. Paying is asked only of a pending item, so a resumed purchase never pays twice.
 */
async function finishLabel(
  deps: FulfilmentDeps,
  order: ShippableOrder,
  shipmentId: string,
  token: string,
  meOrderId: string,
  opts: { protocol?: string; pay: boolean },
) {
  const me = shippingService.clientOf(deps)
  const before = (await me.tracking(token, [meOrderId]))[meOrderId]
  if (!before || before.status === 'pending') {
    // The sweeper finishes what was paid; paying stays the merchant's click.
    if (!opts.pay) throw new AppError(409, 'Etiqueta ainda não paga no Melhor Envio: gere a etiqueta novamente.')
    await me.checkout(token, [meOrderId])
  }
  const generated = (await me.generate(token, [meOrderId]))[meOrderId]
  if (generated && !generated.status) throw new AppError(422, generated.message ?? 'Melhor Envio não gerou a etiqueta')
  const { url } = await me.print(token, [meOrderId])
  const pdf = await me.download(url)
  const code = (await me.tracking(token, [meOrderId]))[meOrderId]?.tracking ?? null
  const carrier = order.shippingMethod ?? 'Melhor Envio'
  await ship(deps, order, shipmentId, {
    carrier,
    trackingCode: code,
    trackingUrl: code ? trackingUrlFor(carrier, code) : null,
    labelPdf: pdf,
    protocol: opts.protocol,
  })
  return repo.findShipment(deps.db, order.id)
}

/** A purchase the sweeper found paid: finished like a click would, a failure left FAILED for the merchant's click. */
export async function finishFoundLabel(
  deps: FulfilmentDeps,
  order: ShippableOrder,
  shipmentId: string,
  token: string,
  meOrderId: string,
) {
  try {
    return await finishLabel(deps, order, shipmentId, token, meOrderId, { pay: false })
  } catch (err) {
    throw await failed(deps, shipmentId, err)
  }
}

/** SHIPPED → DELIVERED for the shipment and the order, `order.delivered` once. */
export async function deliver(deps: Pick<FulfilmentDeps, 'db' | 'now'>, storeId: string, orderId: string) {
  // A malformed id names no order (and would reach the uuid column as a database error).
  if (!isUuid(orderId)) throw new AppError(404, MSG.notFound)
  const shipment = await repo.findShipment(deps.db, orderId)
  if (!shipment || shipment.store_id !== storeId) throw new AppError(404, MSG.notFound)
  const order = await orderingService.shippableOrder(deps.db, storeId, orderId)
  if (!order) throw new AppError(404, MSG.notFound)
  const now = nowOf(deps)
  await deps.db.transaction().execute(async (trx) => {
    const moved = await orderingService.markOrderDelivered(trx, storeId, orderId)
    if (!moved) return
    await repo.updateShipment(trx, shipment.id, { status: 'DELIVERED', delivered_at: now, next_poll_at: null })
    await publish(trx, orderDelivered, {
      ...shipmentFactsOf(order, shipment),
      deliveredAt: now.toISOString(),
    })
  })
  return repo.findShipment(deps.db, orderId)
}

/**
 * One tracking round: the labels due, locked (SKIP LOCKED) so two workers never poll one; each delivered one is
 * marked, the others polled again in POLL_EVERY_MS. A Melhor Envio failure leaves them for the next round.
 */
export async function pollTracking(deps: FulfilmentDeps, limit = 50): Promise<number> {
  const now = nowOf(deps)
  const due = await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.lockDuePolls(trx, now, limit)
    for (const r of rows)
      await repo.updateShipment(trx, r.id, { next_poll_at: new Date(now.getTime() + POLL_EVERY_MS) })
    return rows
  })
  let delivered = 0
  for (const r of due) {
    const conn = await shippingService.activeConnection(deps, r.store_id)
    if (!conn || !r.me_order_id) continue
    const tracked = (await shippingService.clientOf(deps).tracking(conn.token, [r.me_order_id]))[r.me_order_id]
    if (tracked?.status === 'delivered') {
      await deliver(deps, r.store_id, r.order_id)
      delivered++
    }
  }
  return delivered
}

export const findShipment = repo.findShipment
export const shipmentHistory = repo.listShipmentEvents
export const findLabel = repo.findLabel
