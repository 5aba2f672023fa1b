/**
 * A subscription's renewal as an order (issue 36): placed from the subscription's first order (same buyer, same
 * product) at the subscription's price, naming its subscription and cycle, so e-mails, rollups, integrations,
 * webhooks and refunds treat it as any order. The charge is the subscriptions module's (a saved card); its PAID
 * news reaches this order through payments' events like any charge for `orderRef` = the order's id.
 * One order per (subscription, cycle): asking twice answers the first.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db as AnyDb } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { publishing } from '../../platform/events'
import { formatOrderNumber } from '../../shared/ordering'
import { compactTracking } from '../../shared/tracking'
import { type ChargeResult, type PaymentsDeps, paymentsService } from '../payments'
import { orderPlaced } from './events'
import * as repo from './repository'
import { cancelOrder } from './service'
import type { Db } from './tables'

export interface RenewalOrderInput {
  fromOrderId: string
  storeId: string
  subscriptionId: string
  cycleNumber: number
  amountCents: number
  paymentMethod: 'CREDIT_CARD' | 'PIX' | 'BANK_SLIP'
}

export interface RenewalOrder {
  orderId: string
  orderNumber: string
  status: string
  totalCents: number
  customer: { name: string; email: string; phone: string; document: string }
  items: { productId: string; name: string; quantity: number; unitPriceCents: number }[]
}

async function existing(db: Db, subscriptionId: string, cycleNumber: number): Promise<repo.OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('cycle_number', '=', cycleNumber)
    .executeTakeFirst()
}

type Customer = Pick<repo.OrderRow, 'customer_name' | 'customer_email' | 'customer_phone' | 'customer_document'>

function toRenewal(
  row: Pick<repo.OrderRow, 'id' | 'order_number' | 'status' | 'total_cents'>,
  customer: Customer,
  item: { product_id: string; name: string },
): RenewalOrder {
  return {
    orderId: row.id,
    orderNumber: formatOrderNumber(row.order_number),
    status: row.status,
    totalCents: row.total_cents,
    customer: {
      name: customer.customer_name,
      email: customer.customer_email,
      phone: customer.customer_phone,
      document: customer.customer_document,
    },
    items: [{ productId: item.product_id, name: item.name, quantity: 1, unitPriceCents: row.total_cents }],
  }
}

/** What a renewal copies from the first order (its main line included), and the renewal if already placed. */
interface Origin extends Customer {
  store_id: string
  product_type: repo.OrderRow['product_type']
  tracking: repo.OrderRow['tracking']
  product_id: string | null
  name: string | null
  image_url: string | null
  /** to_jsonb of the renewal order's columns toRenewal needs (order_number and total_cents are integers). */
  renewal: (Customer & Pick<repo.OrderRow, 'id' | 'order_number' | 'status' | 'total_cents'>) | null
}

/** The first order, its main line (the checkout's own product first, as findItems) and the renewal: one read. */
async function originOf(db: AnyDb, input: RenewalOrderInput): Promise<Origin | undefined> {
  const { rows } = await sql<Origin>`
    select o.store_id, o.product_type, o.tracking, o.customer_name, o.customer_email, o.customer_phone,
      o.customer_document, i.product_id, i.name, i.image_url,
      (select to_jsonb(r) from (
         select id, order_number, status, total_cents, customer_name, customer_email, customer_phone,
           customer_document
         from orders where subscription_id = ${input.subscriptionId} and cycle_number = ${input.cycleNumber}) r
      ) as renewal
    from orders o
    left join lateral (
      select product_id, name, image_url from order_items where order_id = o.id
      order by bump_id is not null, id limit 1
    ) i on true
    where o.id = ${input.fromOrderId}`.execute(db)
  return rows[0]
}

/**
 * Two statements in all (the renewals bench bills 10,000 of these a day): one read of what the renewal copies
 * (and of the renewal itself, when a retry asks again), one insert of the order with its line, number and event.
 */
