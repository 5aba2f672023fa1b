/**
 * The buyer's order page: in integer cents across the module contract (`orderingService.orderPage`, which
 * notifications reads), in reais only in the page's JSON (`orderPageJson`, shared/order-page.ts).
 */
import { toReais } from '../../shared/money'
import type { OrderPage } from '../../shared/order-page'
import type { OrderStatusResponse } from '../../shared/ordering'
import type { pixRenewal } from '../payments'
import { orderHeadOf } from './dto'
import type { OrderItemRow, OrderRow } from './repository'

type PageOrder = OrderPage['order']
type Reais = 'subtotal' | 'shippingCost' | 'couponDiscount' | 'methodDiscount' | 'interest' | 'total' | 'items'

export interface OrderPageView extends Omit<OrderPage, 'order'> {
  order: Omit<PageOrder, Reais> & {
    items: { name: string; quantity: number; unitPriceCents: number; totalCents: number; imageUrl: string | null }[]
    subtotalCents: number
    shippingCents: number
    couponDiscountCents: number
    methodDiscountCents: number
    interestCents: number
    totalCents: number
  }
}

/** The order, its latest charge and what a paid order gives access to (order-page.ts). */
export function toOrderPageView(
  row: OrderRow,
  items: OrderItemRow[],
  charge: pixRenewal.ChargeView | undefined,
  status: OrderStatusResponse | undefined,
  canRenew: boolean,
): OrderPageView {
  return {
    order: {
      ...orderHeadOf(row),
      customerName: row.customer_name,
      items: items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPriceCents: i.unit_price_cents,
        totalCents: i.total_cents,
        imageUrl: i.image_url,
      })),
      subtotalCents: row.subtotal_cents,
      shippingCents: row.shipping_cents,
      couponCode: row.coupon_code,
      couponDiscountCents: row.coupon_discount_cents,
      methodDiscountCents: row.method_discount_cents,
      interestCents: row.interest_cents,
      shippingMethod: row.shipping_method,
      estimatedDelivery: row.estimated_delivery,
      totalCents: row.total_cents,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    },
    payment: charge
      ? {
          status: charge.status,
          method: charge.method,
          pixCode: charge.pixCode,
          pixExpiresAt: charge.pixExpiresAt,
          boletoLine: charge.boletoLine,
          boletoUrl: charge.boletoUrl,
          boletoDueDate: charge.boletoDueDate,
          paymentUrl: charge.paymentUrl,
          cardLast4: charge.cardLast4,
          cardBrand: charge.cardBrand,
          installments: charge.installments,
          sandboxGatewayId: charge.sandbox ? charge.gatewayId : null,
          canRenew,
        }
      : null,
    digitalAccess: status?.order.digitalAccess,
    bumpAccess: status?.order.bumpAccess,
    reviewToken: status?.order.reviewToken,
  }
}

/** The page as its JSON shows it (reais), the same fields in the same order as before the cents contract. */
export function orderPageJson({ order: o, ...rest }: OrderPageView): OrderPage {
  return {
    ...rest,
    order: {
      id: o.id,
      storeId: o.storeId,
      orderNumber: o.orderNumber,
      status: o.status,
      productType: o.productType,
      paymentMethod: o.paymentMethod,
      customerName: o.customerName,
      items: o.items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPrice: toReais(i.unitPriceCents),
        total: toReais(i.totalCents),
        imageUrl: i.imageUrl,
      })),
      subtotal: toReais(o.subtotalCents),
      shippingCost: toReais(o.shippingCents),
      couponCode: o.couponCode,
      couponDiscount: toReais(o.couponDiscountCents),
      methodDiscount: toReais(o.methodDiscountCents),
      interest: toReais(o.interestCents),
      shippingMethod: o.shippingMethod,
      estimatedDelivery: o.estimatedDelivery,
      total: toReais(o.totalCents),
      createdAt: o.createdAt,
      paidAt: o.paidAt,
    },
  }
}
