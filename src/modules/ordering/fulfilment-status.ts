/**
 * What the fulfilment module may know and change of an order: the facts a shipment needs (buyer, address, chosen
 * option, items) and the PAID → SHIPPED → DELIVERED steps, each under the order's row lock in the caller's
 * transaction, so the shipment row and the status move together.
 */
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import { formatOrderNumber, type OrderStatus } from '../../shared/ordering'
import * as repo from './repository'
import type { DbOrTrx, ShippingAddress, Trx } from './tables'

export interface ShippableOrder {
  id: string
  storeId: string
  orderNumber: string
  status: OrderStatus
  productType: 'PHYSICAL' | 'DIGITAL'
  customer: { name: string; email: string; phone: string; document: string }
  address: ShippingAddress | null
  shippingOptionId: string | null
  shippingMethod: string | null
  subtotalCents: number
  items: { productId: string; name: string; quantity: number; unitPriceCents: number }[]
}

export const SHIPMENT_REFUSED = {
  digital: 'Pedido de produto digital não tem envio.',
  unpaid: 'O pedido precisa estar pago para ser enviado.',
  notShipped: 'O pedido ainda não foi enviado.',
} as const

/** The store's order (undefined for another store's or an unknown id). */
export async function shippableOrder(
  db: DbOrTrx,
  storeId: string,
  orderId: string,
): Promise<ShippableOrder | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row || row.store_id !== storeId) return undefined
  const items = await repo.findItems(db, [row.id])
  return {
    id: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    status: row.status,
    productType: row.product_type,
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      document: row.customer_document,
    },
    address: row.shipping_address,
    shippingOptionId: row.shipping_option_id,
    shippingMethod: row.shipping_method,
    subtotalCents: row.subtotal_cents,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
    })),
  }
}

/** Checks an order can be shipped (409 with the reason otherwise); a shipped order passes, so a retry is harmless. */
export function assertShippable(order: Pick<ShippableOrder, 'productType' | 'status'>): void {
  if (order.productType !== 'PHYSICAL') throw new AppError(409, SHIPMENT_REFUSED.digital)
  if (!['PAID', 'PROCESSING', 'SHIPPED'].includes(order.status)) throw new AppError(409, SHIPMENT_REFUSED.unpaid)
}

/** PAID/PROCESSING → SHIPPED under the row lock; true when this call moved it. */
export async function markOrderShipped(trx: Trx, storeId: string, orderId: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row || row.store_id !== storeId) throw new AppError(404, 'Pedido não encontrado')
  assertShippable({ productType: row.product_type, status: row.status })
  if (row.status === 'SHIPPED') return false
  await repo.updateOrder(trx, row.id, { status: 'SHIPPED' })
  return true
}

/**
 * SHIPPED → PAID under the row lock, when the shipment that moved it is undone (a label cancelled before posting):
 * true when this call moved it. Any other state stays as it is.
 */
export async function markOrderUnshipped(trx: Trx, storeId: string, orderId: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row || row.store_id !== storeId) throw new AppError(404, 'Pedido não encontrado')
  if (row.status !== 'SHIPPED') return false
  await repo.updateOrder(trx, row.id, { status: 'PAID' })
  return true
}

/** SHIPPED → DELIVERED under the row lock; true when this call moved it (a delivered order stays as it is). */
export async function markOrderDelivered(trx: Trx, storeId: string, orderId: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row || row.store_id !== storeId) throw new AppError(404, 'Pedido não encontrado')
  if (row.status === 'DELIVERED') return false
  if (row.status !== 'SHIPPED') throw new AppError(409, SHIPMENT_REFUSED.notShipped)
  await repo.updateOrder(trx, row.id, { status: 'DELIVERED' })
  return true
}