export async function placeRenewalOrder(db: AnyDb, input: RenewalOrderInput): Promise<RenewalOrder> {
  const first = await originOf(db, input)
  if (!first || first.store_id !== input.storeId) throw new AppError(404, 'Pedido de origem não encontrado')
  if (!first.product_id || !first.name) throw new AppError(404, 'Pedido de origem sem itens')
  const item = { product_id: first.product_id, name: first.name }
  if (first.renewal) return toRenewal(first.renewal, first.renewal, item)
  const id = randomUUID()
  const createdAt = new Date()
  const order: repo.NewOrder = {
    id,
    store_id: first.store_id,
    product_type: first.product_type,
    customer_name: first.customer_name,
    customer_email: first.customer_email,
    customer_phone: first.customer_phone,
    customer_document: first.customer_document,
    shipping_address: null,
    shipping_option_id: null,
    shipping_method: null,
    estimated_delivery: null,
    subtotal_cents: input.amountCents,
    total_cents: input.amountCents,
    payment_method: input.paymentMethod,
    installments: input.paymentMethod === 'CREDIT_CARD' ? 1 : null,
    transaction_id: null,
    gateway_id: null,
    pix_code: null,
    payment_url: null,
    boleto_url: null,
    boleto_line: null,
    notes: null,
    tracking: JSON.stringify(compactTracking(first.tracking)),
    client_ip: null,
    user_agent: null,
    subscription_id: input.subscriptionId,
    cycle_number: input.cycleNumber,
    created_at: createdAt,
  }
  const line = { productId: item.product_id, name: item.name, quantity: 1, unitPriceCents: input.amountCents }
  try {
    const placed = await repo.insertPlacedOrder(
      db,
      order,
      [
        {
          product_id: item.product_id,
          name: item.name,
          image_url: first.image_url,
          quantity: 1,
          unit_price_cents: input.amountCents,
          total_cents: input.amountCents,
        },
      ],
      {
        event: (filled) =>
          publishing(
            orderPlaced,
            {
              orderId: id,
              storeId: first.store_id,
              orderNumber: formatOrderNumber(0),
              productType: first.product_type,
              totalCents: input.amountCents,
              paymentMethod: input.paymentMethod,
              customer: { name: first.customer_name, email: first.customer_email, phone: first.customer_phone },
              placedAt: createdAt.toISOString(),
              subscriptionId: input.subscriptionId,
              cycleNumber: input.cycleNumber,
              items: [line],
            },
            filled,
          ),
      },
    )
    return toRenewal(placed, first, item)
  } catch (err) {
    // Another scanner placed this cycle's order between our read and our insert: theirs stands.
    const raced = await existing(db as Db, input.subscriptionId, input.cycleNumber)
    if (raced) return toRenewal(raced, raced, item)
    throw err
  }
}

/**
 * The PIX or boleto of a renewal order (a subscription paid by 'pix' or 'bank_slip'): created at the gateway and
 * recorded on the order, so the order page, the 'pedido recebido' e-mail (order.placed) and the payment's news treat
 * it as any checkout charge. The caller asks once per order (its attempt row is written first).
 */
export async function chargeRenewalOrder(
  deps: PaymentsDeps,
  renewal: RenewalOrder,
  /** expiresInDays: the invoice stays payable until the cycle's due date, not the 1-day PIX of a checkout. */
  opts: { expiresInDays?: number } = {},
): Promise<ChargeResult> {
  const row = await repo.findOrder(deps.db, renewal.orderId)
  if (!row || row.subscription_id === null) throw new AppError(404, 'Pedido de renovação não encontrado')
  if (row.payment_method === 'CREDIT_CARD') throw new AppError(409, 'Renovação por cartão usa o cartão salvo')
  const charge = await paymentsService.createCharge(deps, {
    storeId: row.store_id,
    orderRef: row.id,
    amountCents: row.total_cents,
    method: row.payment_method === 'BANK_SLIP' ? 'BOLETO' : 'PIX',
    customer: renewal.customer,
    items: renewal.items.map((i) => ({
      title: i.name,
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      tangible: false,
      externalRef: i.productId,
    })),
    ...(opts.expiresInDays ? { expiresInDays: opts.expiresInDays } : {}),
  })
  await repo.recordCharge(deps.db, row.id, {
    transaction_id: charge.transactionId,
    gateway_id: charge.gatewayId,
    pix_code: charge.pixCode,
    pix_expires_at: charge.pixExpiresAt,
    payment_url: charge.paymentUrl,
    boleto_url: charge.boletoUrl,
    boleto_line: charge.boletoLine,
    sandbox: charge.sandbox,
  })
  return charge
}

/** A renewal that was never paid (the subscription was canceled): its order is cancelled. */
export async function cancelRenewalOrder(db: AnyDb, orderId: string, reason: string): Promise<boolean> {
  return db.transaction().execute((trx) => cancelOrder(trx, orderId, reason))
}

/** Where a renewal order stands: PAID (or later) once its charge landed. */
export async function renewalOrderStatus(db: AnyDb, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .where(sql<boolean>`subscription_id is not null`)
    .executeTakeFirst()
  return row?.status
}
