/**
 * An order's price as its e-mails show it: the lines at their list prices, then the coupon, the method's discount,
 * the freight and the interest, in the order the checkout applied them (src/shared/pricing.ts), down to the total
 * the buyer was charged. Pure: the lines always add up to the total, and a test holds them to it.
 */
import { formatCents } from '../../shared/money'
import { bpLabel } from '../../shared/pricing'
import type { OrderSnapshot } from '../ordering'

export interface PriceLine {
  label: string
  /** Signed: a discount is negative. */
  cents: number
  /** 'Grátis' instead of R$ 0,00 (free shipping). */
  free?: boolean
}

export interface OrderLines {
  items: { name: string; quantity: number; totalCents: number }[]
  /** Subtotal, coupon, discount, freight, interest: only the ones the order has. */
  adjustments: PriceLine[]
  totalCents: number
}

type Priced = Pick<
  OrderSnapshot,
  | 'productType'
  | 'paymentMethod'
  | 'installments'
  | 'subtotalCents'
  | 'shippingCents'
  | 'shippingMethod'
  | 'couponCode'
  | 'couponDiscountCents'
  | 'methodDiscountCents'
  | 'methodDiscountBp'
  | 'interestRateBp'
  | 'interestCents'
  | 'installmentCents'
  | 'totalCents'
> & { items: Pick<OrderSnapshot['items'][number], 'name' | 'quantity' | 'listTotalCents' | 'totalCents'>[] }

/** 'Desconto PIX (5%)', as the checkout's summary said it ('Desconto PIX' for an order priced before rates were kept). */
export function methodDiscountLabel(method: OrderSnapshot['paymentMethod'], bp = 0): string {
  const name = method === 'BANK_SLIP' ? 'Desconto boleto' : method === 'PIX' ? 'Desconto PIX' : 'Desconto no pagamento'
  return bp > 0 ? `${name} (${bpLabel(bp)}%)` : name
}

export function orderLines(o: Priced): OrderLines {
  const adjustments: PriceLine[] = []
  const discounted = o.couponDiscountCents > 0 || o.methodDiscountCents > 0
  const physical = o.productType === 'PHYSICAL'
  if (discounted || o.shippingCents > 0 || o.interestCents > 0 || physical)
    adjustments.push({ label: 'Subtotal', cents: o.subtotalCents })
  if (o.couponDiscountCents > 0)
    adjustments.push({
      label: o.couponCode ? `Cupom ${o.couponCode.toUpperCase()}` : 'Cupom',
      cents: -o.couponDiscountCents,
    })
  if (o.methodDiscountCents > 0)
    adjustments.push({ label: methodDiscountLabel(o.paymentMethod, o.methodDiscountBp), cents: -o.methodDiscountCents })
  if (physical || o.shippingCents > 0)
    adjustments.push({
      label: o.shippingMethod ? `Frete (${o.shippingMethod})` : 'Frete',
      cents: o.shippingCents,
      free: o.shippingCents === 0,
    })
  if (o.interestCents > 0) {
    const rate = o.interestRateBp > 0 ? ` · ${bpLabel(o.interestRateBp)}% a.m.` : ''
    const plan =
      o.installments && o.installmentCents ? ` (${o.installments}x de ${formatCents(o.installmentCents)}${rate})` : ''
    adjustments.push({ label: `Juros do parcelamento${plan}`, cents: o.interestCents })
  }
  return {
    items: o.items.map((i) => ({ name: i.name, quantity: i.quantity, totalCents: i.listTotalCents ?? i.totalCents })),
    adjustments,
    totalCents: o.totalCents,
  }
}

/** Whether the lines add up: items = subtotal, subtotal − discounts + freight + interest = total. */
export function linesAddUp(l: OrderLines): boolean {
  const items = l.items.reduce((s, i) => s + i.totalCents, 0)
  const subtotal = l.adjustments.find((a) => a.label === 'Subtotal')?.cents ?? items
  const rest = l.adjustments.filter((a) => a.label !== 'Subtotal').reduce((s, a) => s + a.cents, 0)
  return items === subtotal && subtotal + rest === l.totalCents
}
